import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboundQueue, QueueStore } from '../src/queue.ts';
import { Sender } from '../src/sender.ts';
import { parseRetryAfter } from '../src/transport.ts';
import type { CollectorError, SampleBody } from '../src/types.ts';
import { IngestServer } from './support/ingest-server.ts';

const T0 = Date.UTC(2025, 5, 2, 9, 0, 0);
const sample = (i: number, contactId = 'c-1'): SampleBody => ({
  contactId,
  timestamp: T0 + i * 1000,
  inbound: { packetsCount: 50, packetsLost: 0, mos: 4.4 },
  rttMs: 20,
  jitterMs: 3,
  agentStatus: 'Talk',
});
const samples = (n: number, from = 0) => Array.from({ length: n }, (_, i) => sample(from + i));

let server: IngestServer;
let errors: CollectorError[];
beforeEach(async () => {
  server = new IngestServer();
  await server.start();
  errors = [];
});
afterEach(() => server.stop());

function sender(
  queue: OutboundQueue,
  overrides: Partial<ConstructorParameters<typeof Sender>[1]> = {},
) {
  return new Sender(queue, {
    endpoint: `${server.url}/`,
    apiKey: 'cs_test_key',
    fetch: globalThis.fetch,
    maxBatchSize: 100,
    baseDelayMs: 20,
    maxDelayMs: 200,
    onError: (e) => errors.push(e),
    ...overrides,
  });
}
const newQueue = (maxSamples = 10_000) => new OutboundQueue({ maxSamples, maxLogs: 1000 });

