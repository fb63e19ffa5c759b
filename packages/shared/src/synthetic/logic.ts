import { QUALITY_THRESHOLDS } from '../telemetry/constants.ts';
import {
  NO_SCORE_STATUSES,
  SYNTHETIC_TEXTS,
  type AudioHopLocation,
  type JobStatus,
} from './constants.ts';

/** Next run as shown (§2.1): the time, 'Not scheduled', or 'Disabled' when inactive. */
export function nextRunText(
  item: { active: boolean; nextRun: string | null },
  format: (iso: string) => string,
): string {
  if (!item.active) return SYNTHETIC_TEXTS.disabled;
  return item.nextRun ? format(item.nextRun) : SYNTHETIC_TEXTS.notScheduled;
}

/** Retest's description: '[Retest]' prefixed once (§2.6). */
export function retestDescription(description: string): string {
  const prefix = SYNTHETIC_TEXTS.retestPrefix;
  return description.startsWith(prefix) ? description : `${prefix} ${description}`;
}

/** Loss percent against a POLQA reference (§9): (reference - measured) / reference * 100. */
export function lossPercent(reference: number, measured: number): number {
  return ((reference - measured) / reference) * 100;
}

/** PSTN latency = echo latency - connect latency (ms, §9). */
export function pstnLatencyMs(echoMs: number | null, connectMs: number | null): number | null {
  return echoMs === null || connectMs === null ? null : echoMs - connectMs;
}

/** The hops between the contact centre and the agent's softphone: the agent leg. */
export const AGENT_LEG_HOPS: readonly AudioHopLocation[] = ['agent_to_connect', 'connect_to_agent'];

/** Whether a job's call has an agent leg to measure: a virtual agent has none (issue 33). */
export const hasAgentLeg = (agentType: string | null) => agentType !== 'VIRTUAL_AGENT';

/** Whether the logs show this status's scores as 'N/A' (§4). */
export const showsNoScores = (status: string) =>
  (NO_SCORE_STATUSES as readonly string[]).includes(status);

/** Float noise allowed at the -10 % boundary: 6.3 against 7 is a drop of exactly 10 %. */
const GAUGE_EPSILON = 1e-9;
const percentFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/**
 * Gauge colour against the previous period (§9): green when the change is >= 0 or the previous
 * value is 0; yellow for a drop of up to 10 %; red for worse. The subtext reads 'Up n%' / 'Down n%'
 * (at most 2 decimals, so that a red -10.01 % does not read like a yellow -10 %).
 */
export function gaugeChange(
  current: number | null,
  previous: number | null,
): { colour: 'green' | 'yellow' | 'red'; text: string | null } {
  if (current === null || previous === null || previous === 0)
    return { colour: 'green', text: null };
  const change = ((current - previous) / Math.abs(previous)) * 100;
  const up = change > -GAUGE_EPSILON;
  const text = `${up ? 'Up' : 'Down'} ${percentFormat.format(up ? Math.max(change, 0) : -change)}%`;
  if (up) return { colour: 'green', text };
  return { colour: change >= -10 - GAUGE_EPSILON ? 'yellow' : 'red', text };
}

/** A status tag's colour (§9): red when it starts with 'Very', else yellow. */
export const tagSeverity = (tag: string): 'error' | 'warning' =>
  tag.startsWith('Very') ? 'error' : 'warning';

export type Finding = 'Poor' | 'Very Poor' | null;

/** Scores out of 10 (DOMAIN): from 10, 1 off per Poor and 3 per Very Poor finding, floored at 0. */
export function scoreOutOf10(findings: readonly Finding[]): number {
  const lost = findings.reduce((sum, f) => sum + (f === 'Very Poor' ? 3 : f === 'Poor' ? 1 : 0), 0);
  return Math.max(0, 10 - lost);
}

/** A hop's listening-quality finding (the MOS thresholds of the insights). */
export function hopFinding(score: number | null): Finding {
  if (score === null) return null;
  if (score < QUALITY_THRESHOLDS.mos.veryPoor) return 'Very Poor';
  return score < QUALITY_THRESHOLDS.mos.poor ? 'Poor' : null;
}

