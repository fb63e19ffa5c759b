import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../config.ts';
import { ContactCentre } from '../../adapters/dialler/contact-centre.ts';
import { SipStack, rateLimitedLog } from '../../adapters/dialler/sip/index.ts';
import { createSpeechToText } from '../../adapters/stt/index.ts';
import type { SpeechToText } from '../../adapters/stt/stt-adapter.ts';
import { regionNetworkProfile } from './network-profile.ts';
import type { ClaimedJob, JobSettings, RunJob } from './probe-pool.ts';
import { runTestCall, type TestCallPlan } from './test-call.ts';

type Log = { info(msg: string): void; warn(msg: string): void };

/** A claimed job and its group's settings as the plan of one test call. */
export function planOf(
  job: Pick<
    ClaimedJob,
    | 'id'
    | 'kind'
    | 'fromNumber'
    | 'toNumber'
    | 'agentType'
    | 'agentId'
    | 'connectRegion'
    | 'agentRegion'
  >,
  settings: JobSettings,
  recordingsDir: string,
): TestCallPlan {
  return {
    jobId: job.id,
    kind: job.kind === 'monitor' ? 'monitor' : 'heartbeat',
    fromNumber: job.fromNumber ?? '',
    toNumber: job.toNumber ?? '',
    agentType: job.agentType === 'HUMAN_AGENT' ? 'HUMAN_AGENT' : 'VIRTUAL_AGENT',
    agentId: job.agentId ?? '',
    connectRegion: job.connectRegion,
    agentRegion: job.agentRegion,
    callDurationMs: settings.callDurationMs,
    noAnswerTimeoutMs: settings.noAnswerTimeoutMs,
    poorQualityMos: settings.poorQualityMos,
    recordingsDir: join(recordingsDir, job.id),
  };
}

export const speechToTextOf = (config: AppConfig): Promise<SpeechToText> =>
  createSpeechToText({
    engine: config.STT_ENGINE,
    pocketsphinx: {
      ...(config.POCKETSPHINX_BINARY ? { binaryPath: config.POCKETSPHINX_BINARY } : {}),
      ...(config.POCKETSPHINX_MODEL_DIR ? { modelDir: config.POCKETSPHINX_MODEL_DIR } : {}),
    },
  });

/** Synthetic recordings live under DATA_DIR; an in-memory database keeps them in a temporary folder. */
export function syntheticRecordingsDir(dataDir: string): string {
  return dataDir.startsWith('memory://')
    ? mkdtempSync(join(tmpdir(), 'callsight-synthetic-'))
    : join(dataDir, 'synthetic');
}

export interface InProcessProbe {
  run: RunJob;
  /** The speech-to-text engine its calls are transcribed with (resolved once). */
  speechToText(): Promise<SpeechToText>;
  /** The contact-centre simulator remote probes call (started on first need). */
  contactCentre(): Promise<ContactCentre>;
  recordingsDir: string;
  close(): Promise<void>;
}

/**
 * The in-process probe's test calls (issue 18): one contact-centre simulator and one SIP stack
 * for the process, started on the first job; the region's network profile on the probe's RTP.
 */
export function createInProcessProbe(config: AppConfig, log: Log): InProcessProbe {
  const recordingsDir = syntheticRecordingsDir(config.DATA_DIR);
  // Refused and dropped datagrams go to the server's log, at most 20 lines a minute.
  const sipLog = rateLimitedLog((line) => log.warn(line));
  let centre: Promise<ContactCentre> | undefined;
  const contactCentre = () => {
    centre ??= ContactCentre.start({
      host: config.DIALLER_SIP_HOST,
      port: config.CONTACT_CENTRE_PORT,
      log: sipLog,
    }).then((cc) => {
      log.info(
        `Contact-centre simulator listening on sip:${cc.address.address}:${cc.address.port}`,
      );
      return cc;
    });
    return centre;
  };
  let stt: Promise<SpeechToText> | undefined;
  const speechToText = () => (stt ??= speechToTextOf(config));
  let probe: Promise<{ stack: SipStack; stt: SpeechToText }> | undefined;
  const probeParts = () => {
    probe ??= Promise.all([
      SipStack.create({ host: config.DIALLER_SIP_HOST, log: sipLog }),
      speechToText(),
    ]).then(([stack, engine]) => ({ stack, stt: engine }));
    return probe;
  };
  return {
    recordingsDir,
    contactCentre,
    speechToText,
    async run(job, settings) {
      const [cc, parts] = await Promise.all([contactCentre(), probeParts()]);
      return runTestCall(planOf(job, settings, recordingsDir), {
        dialler: { stack: parts.stack },
        contactCentre: cc,
        profiles: regionNetworkProfile,
        stt: parts.stt,
      });
    },
    async close() {
      await (await probe?.catch(() => undefined))?.stack.close();
      await (await centre?.catch(() => undefined))?.close();
    },
  };
}
