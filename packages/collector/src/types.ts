import type { AgentStatus, CallDirection, LogLevel } from '@callsight/shared/telemetry/constants';
import type { CodecImpairment } from '@callsight/shared/telemetry/mos';
import type { DirectionSecond } from './stats/derive-second.ts';
import type { StatsSource } from './stats/read-stats.ts';

export type { AgentStatus, CallDirection, LogLevel };

/** One second of a call as POST /api/ingest/v1/samples takes it. */
export interface SampleBody {
  contactId: string;
  /** Epoch milliseconds. */
  timestamp: number;
  inbound?: DirectionSecond;
  outbound?: DirectionSecond;
  rttMs?: number;
  jitterMs?: number;
  cpuAvailablePercent?: number;
  agentStatus: AgentStatus;
}

/** A hold period (epoch ms); `end` is absent while on hold. */
export interface HoldInterval {
  start: number;
  end?: number;
}

/** A call summary as POST /api/ingest/v1/calls takes it (sending it again replaces it). */
export interface CallBody {
  contactId: string;
  agent: string;
  direction?: CallDirection;
  startTime: number;
  endTime?: number;
  endedBy?: string;
  disconnectReason?: string;
  agentISP?: string;
  agentLocalIPAddress?: string;
  agentExternalIPAddress?: string;
  browser?: { name: string; version?: string };
  agentCountry?: string;
  agentRegion?: string;
  networkType?: string;
  holdIntervals: HoldInterval[];
  sipResponseCode?: number;
}

/** A softphone log line as POST /api/ingest/v1/logs takes it; `id` makes a resend idempotent. */
export interface LogBody {
  id: string;
  time: number;
  level: LogLevel;
  agent: string;
  contactId?: string;
  text: string;
}

/** Anything with getStats(): an RTCPeerConnection, or an object wrapping one. */
export interface StatsProvider {
  getStats(): Promise<StatsSource>;
  getSenders?(): readonly { track: { kind: string; enabled: boolean } | null }[];
  addEventListener?(type: 'connectionstatechange', listener: () => void): void;
  removeEventListener?(type: 'connectionstatechange', listener: () => void): void;
  connectionState?: string;
}

/** The subset of the Web Storage API the collector uses (localStorage by default). */
export interface StorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Something went wrong while delivering; the collector keeps going (see `kind`). */
export interface CollectorError {
  /**
   * retrying: a batch will be sent again (network down, 5xx, 401/403, 429 ...);
   * rejected: the server refused items as malformed (they are not resent);
   * dropped: the queue was full and the oldest items were discarded;
   * stats: getStats() failed for one tick.
   */
  kind: 'retrying' | 'rejected' | 'dropped' | 'stats';
  message: string;
  status?: number;
  /** For retrying: when the next attempt is due, in ms from now. */
  retryInMs?: number;
}

/** Summary fields the host knows better than the collector (all optional). */
export type CallDetails = Partial<
  Pick<
    CallBody,
    | 'direction'
    | 'agentISP'
    | 'agentLocalIPAddress'
    | 'agentExternalIPAddress'
    | 'agentCountry'
    | 'agentRegion'
    | 'networkType'
    | 'browser'
    | 'sipResponseCode'
  >
>;

export interface CollectorOptions {
  /** Base URL of the Callsight server, e.g. "https://callsight.example.com". */
  endpoint: string;
  /** A group API key (Settings → API Management), sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** The call's id in the contact centre (Amazon Connect contact id, SIP Call-ID ...). */
  contactId: string;
  /** The agent's user name. */
  agent: string;
  /** The softphone's peer connection; may also be given later with `attach()`. */
  peerConnection?: StatsProvider | null;
  /** Call start (epoch ms or Date); now by default. */
  startTime?: number | Date;
  /** Summary fields to send with the call (merged over what the collector detects). */
  call?: CallDetails;
  /** getStats() period; 1000 ms. */
  sampleIntervalMs?: number;
  /** How often queued items are sent during the call; 10000 ms. */
  flushIntervalMs?: number;
  /** Items per request; 500 (the server takes up to 10,000 samples). */
  maxBatchSize?: number;
  /** Samples kept while they cannot be sent; the oldest go first past it. 21,600 (6 h of one call). */
  maxQueuedSamples?: number;
  /** Log lines kept while they cannot be sent; 5,000. */
  maxQueuedLogs?: number;
  /** First retry delay (doubled per failure, with jitter); 1000 ms. */
  retryBaseDelayMs?: number;
  /** Longest retry delay; 60000 ms (a server's Retry-After is honoured up to 10 minutes). */
  retryMaxDelayMs?: number;
  /** Where the queue is kept across reloads: localStorage by default; false keeps it in memory only. */
  storage?: StorageLike | false;
  /** Codec impairment for the E-model (e.g. CODEC_IMPAIRMENTS.g711); the simple form by default. */
  codec?: CodecImpairment;
  /** Read CPU pressure when the browser offers it; true. */
  cpu?: boolean;
  /** Count a disabled microphone track as On Mute; true. */
  detectMute?: boolean;
  /** Send the peer connection's state changes as softphone logs; true. */
  logConnectionEvents?: boolean;
  /** fetch to use (a browser's by default). */
  fetch?: typeof fetch;
  /** Told about delivery problems; the collector retries on its own. */
  onError?: (error: CollectorError) => void;
}

/** Delivery figures of a collector. */
export interface CollectorStats {
  queuedSamples: number;
  queuedLogs: number;
  queuedCalls: number;
  sentSamples: number;
  sentLogs: number;
  droppedSamples: number;
  droppedLogs: number;
  rejectedItems: number;
  /** Consecutive failed attempts of the current retry run (0 when delivering fine). */
  failedAttempts: number;
}

export interface StopOptions {
  /** Who hung up, e.g. "AGENT" or "CUSTOMER". */
  endedBy?: string;
  disconnectReason?: string;
  sipResponseCode?: number;
  /** End of the call (epoch ms or Date); now by default. */
  endTime?: number | Date;
  /** How long stop() waits for delivery; 10000 ms. Undelivered items keep being retried. */
  timeoutMs?: number;
}

export interface Collector {
  readonly contactId: string;
  /** The status stamped on the next samples: Talk, On Mute or On Hold. */
  readonly agentStatus: AgentStatus;
  /** Starts (or switches) sampling this peer connection. */
  attach(peerConnection: StatsProvider): void;
  /** The agent muted or unmuted the microphone. */
  setMuted(muted: boolean): void;
  /** The call was put on hold or resumed (hold intervals go in the call summary). */
  setOnHold(onHold: boolean): void;
  /** Adds summary fields (direction, ISP ...) known after the start. */
  setCallDetails(details: CallDetails): void;
  /** Sends a softphone log line for this call. */
  log(level: LogLevel, text: string): void;
  /** Sends what is queued now; resolves when sent or when a retry has been scheduled. */
  flush(): Promise<void>;
  /**
   * Takes a last sample, sends the call summary with its end, and waits for delivery up to
   * `timeoutMs`; anything still undelivered keeps being retried (and stays in storage).
   */
  stop(options?: StopOptions): Promise<void>;
  /** Stops everything now; queued items stay in storage for the next collector on this origin. */
  dispose(): void;
  stats(): CollectorStats;
}
