import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import { AnsweringEndpoint } from '../../adapters/dialler/answering-endpoint.ts';
import type { Dialler } from '../../adapters/dialler/dialler.ts';
import { SipDialler } from '../../adapters/dialler/sip-dialler.ts';
import { rateLimitedLog, type RemoteAddress } from '../../adapters/dialler/sip/index.ts';
import { DEMO_ANSWERING_NUMBERS, DEMO_DEFAULT_BEHAVIOUR } from '../../demo/answering-numbers.ts';
import { TwilioDialler } from '../../adapters/dialler/twilio/twilio-dialler.ts';
import { twilioCallbacks } from '../../adapters/dialler/twilio/callbacks.ts';
import { badRequest } from '../../lib/errors.ts';
import { fieldOf, readValue } from '../config/config-entries.ts';
import { CampaignRunEngine, type DiallerSource } from './run-engine.ts';

type Log = {
  info(msg: string): void;
  warn(msg: string): void;
  error(obj: unknown, msg?: string): void;
};

/** The campaign side of the process: its run engine, its SIP dialler and answering endpoint. */
export interface CampaignDialling {
  engine: CampaignRunEngine;
  /** The built-in answering endpoint, started on first need (or at start with demo data). */
  answeringEndpoint(): Promise<AnsweringEndpoint>;
  start(): void;
  stop(): Promise<void>;
}

function parseHostPort(text: string): RemoteAddress {
  const at = text.lastIndexOf(':');
  return { address: text.slice(0, at), port: Number(text.slice(at + 1)) };
}

/** Recordings live under DATA_DIR; an in-memory database keeps them in a temporary folder. */
function recordingsDirOf(dataDir: string): string {
  return dataDir.startsWith('memory://')
    ? mkdtempSync(join(tmpdir(), 'callsight-recordings-'))
    : join(dataDir, 'recordings');
}

/**
 * Builds the campaign dialling of the process (issue 17): calls go to DIALLER_SIP_TRUNK, or,
 * without one, to the built-in answering endpoint on loopback; that endpoint starts with the
 * server when demo data is on (ANSWERING_ENDPOINT overrides), so the whole product runs on one
 * machine. Twilio diallers are made per group by `twilioFor` when the group has an account.
 */
export function createCampaignDialling(opts: {
  config: AppConfig;
  db: Db;
  log: Log;
}): CampaignDialling {
  const { config, db, log } = opts;
  let endpoint: Promise<AnsweringEndpoint> | undefined;
  const answeringEndpoint = () => {
    endpoint ??= AnsweringEndpoint.start({
      host: config.DIALLER_SIP_HOST,
      port: config.ANSWERING_ENDPOINT_PORT,
      behaviours: Object.fromEntries(DEMO_ANSWERING_NUMBERS.map((n) => [n.number, n.behaviour])),
      defaultBehaviour: DEMO_DEFAULT_BEHAVIOUR,
      // Refused and dropped datagrams go to the server's log, at most 20 lines a minute.
      log: rateLimitedLog((line) => log.warn(line)),
    }).then((uas) => {
      log.info(
        `Built-in answering endpoint listening on sip:${uas.address.address}:${uas.address.port}`,
      );
      return uas;
    });
    return endpoint;
  };
  let sip: Promise<SipDialler> | undefined;
  const sipDialler = () => {
    sip ??= (async () =>
      SipDialler.create({
        trunk: config.DIALLER_SIP_TRUNK
          ? parseHostPort(config.DIALLER_SIP_TRUNK)
          : (await answeringEndpoint()).address,
        host: config.DIALLER_SIP_HOST,
        ...(config.DIALLER_SIP_USERNAME && config.DIALLER_SIP_PASSWORD
          ? {
              credentials: {
                username: config.DIALLER_SIP_USERNAME,
                password: config.DIALLER_SIP_PASSWORD,
              },
            }
          : {}),
      }))();
    return sip;
  };
  const diallers: DiallerSource = {
    async forGroup(scope) {
      const twilio = await twilioFor(config, scope);
      if (twilio) return { dialler: twilio, release: () => twilio.close() };
      return { dialler: await sipDialler(), release: async () => {} };
    },
  };
  const engine = new CampaignRunEngine({
    db,
    log,
    diallers,
    recordingsDir: recordingsDirOf(config.DATA_DIR),
    maxConcurrentCalls: config.DIALLER_MAX_CONCURRENT_CALLS,
    maxCallsInSetup: config.DIALLER_MAX_CALLS_IN_SETUP,
  });
  return {
    engine,
    answeringEndpoint,
    start() {
      engine.start();
      if (config.ANSWERING_ENDPOINT ?? config.SEED_DEMO) {
        answeringEndpoint().catch((err: unknown) =>
          log.error(err, 'the built-in answering endpoint did not start'),
        );
      }
    },
    async stop() {
      await engine.close();
      await (await sip?.catch(() => undefined))?.close();
      await (await endpoint?.catch(() => undefined))?.close();
    },
  };
}

/**
 * A Twilio dialler for the group's account when its Simulate settings hold a dialler SID and
 * token; null otherwise. Twilio reports calls back to PUBLIC_URL, so without it a run is refused.
 */
async function twilioFor(config: AppConfig, scope: GroupScope): Promise<Dialler | null> {
  const [sid, token] = await Promise.all([
    readValue(scope, fieldOf('SIMULATE_DIALLER_SID')),
    readValue(scope, fieldOf('SIMULATE_DIALLER_TOKEN')),
  ]);
  if (typeof sid !== 'string' || typeof token !== 'string' || !sid.trim() || !token.trim())
    return null;
  if (!config.PUBLIC_URL)
    throw badRequest(
      'Twilio calls back to this server: set PUBLIC_URL to an address Twilio can reach',
    );
  try {
    return new TwilioDialler({
      accountSid: sid.trim(),
      authToken: token.trim(),
      callbackBaseUrl: config.PUBLIC_URL,
      ...(config.TWILIO_API_URL ? { apiBaseUrl: config.TWILIO_API_URL } : {}),
      registry: twilioCallbacks,
    });
  } catch (err) {
    throw badRequest(err instanceof Error ? err.message : String(err), {
      SIMULATE_DIALLER_SID: err instanceof Error ? err.message : String(err),
    });
  }
}
