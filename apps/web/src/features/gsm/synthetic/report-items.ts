import {
  AUDIO_HOPS,
  showsNoScores,
  sipResponseText,
  SYNTHETIC_TEXTS,
  type JobDetails,
  type JobInsights,
  type PolqaScore,
} from '@callsight/shared';
import type { SummaryItem } from './components/summary-card.tsx';
import { measureText, msText, scoreText, secondsText } from './format.ts';

type Softphone = NonNullable<JobDetails['softphoneSummary']>;
type Metric = keyof Softphone['networkPerformanceMetrics'];

/** A score section's headline: "8/10", or 'N/A' for the failure statuses (spec 002 §4). */
export function scoreHeadline(status: string, score: number | null): string {
  if (showsNoScores(status) || score === null) return SYNTHETIC_TEXTS.notAvailable;
  return `${scoreText(score)}/10`;
}

/**
 * The telephony facts of a job (spec 002 §3, §8, §9): SIP response as 'code: name', post dial
 * delay, ringing, answer time and duration; the insights fill what the details lack.
 */
export function telephonyItems(
  details: JobDetails,
  insights: JobInsights | undefined,
): SummaryItem[] {
  const { telephony } = details;
  const properties = insights?.summary.properties;
  return [
    {
      label: 'SIP Response',
      value: sipResponseText(telephony.sipCode ?? properties?.last_sip_response_num),
    },
    { label: 'Post Dial Delay', value: msText(telephony.postDialDelayMs ?? properties?.pdd_ms) },
    { label: 'Ringing Time', value: msText(telephony.ringingMs) },
    { label: 'Answer Time', value: secondsText(telephony.answerTimeSec) },
    { label: 'Duration', value: secondsText(telephony.durationSec) },
  ];
}

/** The network measures of the agent leg, with their units. */
export const NETWORK_METRICS: readonly { key: Metric; label: string; unit: string }[] = [
  { key: 'jitter', label: 'Jitter', unit: 'ms' },
  { key: 'packetLoss', label: 'Packet Loss', unit: '' },
  { key: 'outboundPacketLossPercentage', label: 'Outbound Packet Loss', unit: '%' },
  { key: 'rtt', label: 'RTT', unit: 'ms' },
  { key: 'mos', label: 'MOS', unit: '' },
];

/** The averages of the agent leg's network measures, as summary items. */
export function networkAverageItems(softphone: Softphone | null): SummaryItem[] {
  return NETWORK_METRICS.map((m) => ({
    label: `Average ${m.label}`,
    value: measureText(softphone?.networkPerformanceMetrics[m.key].avg, m.unit),
  }));
}

/** The hops in the order of spec 002 §2.3, optionally of one direction only. */
export function orderedHops(
  scores: readonly PolqaScore[],
  direction?: 'inbound' | 'outbound',
): PolqaScore[] {
  return AUDIO_HOPS.filter((h) => !direction || h.direction === direction).flatMap((h) =>
    scores.filter((s) => s.location === h.location),
  );
}

/** A hop's score by location, or null when it was not measured. */
export const hopScore = (scores: readonly PolqaScore[], location: string) =>
  scores.find((s) => s.location === location)?.score ?? null;
