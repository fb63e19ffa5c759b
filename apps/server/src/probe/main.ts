/**
 * `npm run probe -- --region <name> --server <url> --key <API key>`: a remote probe of synthetic
 * tests (issue 18, docs/decisions.md G6). It runs the queued jobs of its connect region in the
 * API key's group: the server's in-process probe leaves them to it when the region is listed in
 * the server's PROBE_REMOTE_REGIONS. Options: --concurrency (test calls at once, default 2),
 * --sip-host (the address its SIP and RTP sockets bind, default 0.0.0.0), --poll-ms (default 1000).
 */
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { ProbeClaimBodySchema } from '@callsight/shared';
import { SipStack } from '../adapters/dialler/sip/index.ts';
import { loadConfig } from '../config.ts';
import { speechToTextOf } from '../services/synthetic/test-call-runner.ts';
import { RemoteProbe } from './remote-probe.ts';

const USAGE =
  'Usage: npm run probe -- --region <connect region> --server <url> --key <API key> [--concurrency 2] [--sip-host 0.0.0.0] [--poll-ms 1000]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

async function main() {
  const { values } = parseArgs({
    options: {
      region: { type: 'string' },
      server: { type: 'string' },
      key: { type: 'string' },
      concurrency: { type: 'string', default: '2' },
      'sip-host': { type: 'string', default: '0.0.0.0' },
      'poll-ms': { type: 'string', default: '1000' },
    },
  });
  const probeId = `${hostname()}:${process.pid}`;
  const claim = ProbeClaimBodySchema.safeParse({ region: values.region, probeId });
  if (!claim.success) fail(claim.error.issues.map((i) => i.message).join('; '));
  if (!values.server || !URL.canParse(values.server)) fail('--server must be a URL');
  if (!values.key) fail('--key is required');
  const concurrency = Number(values.concurrency);
  const pollMs = Number(values['poll-ms']);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 50)
    fail('--concurrency must be a whole number from 1 to 50');
  if (!Number.isFinite(pollMs) || pollMs < 100) fail('--poll-ms must be at least 100');

  const log = {
    info: (msg: string) => console.log(`${new Date().toISOString()} ${msg}`),
    error: (msg: string) => console.error(`${new Date().toISOString()} ${msg}`),
  };
  const [stack, stt] = await Promise.all([
    SipStack.create({ host: values['sip-host'] }),
    speechToTextOf(loadConfig()),
  ]);
  const probe = new RemoteProbe({
    region: claim.data.region,
    server: values.server,
    key: values.key,
    probeId,
    concurrency,
    pollMs,
    stack,
    stt,
    log,
  });
  log.info(`probe ${probeId} serving ${claim.data.region} for ${values.server}`);
  probe.start();
  const shutdown = async () => {
    log.info('stopping: finishing the calls in progress');
    await probe.stop();
    await stack.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
