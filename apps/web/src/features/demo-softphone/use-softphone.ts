import { useCallback, useEffect, useRef, useState } from 'react';
import { createCollector, type Collector, type CollectorStats } from '@callsight/collector';
import { startLoopbackCall, type LoopbackCall } from './loopback-call.ts';

export type CallPhase = 'idle' | 'connecting' | 'in-call' | 'ending';

export interface SoftphoneState {
  phase: CallPhase;
  contactId: string | null;
  startedAtMs: number | null;
  /** Time in call at the last refresh (once a second). */
  elapsedMs: number;
  muted: boolean;
  onHold: boolean;
  stats: CollectorStats | null;
  /** The last delivery or call problem, in words. */
  problem: string | null;
}

const IDLE: SoftphoneState = {
  phase: 'idle',
  contactId: null,
  startedAtMs: null,
  elapsedMs: 0,
  muted: false,
  onHold: false,
  stats: null,
  problem: null,
};

/** Demo calls send every 5 s instead of 10 s, so the explorer shows them sooner. */
const FLUSH_MS = 5_000;

/**
 * The demo softphone's call: a loopback WebRTC call with the collector attached exactly as
 * docs/collector.md tells a softphone to (same origin as the endpoint), with hold, mute and hang-up.
 */
export function useSoftphone() {
  const [state, setState] = useState<SoftphoneState>(IDLE);
  const call = useRef<{ loopback: LoopbackCall | null; collector: Collector } | null>(null);

  // The figures of the collector, refreshed while a call is up (display only).
  useEffect(() => {
    if (state.phase !== 'in-call') return;
    const timer = setInterval(() => {
      const c = call.current?.collector;
      if (c)
        setState((s) => ({
          ...s,
          stats: c.stats(),
          elapsedMs: s.startedAtMs === null ? 0 : Date.now() - s.startedAtMs,
        }));
    }, 1000);
    return () => clearInterval(timer);
  }, [state.phase]);

  // Leaving the page ends the call; the collector keeps its queue in storage.
  useEffect(
    () => () => {
      call.current?.loopback?.close();
      call.current?.collector.dispose();
      call.current = null;
    },
    [],
  );

  const start = useCallback(async (apiKey: string, agent: string) => {
    if (call.current) return;
    const contactId = `demo-${crypto.randomUUID()}`;
    setState({ ...IDLE, phase: 'connecting', contactId });
    const collector = createCollector({
      endpoint: window.location.origin,
      apiKey,
      contactId,
      agent,
      call: { direction: 'OUTBOUND' },
      flushIntervalMs: FLUSH_MS,
      onError: (e) =>
        setState((s) => ({
          ...s,
          problem:
            e.kind === 'retrying' && (e.status === 401 || e.status === 403)
              ? `The API key was refused (HTTP ${e.status}); retrying`
              : e.message,
        })),
    });
    call.current = { loopback: null, collector };
    try {
      const loopback = await startLoopbackCall((pc) => collector.attach(pc));
      if (call.current?.collector !== collector) {
        loopback.close();
        return;
      }
      call.current.loopback = loopback;
      collector.log('INFO', 'Demo softphone call started');
      setState((s) => ({ ...s, phase: 'in-call', startedAtMs: Date.now() }));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      collector.log('ERROR', `Demo softphone call failed: ${message}`);
      void collector.stop({ endedBy: 'SYSTEM', disconnectReason: 'CALL_FAILED' });
      call.current = null;
      setState({ ...IDLE, problem: `The call could not connect: ${message}` });
    }
  }, []);

  const setMuted = useCallback((muted: boolean) => {
    call.current?.loopback?.setMuted(muted);
    call.current?.collector.setMuted(muted);
    setState((s) => ({ ...s, muted }));
  }, []);

  const setOnHold = useCallback((onHold: boolean) => {
    call.current?.loopback?.setOnHold(onHold);
    call.current?.collector.setOnHold(onHold);
    setState((s) => ({ ...s, onHold }));
  }, []);

  const hangUp = useCallback(async () => {
    const current = call.current;
    if (!current) return;
    setState((s) => ({ ...s, phase: 'ending' }));
    current.collector.log('INFO', 'Agent hung up');
    // stop() takes the last sample first, so the peer connection closes after it.
    await current.collector.stop({ endedBy: 'AGENT', disconnectReason: 'AGENT_HUNGUP' });
    current.loopback?.close();
    call.current = null;
    setState((s) => ({ ...IDLE, contactId: s.contactId, stats: current.collector.stats() }));
  }, []);

  return { state, start, setMuted, setOnHold, hangUp };
}
