import { INGEST_LIMITS } from '@callsight/shared/telemetry/constants';
import { boundEventData, summaryFields } from './call-details.ts';
import { startCpuReader, type CpuReader } from './cpu.ts';
import { browserInfo, candidateAddresses, networkType } from './environment.ts';
import { OutboundQueue, QueueStore } from './queue.ts';
import { Sender } from './sender.ts';
import { deriveSecond } from './stats/derive-second.ts';
import { readStats, type StatsSnapshot } from './stats/read-stats.ts';
import type {
  AgentStatus,
  CallBody,
  CallDetails,
  Collector,
  CollectorError,
  CollectorOptions,
  CollectorStats,
  DeviceEventData,
  EventBody,
  LogBody,
  LogLevel,
  SampleBody,
  StatsProvider,
  StopOptions,
  StorageLike,
} from './types.ts';

/** Defaults of the options (documented in docs/collector.md). */
export const COLLECTOR_DEFAULTS = {
  sampleIntervalMs: 1000,
  flushIntervalMs: 10_000,
  maxBatchSize: 500,
  maxQueuedSamples: 21_600,
  maxQueuedLogs: 5_000,
  maxQueuedEvents: 1_000,
  retryBaseDelayMs: 1000,
  retryMaxDelayMs: 60_000,
  stopTimeoutMs: 10_000,
  /** How often a non-empty queue is written to storage (also the owner's heartbeat). */
  persistIntervalMs: 5_000,
  /** A stored queue not rewritten for this long is adopted by the next collector. */
  orphanAfterMs: 30_000,
} as const;

const CONNECTION_LOG_LEVELS: Record<string, LogLevel> = {
  connected: 'INFO',
  disconnected: 'WARN',
  failed: 'ERROR',
  closed: 'INFO',
};

const toMs = (t: number | Date | undefined, fallback: number) =>
  t === undefined ? fallback : typeof t === 'number' ? Math.round(t) : t.getTime();

function requireText(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`createCollector: ${name} is required`);
  }
  return value.trim();
}

function defaultStorage(): StorageLike | null {
  try {
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage;
    return storage ?? null;
  } catch {
    return null; // Access denied (sandboxed frame, blocked third-party storage).
  }
}

const randomId = () =>
  globalThis.crypto?.randomUUID?.() ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

type WindowLike = Pick<typeof globalThis, 'addEventListener' | 'removeEventListener'>;

/**
 * Starts collecting one call: samples the peer connection's getStats() every second into
 * per-second figures (packets, losses, audio level, RTT, jitter, MOS, CPU, agent status), queues
 * them with the call summary and softphone logs, and delivers them to the ingestion API in
 * batches, retrying until they are stored.
 */
