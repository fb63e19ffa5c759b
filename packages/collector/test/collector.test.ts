import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createCollector,
  type CollectorError,
  type StatsEntry,
  type StatsProvider,
} from '../src/index.ts';
import recorded from './fixtures/chromium-local-call.json';
import { IngestServer } from './support/ingest-server.ts';

const reports = (recorded as { reports: StatsEntry[][] }).reports;

/** A peer connection that answers getStats() with the recorded Chromium reports, in turn. */
function replayedPeerConnection(): StatsProvider & { calls: number } {
  const pc = {
    calls: 0,
    getStats: async () => {
      const report = reports[Math.min(pc.calls, reports.length - 1)] ?? [];
      pc.calls++;
      return report;
    },
  };
  return pc;
}

let server: IngestServer;
let errors: CollectorError[];
beforeEach(async () => {
  server = new IngestServer();
  await server.start();
  errors = [];
  localStorage.clear();
});
afterEach(() => server.stop());

const baseOptions = () => ({
  endpoint: server.url,
  apiKey: 'cs_test_key',
  agent: 'ana.lopez',
  sampleIntervalMs: 25,
  flushIntervalMs: 50,
  retryBaseDelayMs: 20,
  retryMaxDelayMs: 100,
  cpu: false,
  onError: (e: CollectorError) => errors.push(e),
});

const samplesOf = (contactId: string) =>
  [...server.samples.values()]
    .filter((s) => s.contactId === contactId)
    .sort((a, b) => a.timestamp - b.timestamp);