/** A one-way or round-trip audio latency finding (G.114 bands; round trip counts half). */
export function latencyFinding(ms: number | null, roundTrip = false): Finding {
  if (ms === null) return null;
  const oneWay = roundTrip ? ms / 2 : ms;
  if (oneWay > QUALITY_THRESHOLDS.audioLatencyMs.veryHigh) return 'Very Poor';
  return oneWay > QUALITY_THRESHOLDS.audioLatencyMs.high ? 'Poor' : null;
}

/** Network findings of the agent leg: jitter, packet loss and RTT (averages). */
export function networkFindings(m: {
  jitterMs: number | null;
  packetLossPercent: number | null;
  rttMs: number | null;
}): Finding[] {
  const band = (v: number | null, t: { high: number; veryHigh: number }): Finding =>
    v === null ? null : v > t.veryHigh ? 'Very Poor' : v > t.high ? 'Poor' : null;
  return [
    band(m.jitterMs, QUALITY_THRESHOLDS.jitterMs),
    band(m.packetLossPercent, QUALITY_THRESHOLDS.packetLossPercent),
    band(m.rttMs, QUALITY_THRESHOLDS.rttMs),
  ];
}

/** What a job's three scores are made of: hop scores, the round-trip latency, the network. */
export interface ScoreInputs {
  hops: Partial<Record<string, number | null>>;
  echoLatencyMs: number | null;
  network: { jitterMs: number | null; packetLossPercent: number | null; rttMs: number | null };
}

type JobScores = { cxScore: number | null; axScore: number | null; networkScore: number | null };

const CX_HOPS = ['connect_to_dialler', 'agent_to_connect'] as const;
const AX_HOPS = ['dialler_to_connect', 'connect_to_agent'] as const;

/** Which of the three scores have a measure behind them (at least one of theirs was taken). */
export function measuredScores(m: ScoreInputs): Record<keyof JobScores, boolean> {
  const taken = (values: (number | null | undefined)[]) =>
    values.some((v) => v !== null && v !== undefined);
  const heard = (hops: readonly string[]) =>
    taken([...hops.map((h) => m.hops[h]), m.echoLatencyMs]);
  const { jitterMs, packetLossPercent, rttMs } = m.network;
  return {
    cxScore: heard(CX_HOPS),
    axScore: heard(AX_HOPS),
    networkScore: taken([jitterMs, packetLossPercent, rttMs]),
  };
}

/**
 * The three scores of a job (decision G11): CX = what the customer hears (connect to dialler,
 * agent to connect) and the round-trip latency; AX = what the agent hears (dialler to connect,
 * connect to agent) and the same latency; Network = the call's jitter, loss and RTT. A score none
 * of whose measures was taken is null: nothing measured is not a 10 (issue 33).
 */
export function jobScores(m: ScoreInputs): JobScores {
  const latency = latencyFinding(m.echoLatencyMs, true);
  const heard = (hops: readonly string[]) =>
    scoreOutOf10([...hops.map((h) => hopFinding(m.hops[h] ?? null)), latency]);
  return withoutUnmeasured(
    {
      cxScore: heard(CX_HOPS),
      axScore: heard(AX_HOPS),
      networkScore: scoreOutOf10(networkFindings(m.network)),
    },
    m,
  );
}

/** The scores, each null where nothing behind it was measured (a stored or posted result too). */
export function withoutUnmeasured(scores: JobScores, m: ScoreInputs): JobScores {
  const measured = measuredScores(m);
  return {
    cxScore: measured.cxScore ? scores.cxScore : null,
    axScore: measured.axScore ? scores.axScore : null,
    networkScore: measured.networkScore ? scores.networkScore : null,
  };
}

/** A job whose call went through gets Poor Call Quality when its MOS is below the group's bar. */
export function qualityStatus(mos: number | null, poorBelow: number): JobStatus {
  return mos !== null && mos < poorBelow ? 'Poor Call Quality' : 'Completed';
}
