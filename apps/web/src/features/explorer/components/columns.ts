import {
  callStatsRowScore,
  formatDurationSeconds,
  formatExplorerDate,
  formatMos,
  formatMs,
  formatPercent,
  formatScore,
  jitterBand,
  mosBand,
  packetLossBand,
  rttBand,
  scoreBand,
  type AgentLogRow,
  type CallStatsRow,
  type QualityBand,
} from '@callsight/shared';

/** A column of an explorer table; the same text goes to the screen and to the CSV. */
export interface ExplorerColumn<Row> {
  id: string;
  label: string;
  /** The API sort column, when the column sorts. */
  sortKey?: string;
  numeric?: boolean;
  text: (row: Row) => string;
  /** Colour of the value by quality. */
  band?: (row: Row) => QualityBand;
  /** Monospace, wrapping, or wide cells. */
  variant?: 'mono' | 'wrap';
  /** Longer texts are cut with an ellipsis (the whole text shows on hover). */
  maxWidth?: number;
  /** Room kept for texts that must not be cut (timestamps). */
  minWidth?: number;
}

const orDash = (value: string | null) => (value === null || value === '' ? '-' : value);

export const CALL_STATS_COLUMNS: ExplorerColumn<CallStatsRow>[] = [
  {
    id: 'timestamp',
    label: 'Timestamp',
    sortKey: 'timestamp',
    text: (r) => formatExplorerDate(r.timestamp),
    minWidth: 160,
  },
  // Agent and ISP are cut so that the quality columns fit next to them on a laptop screen.
  {
    id: 'agent',
    label: 'Agent',
    sortKey: 'agent',
    text: (r) => orDash(r.agent),
    maxWidth: 190,
  },
  { id: 'contactId', label: 'Contact ID', text: (r) => r.callContactId, variant: 'mono' },
  {
    id: 'agentISP',
    label: 'Agent ISP',
    sortKey: 'agentISP',
    text: (r) => orDash(r.agentISP),
    maxWidth: 140,
  },
  {
    id: 'mos',
    label: 'MOS',
    sortKey: 'mos',
    numeric: true,
    text: (r) => formatMos(r.mos.avg),
    band: (r) => mosBand(r.mos.avg),
  },
  {
    id: 'jitter',
    label: 'Jitter (ms)',
    sortKey: 'jitter',
    numeric: true,
    text: (r) => formatMs(r.jitter.avg),
    band: (r) => jitterBand(r.jitter.avg),
  },
  {
    id: 'rtt',
    label: 'RTT (ms)',
    sortKey: 'rtt',
    numeric: true,
    text: (r) => formatMs(r.rtt.avg),
    band: (r) => rttBand(r.rtt.avg),
  },
  {
    id: 'packetsLostFraction',
    label: 'Packet Loss',
    sortKey: 'packetsLostFraction',
    numeric: true,
    text: (r) => formatPercent(r.totals.packetsLostFraction),
    band: (r) => packetLossBand(r.totals.packetsLostFraction),
  },
  {
    id: 'durationSeconds',
    label: 'Duration',
    sortKey: 'durationSeconds',
    numeric: true,
    text: (r) => formatDurationSeconds(r.durationSeconds),
    minWidth: 96,
  },
  {
    id: 'score',
    label: 'Score',
    numeric: true,
    // '-' until the call's quality was measured (a live call's first moments), not a green 10.
    text: (r) => formatScore(callStatsRowScore(r)),
    band: (r) => scoreBand(callStatsRowScore(r)),
  },
];

export const AGENT_LOG_COLUMNS: ExplorerColumn<AgentLogRow>[] = [
  {
    id: 'time',
    label: 'Time',
    sortKey: 'time',
    text: (r) => formatExplorerDate(r.time),
    minWidth: 160,
  },
  { id: 'agent', label: 'Agent', sortKey: 'agent', text: (r) => r.agent },
  { id: 'level', label: 'Level', sortKey: 'level', text: (r) => r.level },
  { id: 'contactId', label: 'Contact ID', text: (r) => orDash(r.contactId), variant: 'mono' },
  { id: 'text', label: 'Text', text: (r) => r.text, variant: 'wrap' },
];

/** Labels of the filter fields (spec 002 §9), packet loss typed as a percent. */
export const FILTER_FIELD_LABELS: Record<string, string> = {
  agent: 'Agent',
  contactId: 'Contact ID',
  agentISP: 'Agent ISP',
  mos: 'MOS',
  jitter: 'Jitter (ms)',
  rtt: 'RTT (ms)',
  packetsLostFraction: 'Packet Loss (%)',
  durationSeconds: 'Duration (s)',
  level: 'Level',
};