describe('createCollector', () => {
  it('collects a call: per-second samples with MOS and status, logs, and the summary at stop', async () => {
    const pc = replayedPeerConnection();
    const collector = createCollector({
      ...baseOptions(),
      contactId: 'call-1',
      peerConnection: pc,
      call: { direction: 'INBOUND' },
    });
    await server.until(() => samplesOf('call-1').length >= 3);
    collector.setOnHold(true);
    const heldFrom = pc.calls;
    await server.until(() => pc.calls >= heldFrom + 3);
    collector.setOnHold(false);
    collector.setMuted(true);
    const mutedFrom = pc.calls;
    await server.until(() => pc.calls >= mutedFrom + 3);
    collector.setMuted(false);
    collector.log('WARN', 'Microphone changed');
    await collector.stop({ endedBy: 'AGENT', disconnectReason: 'AGENT_HUNGUP' });

    const seconds = samplesOf('call-1');
    const statuses = new Set(seconds.map((s) => s.agentStatus));
    expect(statuses).toEqual(new Set(['Talk', 'On Hold', 'On Mute']));
    // The recorded clean call: ~50 packets a second each way, rated near the top of the scale.
    const withAudio = seconds.filter((s) => (s.inbound?.packetsCount ?? 0) > 0);
    expect(withAudio.length).toBeGreaterThanOrEqual(3);
    for (const s of withAudio) {
      expect(s.inbound?.packetsCount).toBeGreaterThanOrEqual(45);
      expect(s.inbound?.mos).toBeGreaterThan(4.3);
      expect(s.rttMs).toBeLessThan(20);
    }

    const call = server.calls.get('call-1');
    expect(call).toMatchObject({
      agent: 'ana.lopez',
      direction: 'INBOUND',
      endedBy: 'AGENT',
      disconnectReason: 'AGENT_HUNGUP',
      agentLocalIPAddress: expect.any(String),
    });
    expect(call?.endTime).toBeGreaterThanOrEqual(call?.startTime ?? Infinity);
    expect(call?.holdIntervals).toHaveLength(1);
    expect(call?.holdIntervals?.[0]?.end).toBeGreaterThan(
      call?.holdIntervals?.[0]?.start ?? Infinity,
    );
    expect([...server.logs.values()]).toEqual([
      expect.objectContaining({
        level: 'WARN',
        agent: 'ana.lopez',
        contactId: 'call-1',
        text: 'Microphone changed',
      }),
    ]);
    expect(collector.stats()).toMatchObject({
      queuedSamples: 0,
      queuedCalls: 0,
      droppedSamples: 0,
    });
    expect(errors).toEqual([]);
    // Delivered: nothing is left in storage.
    expect(Object.keys(localStorage).filter((k) => k.startsWith('callsight.collector'))).toEqual(
      [],
    );
  });

  it('counts a disabled microphone track as On Mute without being told', async () => {
    const track = { kind: 'audio', enabled: false };
    const pc = { ...replayedPeerConnection(), getSenders: () => [{ track }] };
    const collector = createCollector({
      ...baseOptions(),
      contactId: 'call-mute',
      peerConnection: pc,
    });
    await server.until(() => samplesOf('call-mute').length >= 2);
    await collector.stop();
    expect(samplesOf('call-mute').every((s) => s.agentStatus === 'On Mute')).toBe(true);
  });

  it('keeps collecting while the server is unreachable and delivers every second once it is back online', async () => {
    await server.stop();
    const pc = replayedPeerConnection();
    const collector = createCollector({
      ...baseOptions(),
      retryBaseDelayMs: 60_000, // only the browser's online event brings it back in this test
      retryMaxDelayMs: 60_000,
      contactId: 'call-offline',
      peerConnection: pc,
    });
    await server.until(() => collector.stats().queuedSamples >= 8);
    expect(errors.some((e) => e.kind === 'retrying')).toBe(true);

    await server.start();
    window.dispatchEvent(new Event('online'));
    await collector.stop({ timeoutMs: 5000 });
    const queuedAtStop = collector.stats();
    expect(queuedAtStop).toMatchObject({ queuedSamples: 0, queuedCalls: 0, droppedSamples: 0 });
    expect(samplesOf('call-offline').length).toBe(queuedAtStop.sentSamples);
    expect(queuedAtStop.sentSamples).toBeGreaterThanOrEqual(8);
    expect(server.calls.get('call-offline')?.endTime).toBeDefined();
  });

  it('leaves undelivered items in localStorage for the next collector on the page', async () => {
    await server.stop();
    const first = createCollector({
      ...baseOptions(),
      contactId: 'call-a',
      peerConnection: replayedPeerConnection(),
    });
    await server.until(() => first.stats().queuedSamples >= 4);
    first.dispose(); // the tab is closed or the softphone reloads before delivery
    const pending = first.stats().queuedSamples;
    expect(Object.keys(localStorage).some((k) => k.startsWith('callsight.collector.v1.'))).toBe(
      true,
    );

    await server.start();
    const second = createCollector({
      ...baseOptions(),
      contactId: 'call-b',
      peerConnection: replayedPeerConnection(),
    });
    await server.until(() => samplesOf('call-a').length === pending);
    await second.stop();
    expect(server.calls.get('call-a')?.agent).toBe('ana.lopez');
    expect(samplesOf('call-b').length).toBeGreaterThan(0);
  });

  it('keeps the call start across a softphone reload in the middle of the call', async () => {
    await server.stop();
    const startTime = Date.now() - 60_000;
    const before = createCollector({ ...baseOptions(), contactId: 'call-r', startTime });
    before.dispose(); // the page reloads
    await server.start();
    const after = createCollector({
      ...baseOptions(),
      contactId: 'call-r',
      peerConnection: replayedPeerConnection(),
    });
    await after.stop();
    expect(server.calls.get('call-r')?.startTime).toBe(startTime);
  });

  it('drops only past its documented cap, oldest first, and reports it', async () => {
    await server.stop();
    const collector = createCollector({
      ...baseOptions(),
      storage: false,
      maxQueuedSamples: 3,
      contactId: 'call-cap',
      peerConnection: replayedPeerConnection(),
    });
    await server.until(() => collector.stats().droppedSamples >= 2);
    expect(collector.stats().queuedSamples).toBe(3);
    expect(errors.some((e) => e.kind === 'dropped')).toBe(true);
    collector.dispose();
  });

  it('refuses to start without its required options', () => {
    expect(() => createCollector({ ...baseOptions(), contactId: ' ' })).toThrow(
      'contactId is required',
    );
  });
});