describe('Sender against a local HTTP server', () => {
  it('sends summaries, logs and samples in batches with the API key as Bearer', async () => {
    const queue = newQueue();
    queue.putCall({ contactId: 'c-1', agent: 'ana', startTime: T0, holdIntervals: [] });
    queue.addLogs([
      { id: 'l-1', time: T0, level: 'INFO', agent: 'ana', contactId: 'c-1', text: 'hi' },
    ]);
    queue.addSamples(samples(250));
    expect(await sender(queue).flush()).toBe('drained');

    expect(
      server.requests.map((r) => [r.path, r.body[r.path.split('/').at(-1) ?? '']?.length]),
    ).toEqual([
      ['/api/ingest/v1/calls', 1],
      ['/api/ingest/v1/logs', 1],
      ['/api/ingest/v1/samples', 100],
      ['/api/ingest/v1/samples', 100],
      ['/api/ingest/v1/samples', 50],
    ]);
    expect(server.requests.every((r) => r.authorization === 'Bearer cs_test_key')).toBe(true);
    expect(server.samples.size).toBe(250);
    expect(server.calls.get('c-1')?.agent).toBe('ana');
    expect(queue.size).toBe(0);
  });

  it('keeps a batch through server errors and retries until it is stored, once', async () => {
    const queue = newQueue();
    queue.addSamples(samples(30));
    server.script.push({ status: 503 }, { status: 502 }, { status: 500 });
    const s = sender(queue);
    expect(await s.flush()).toBe('waiting');
    expect(queue.samples).toHaveLength(30);
    await server.until(() => server.samples.size === 30);
    await server.until(() => queue.size === 0);
    expect(errors.filter((e) => e.kind === 'retrying').map((e) => e.status)).toEqual([
      503, 502, 500,
    ]);
    expect(s.failedAttempts).toBe(0);
  });

  it('backs off exponentially with jitter, up to the maximum delay', () => {
    const fixed = sender(newQueue(), { random: () => 0, baseDelayMs: 1000, maxDelayMs: 60_000 });
    expect([1, 2, 3, 4, 10].map((n) => fixed.backoffMs(n))).toEqual([
      500, 1000, 2000, 4000, 30_000,
    ]);
    const top = sender(newQueue(), { random: () => 1, baseDelayMs: 1000, maxDelayMs: 60_000 });
    expect([1, 2, 7, 20].map((n) => top.backoffMs(n))).toEqual([1000, 2000, 60_000, 60_000]);
  });

  it("honours 429's Retry-After before sending again", async () => {
    const queue = newQueue();
    queue.addSamples(samples(5));
    server.script.push({
      status: 429,
      headers: { 'retry-after': '1' },
      body: { error: { code: 'too_many_requests', message: 'Ingestion is busy; retry shortly' } },
    });
    void sender(queue).flush();
    await server.until(() => server.samples.size === 5);
    expect(errors[0]).toMatchObject({
      kind: 'retrying',
      status: 429,
      retryInMs: 1000,
      message: 'Ingestion is busy; retry shortly',
    });
  });

  it('splits a batch the server finds too large (413)', async () => {
    const queue = newQueue();
    queue.addSamples(samples(100));
    server.script.push({
      status: 413,
      body: { error: { code: 'too_large', message: 'Too large' } },
    });
    expect(await sender(queue).flush()).toBe('drained');
    expect(server.samples.size).toBe(100);
    expect(
      server.requests.filter((r) => r.status === 200).map((r) => r.body.samples?.length),
    ).toEqual([50, 50]);
  });

  it('drops malformed items the server refuses, keeps the valid rest, and says so', async () => {
    const queue = newQueue();
    queue.addSamples([...samples(3), { ...sample(9), rttMs: -5 }]);
    expect(await sender(queue).flush()).toBe('drained');
    expect(server.samples.size).toBe(3);
    expect(errors).toEqual([
      expect.objectContaining({
        kind: 'rejected',
        status: 207,
        message: expect.stringContaining('rttMs'),
      }),
    ]);
  });

  it('survives the server being unreachable and delivers everything when the browser is back online', async () => {
    const queue = newQueue();
    const s = sender(queue, { baseDelayMs: 60_000, maxDelayMs: 60_000 });
    await server.stop();
    queue.addSamples(samples(40));
    expect(await s.flush()).toBe('waiting');
    queue.addSamples(samples(40, 40)); // the call goes on while offline
    expect(errors.at(-1)).toMatchObject({
      kind: 'retrying',
      message: expect.stringContaining('Network error'),
    });
    expect(queue.samples).toHaveLength(80);

    await server.start(); // same port
    window.addEventListener('online', () => s.retryNow(), { once: true });
    window.dispatchEvent(new Event('online'));
    await server.until(() => server.samples.size === 80);
    await server.until(() => queue.size === 0); // acknowledged once the answer is read
    s.dispose();
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    const now = Date.UTC(2025, 0, 1, 0, 0, 0);
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('OutboundQueue', () => {
  it('drops the oldest samples past its cap and counts them', () => {
    const dropped: number[] = [];
    const queue = new OutboundQueue({ maxSamples: 100, maxLogs: 10 }, (_what, n) =>
      dropped.push(n),
    );
    queue.addSamples(samples(90));
    queue.addSamples(samples(30, 90));
    expect(queue.samples).toHaveLength(100);
    expect(queue.samples[0]?.timestamp).toBe(T0 + 20_000);
    expect(queue.droppedSamples).toBe(20);
    expect(dropped).toEqual([20]);
  });

  it('acknowledges exactly the items that were sent, whatever arrived meanwhile', () => {
    const queue = newQueue();
    queue.addSamples(samples(10));
    const inFlight = queue.samples.slice(0, 5);
    queue.addSamples(samples(3, 10));
    queue.acknowledgeSamples(inFlight);
    expect(queue.samples.map((s) => (s.timestamp - T0) / 1000)).toEqual([
      5, 6, 7, 8, 9, 10, 11, 12,
    ]);
  });

  it('keeps the newer summary of a call when an older one is acknowledged', () => {
    const queue = newQueue();
    const first = { contactId: 'c-1', agent: 'ana', startTime: T0, holdIntervals: [] };
    queue.putCall(first);
    const final = { ...first, endTime: T0 + 60_000 };
    queue.putCall(final);
    queue.acknowledgeCalls([first]);
    expect([...queue.calls.values()]).toEqual([final]);
  });

  it('sends telemetry events after logs and before samples, and keeps them across a reload', async () => {
    const store = new Map<string, string>();
    const storage = {
      get length() {
        return store.size;
      },
      key: (i: number) => [...store.keys()][i] ?? null,
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const event = {
      id: 'e-1',
      time: T0,
      type: 'device',
      agent: 'ana',
      contactId: 'c-1',
      data: { vendor: 'Jabra', model: 'Evolve2 40', firmware: '1.2' },
    };
    const before = newQueue();
    before.addEvents([event]);
    new QueueStore(storage, 'gone', 1000).save(before.contents(), T0);
    // A queue stored by an older collector has no events: it is adopted all the same.
    storage.setItem(
      'callsight.collector.v1.older',
      JSON.stringify({ savedAt: T0, samples: [sample(0)], logs: [], calls: [] }),
    );

    const queue = newQueue();
    queue.addContents(new QueueStore(storage, 'next', 1000).adoptOrphans(T0 + 5000));
    queue.addLogs([{ id: 'l-1', time: T0, level: 'INFO', agent: 'ana', text: 'hi' }]);
    expect(queue.events).toEqual([event]);
    expect(await sender(queue).flush()).toBe('drained');
    expect(server.requests.map((r) => r.path)).toEqual([
      '/api/ingest/v1/logs',
      '/api/ingest/v1/events',
      '/api/ingest/v1/samples',
    ]);
    expect([...server.events.values()]).toEqual([event]);
    expect(queue.size).toBe(0);
  });

  it('drops the oldest events past their cap', () => {
    const queue = new OutboundQueue({ maxSamples: 10, maxLogs: 10, maxEvents: 2 });
    const ev = (i: number) => ({ id: `e-${i}`, time: T0 + i, type: 'device', agent: 'ana' });
    queue.addEvents([ev(1), ev(2), ev(3)]);
    expect(queue.events.map((e) => e.id)).toEqual(['e-2', 'e-3']);
    expect(queue.droppedEvents).toBe(1);
  });
});
