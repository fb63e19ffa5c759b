// Times sequential GETs from a process of its own, plain JavaScript without loaders, so that
// the benchmark's process (its generated data, its garbage collection, tsx's hooks) adds
// nothing to the timings. Input: one JSON argument { url, headers, runs, warmup }. Output on
// stdout: JSON { ms (in request order), bytes, body (the first answer's text) }. One kept-alive
// connection; the body is read as bytes and decoded once, outside the timing.
import http from 'node:http';

const { url, headers, runs, warmup } = JSON.parse(process.argv[2] ?? '{}');
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET: its status and body bytes. */
function getBytes() {
  return new Promise((resolve, reject) => {
    http
      .get(target, { headers, agent }, (res) => {
        const parts = [];
        res.on('data', (part) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const ms = [];
let bytes = 0;
let body = '';
for (let i = 0; i < warmup + runs; i++) {
  const started = performance.now();
  const res = await getBytes();
  const elapsed = performance.now() - started;
  if (res.status !== 200) {
    process.stderr.write(`GET ${url} answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
    process.exit(1);
  }
  if (i >= warmup) ms.push(elapsed);
  bytes = res.body.length;
  if (i === 0) body = res.body.toString();
}
agent.destroy();
process.stdout.write(JSON.stringify({ ms, bytes, body }));