export function createCollector(options: CollectorOptions): Collector {
  const endpoint = requireText('endpoint', options.endpoint);
  const apiKey = requireText('apiKey', options.apiKey);
  const contactId = requireText('contactId', options.contactId);
  const agent = requireText('agent', options.agent);
  const fetchImpl = options.fetch ?? globalThis.fetch?.bind(globalThis);
  if (typeof fetchImpl !== 'function') throw new TypeError('createCollector: no fetch available');

  const opt = { ...COLLECTOR_DEFAULTS, ...definedOnly(options) };
  const onError = (error: CollectorError) => {
    try {
      options.onError?.(error);
    } catch {
      // A throwing handler must not stop collection.
    }
  };
  const instanceId = randomId();
  let started = toMs(options.startTime, Date.now());

  // Checked before anything starts: refused agent groups throw here (see call-details.ts).
  const initial = summaryFields(options.call);

  const queue = new OutboundQueue(
    {
      maxSamples: opt.maxQueuedSamples,
      maxLogs: opt.maxQueuedLogs,
      maxEvents: opt.maxQueuedEvents,
    },
    (what, count) =>
      onError({ kind: 'dropped', message: `Queue full: ${count} oldest ${what} dropped` }),
  );
  const storage = options.storage === false ? null : (options.storage ?? defaultStorage());
  const store = storage ? new QueueStore(storage, instanceId, opt.orphanAfterMs) : null;
  if (store) {
    const orphans = store.adoptOrphans(Date.now());
    // The softphone reloaded mid-call: the call started when the earlier collector said.
    const earlier = orphans.calls.find((c) => c.contactId === contactId);
    if (earlier && options.startTime === undefined) started = Math.min(started, earlier.startTime);
    queue.addContents(orphans);
  }

  let sentSamples = 0;
  let sentLogs = 0;
  let sentEvents = 0;
  const sender = new Sender(queue, {
    endpoint,
    apiKey,
    fetch: fetchImpl,
    maxBatchSize: Math.min(opt.maxBatchSize, INGEST_LIMITS.maxSamplesPerRequest),
    baseDelayMs: opt.retryBaseDelayMs,
    maxDelayMs: opt.retryMaxDelayMs,
    onError,
    onSent: (what, count) => {
      if (what === 'samples') sentSamples += count;
      if (what === 'logs') sentLogs += count;
      if (what === 'events') sentEvents += count;
    },
  });

  const cpu: CpuReader | null = options.cpu === false ? null : startCpuReader();
  const browser = browserInfo(globalThis.navigator);
  const mosOptions = options.codec ? { codec: options.codec } : undefined;

  // The call summary, resent whenever something in it changes (the server replaces it).
  const call: CallBody = {
    contactId,
    agent,
    startTime: started,
    holdIntervals: [],
    ...(browser
      ? {
          browser: browser.version
            ? { name: browser.name, version: browser.version }
            : { name: browser.name },
        }
      : {}),
    ...initial.fields,
  };
  const detected = { ip: false, network: false };
  queue.putCall({ ...call });

  let pc: StatsProvider | null = null;
  let previous: { snapshot: StatsSnapshot; at: number } | null = null;
  let sampling = false;
  let muted = false;
  let onHold = false;
  let logSeq = 0;
  let eventSeq = 0;
  let stopped: Promise<void> | null = null;
  let disposed = false;

  const micDisabled = () =>
    options.detectMute !== false &&
    (pc?.getSenders?.() ?? []).some((s) => s.track?.kind === 'audio' && !s.track.enabled);
  const agentStatus = (): AgentStatus =>
    onHold ? 'On Hold' : muted || micDisabled() ? 'On Mute' : 'Talk';

  function log(level: LogLevel, text: string) {
    if (disposed) return;
    const line: LogBody = {
      id: `${instanceId}-${++logSeq}`,
      time: Date.now(),
      level,
      agent,
      contactId,
      text: text.slice(0, INGEST_LIMITS.logTextMaxLength),
    };
    queue.addLogs([line]);
  }

  if (initial.warning) log('WARN', initial.warning);

  function event(type: string, data?: Record<string, unknown>) {
    if (disposed) return;
    const name = typeof type === 'string' ? type.trim() : '';
    if (!name) throw new TypeError('event: type is required');
    if (name.includes('\u0000')) throw new TypeError('event: type must not contain U+0000');
    const item: EventBody = {
      id: `${instanceId}-e${++eventSeq}`,
      time: Date.now(),
      type: name.slice(0, 100),
      agent,
      contactId,
    };
    if (data !== undefined) {
      const bounded = boundEventData(data);
      if ('error' in bounded) {
        onError({ kind: 'rejected', message: `Event ${item.type} not sent: ${bounded.error}` });
        return;
      }
      item.data = bounded.data;
    }
    queue.addEvents([item]);
  }

  function onConnectionState() {
    const state = pc?.connectionState ?? '';
    const level = CONNECTION_LOG_LEVELS[state];
    if (level && options.logConnectionEvents !== false) {
      log(level, `WebRTC connection ${state}`);
    }
  }

  /** Fills in what the selected ICE candidate tells about the agent's network, once. */
  function learnNetwork(snapshot: StatsSnapshot) {
    let changed = false;
    if (!detected.ip && snapshot.localCandidate.type) {
      detected.ip = true;
      const { local, external } = candidateAddresses(snapshot.localCandidate);
      if (local && !options.call?.agentLocalIPAddress) {
        call.agentLocalIPAddress = local;
        changed = true;
      }
      if (external && !options.call?.agentExternalIPAddress) {
        call.agentExternalIPAddress = external;
        changed = true;
      }
    }
    if (!detected.network && !options.call?.networkType) {
      const type = networkType(globalThis.navigator, snapshot.localCandidate.networkType);
      if (type) {
        detected.network = true;
        call.networkType = type;
        changed = true;
      }
    }
    if (changed) queue.putCall({ ...call, holdIntervals: [...call.holdIntervals] });
  }

  async function tick() {
    if (!pc || sampling || disposed) return;
    sampling = true;
    const source = pc;
    try {
      const report = await source.getStats();
      const at = Date.now();
      const snapshot = readStats(report);
      if (source !== pc) return;
      const before = previous;
      previous = { snapshot, at };
      learnNetwork(snapshot);
      if (!before) return;
      const second = deriveSecond(before.snapshot, snapshot, at - before.at, mosOptions);
      if (!second.inbound && !second.outbound) return; // No media flowing yet.
      const sample: SampleBody = { contactId, timestamp: at, agentStatus: agentStatus() };
      if (second.inbound) sample.inbound = second.inbound;
      if (second.outbound) sample.outbound = second.outbound;
      if (second.rttMs !== null) sample.rttMs = second.rttMs;
      if (second.jitterMs !== null) sample.jitterMs = second.jitterMs;
      const cpuAvailable = cpu?.availablePercent() ?? null;
      if (cpuAvailable !== null) sample.cpuAvailablePercent = cpuAvailable;
      queue.addSamples([sample]);
      if (queue.samples.length >= opt.maxBatchSize && !sender.waiting) void sender.flush();
    } catch (err) {
      onError({
        kind: 'stats',
        message: `getStats failed: ${err instanceof Error ? err.message : String(err)}`,
      });
    } finally {
      sampling = false;
    }
  }

  function detach() {
    pc?.removeEventListener?.('connectionstatechange', onConnectionState);
    pc = null;
    previous = null;
  }

  function attach(next: StatsProvider) {
    if (disposed || stopped) return;
    if (next === pc) return;
    detach();
    pc = next;
    pc.addEventListener?.('connectionstatechange', onConnectionState);
    void tick();
  }

  // Timers and browser events.
  let savedVersion = -1;
  const persist = () => {
    if (!store) return;
    if (queue.size === 0 && savedVersion === queue.version) return;
    if (store.save(queue.contents(), Date.now())) savedVersion = queue.version;
  };
  // The page or the collector goes away: leave the queue to the next collector at once.
  const release = () => {
    store?.save(queue.contents(), 0);
  };
  const sampleTimer = setInterval(() => void tick(), opt.sampleIntervalMs);
  let sampleTimerRunning = true;
  const flushTimer = setInterval(() => {
    if (!sender.waiting) void sender.flush().then(finishIfDone);
  }, opt.flushIntervalMs);
  const persistTimer = setInterval(persist, opt.persistIntervalMs);
  const win = (typeof window === 'undefined' ? null : window) as WindowLike | null;
  const onOnline = () => sender.retryNow();
  const onOffline = () => persist();
  const onPageHide = () => release();
  win?.addEventListener('online', onOnline);
  win?.addEventListener('offline', onOffline);
  win?.addEventListener('pagehide', onPageHide);

  function teardown() {
    if (disposed) return;
    disposed = true;
    if (sampleTimerRunning) clearInterval(sampleTimer);
    clearInterval(flushTimer);
    clearInterval(persistTimer);
    win?.removeEventListener('online', onOnline);
    win?.removeEventListener('offline', onOffline);
    win?.removeEventListener('pagehide', onPageHide);
    cpu?.stop();
    detach();
    sender.dispose();
  }

  /** After stop: once everything is delivered, release timers, listeners and storage. */
  function finishIfDone() {
    if (stopped && queue.size === 0 && !disposed) {
      teardown();
      store?.clear();
    }
  }

  function closeHold(at: number) {
    const open = call.holdIntervals.at(-1);
    if (open && open.end === undefined) open.end = at;
  }

  async function deliver(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (queue.size > 0 && Date.now() < deadline && !disposed) {
      const state = await sender.flush();
      if (state === 'drained') continue;
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, deadline - Date.now())));
    }
  }

  async function stop(stopOptions: StopOptions = {}) {
    await tick();
    clearInterval(sampleTimer);
    sampleTimerRunning = false;
    const end = toMs(stopOptions.endTime, Date.now());
    closeHold(end);
    call.endTime = Math.max(end, call.startTime);
    if (stopOptions.endedBy) call.endedBy = stopOptions.endedBy;
    if (stopOptions.disconnectReason) call.disconnectReason = stopOptions.disconnectReason;
    if (stopOptions.sipResponseCode !== undefined)
      call.sipResponseCode = stopOptions.sipResponseCode;
    queue.putCall({ ...call, holdIntervals: call.holdIntervals.map((h) => ({ ...h })) });
    detach();
    persist();
    await deliver(stopOptions.timeoutMs ?? opt.stopTimeoutMs);
    persist();
    finishIfDone();
  }

  if (options.peerConnection) attach(options.peerConnection);

  return {
    contactId,
    get agentStatus() {
      return agentStatus();
    },
    attach,
    setMuted(value: boolean) {
      muted = value;
    },
    setOnHold(value: boolean) {
      if (value === onHold || stopped) return;
      onHold = value;
      const now = Date.now();
      if (value) call.holdIntervals.push({ start: now });
      else closeHold(now);
      queue.putCall({ ...call, holdIntervals: call.holdIntervals.map((h) => ({ ...h })) });
    },
    setCallDetails(details: CallDetails) {
      const { fields, warning } = summaryFields(details);
      Object.assign(call, fields);
      if (warning) log('WARN', warning);
      if (!stopped)
        queue.putCall({ ...call, holdIntervals: call.holdIntervals.map((h) => ({ ...h })) });
    },
    log,
    event,
    device(device: DeviceEventData, type = 'device') {
      event(type, device);
    },
    async flush() {
      await sender.flush();
    },
    stop(stopOptions?: StopOptions) {
      stopped ??= stop(stopOptions);
      return stopped;
    },
    dispose() {
      if (!disposed) release();
      teardown();
    },
    stats(): CollectorStats {
      return {
        queuedSamples: queue.samples.length,
        queuedLogs: queue.logs.length,
        queuedEvents: queue.events.length,
        queuedCalls: queue.calls.size,
        sentSamples,
        sentLogs,
        sentEvents,
        droppedSamples: queue.droppedSamples,
        droppedLogs: queue.droppedLogs,
        droppedEvents: queue.droppedEvents,
        rejectedItems: sender.rejectedItems,
        failedAttempts: sender.failedAttempts,
      };
    },
  };
}

/** The options that were given a value (so that `undefined` does not override a default). */
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
