/**
 * `npm run probe -- --region <name> --server <url> --key <API key>`: a remote probe of synthetic
 * tests (issue 18, docs/decisions.md G6). It runs the queued jobs of its connect region in the
 * API key's group: the server's in-process probe leaves them to it when the region is listed in
 * the server's PROBE_REMOTE_REGIONS. Options: --concurrency (test calls at once, default 2),
 * --sip-host (the address its SIP and RTP sockets bind, default 0.0.0.0), --poll-ms (default
 * 1000), and its network profile: --latency-ms, --jitter-ms, --loss-percent (each defaults to
 * the region's; applied in its RTP sender). Arguments are checked in options.ts.
 */
import { hostname } from 'node:os';
import { SipStack } from '../adapters/dialler/sip/index.ts';
import { loadConfig } from '../config.ts';
import { STT_NOT_INSTALLED_LOG } from '../adapters/stt/index.ts';
import { speechToTextOf } from '../services/synthetic/test-call-runner.ts';
import { PROBE_USAGE, parseProbeArgs } from './options.ts';
import { RemoteProbe } from './remote-probe.ts';

function fail(message: string): never {
  console.error(`${message}\n${PROBE_USAGE}`);
  process.exit(2);
}

async function main() {
  const parsed = parseProbeArgs(process.argv.slice(2));
  if (!parsed.ok) fail(parsed.message);
  const { region, server, key, concurrency, pollMs, sipHost, profile } = parsed.options;
  const probeId = `${hostname()}:${process.pid}`;

  const log = {
    info: (msg: string) => console.log(`${new Date().toISOString()} ${msg}`),
    error: (msg: string) => console.error(`${new Date().toISOString()} ${msg}`),
  };
  const [stack, stt] = await Promise.all([
    SipStack.create({ host: sipHost }),
    speechToTextOf(loadConfig()),
  ]);
  if (stt.notInstalled) log.info(STT_NOT_INSTALLED_LOG);
  const probe = new RemoteProbe({
    region,
    server,
    key,
    probeId,
    concurrency,
    pollMs,
    profile,
    stack,
    stt,
    log,
  });
  log.info(
    `probe ${probeId} serving ${region} for ${server}: ${profile.latencyMs} ms latency, ${profile.jitterMs} ms jitter, ${profile.lossPercent} % loss`,
  );
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
