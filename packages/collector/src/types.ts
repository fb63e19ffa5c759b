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
  /**
   * The agent's hierarchy groups, Agent Group 1 first (at most 5 levels; null for a level the
   * agent has no group in). Teams' "Agent Group n" conditions test level n.
   */
  agentGroups?: (string | null)[];
  /** The contact's attributes (Amazon Connect's contact/CTR attributes), as texts. */
  ctrAttributes?: Record<string, string>;
}

/** A softphone telemetry event as POST /api/ingest/v1/events takes it; `id` makes a resend idempotent. */
export interface EventBody {
  id: string;
  time: number;
  type: string;
  agent: string;
  contactId?: string;
  data?: Record<string, unknown>;
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
> & {
  /**
   * The agent's hierarchy group names, level 1 first (Agent Group 1-5). Blank or null levels are
   * sent as null; more than 5 levels, or a name over 200 characters, throws a TypeError (the
   * server would refuse the whole summary). An empty list clears them.
   */
  agentGroups?: readonly (string | null | undefined)[] | null;
  /**
   * The contact's attributes (Amazon Connect contact attributes), sent as texts: at most 50, names
   * up to 200 characters, values cut to 1000 characters; what is left out is logged as a WARN line.
   */
  ctrAttributes?: Readonly<Record<string, string | number | boolean | null | undefined>> | null;
};

/**
 * A headset's identity in a device event's data. The Jabra dashboard reads `vendor` ('Jabra'),
 * `model` and `firmware` of telemetry events; other fields (muted, volume, button ...) are kept.
 */
export interface DeviceEventData {
  vendor: string;
  model?: string;
  firmware?: string;
  [field: string]: unknown;
}

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
  /** Telemetry events (device events ...) kept while they cannot be sent; 1,000. */
  maxQueuedEvents?: number;
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
  queuedEvents: number;
  queuedCalls: number;
  sentSamples: number;
  sentLogs: number;
  sentEvents: number;
  droppedSamples: number;
  droppedLogs: number;
  droppedEvents: number;
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
  /**
   * Adds summary fields (direction, ISP, agent groups, contact attributes ...) known after the
   * start; given fields replace earlier ones (`ctrAttributes` as a whole).
   */
  setCallDetails(details: CallDetails): void;
  /** Sends a softphone log line for this call. */
  log(level: LogLevel, text: string): void;
  /**
   * Sends a softphone telemetry event of this call (POST /api/ingest/v1/events), e.g.
   * `event('device.mute', { vendor: 'Jabra', model: 'Evolve2 65', firmware: '3.2.1', muted: true })`.
   * `type` is cut to 100 characters (a blank one throws); `data` over 32,768 characters as JSON,
   * or not JSON, is refused: reported to onError as `rejected`, not sent.
   */
  event(type: string, data?: Record<string, unknown>): void;
  /** A headset's event: `event(type, device)`, type 'device' by default (see DeviceEventData). */
  device(device: DeviceEventData, type?: string): void;
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
