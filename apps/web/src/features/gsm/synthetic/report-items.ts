import {
  AGENT_LEG_HOPS,
  AUDIO_HOPS,
  hasAgentLeg,
  showsNoScores,
  sipResponseText,
  SYNTHETIC_TEXTS,
  type JobDetails,
  type JobInsights,
  type PolqaScore,
} from '@callsight/shared';
import type { SummaryItem } from './components/summary-card.tsx';
import { lossText, measureText, msText, scoreText, secondsText } from './format.ts';

type Softphone = NonNullable<JobDetails['softphoneSummary']>;
type Metric = keyof Softphone['networkPerformanceMetrics'];

/**
 * A score section's headline: "8/10"; 'N/A' for the failure statuses (spec 002 §4); '-' when
 * there is no score, or none of the measures it is made of was measured (issue 33: a score with
 * no measurement behind it is never a 10).
 */
export function scoreHeadline(status: string, score: number | null, measured = true): string {
  if (showsNoScores(status)) return SYNTHETIC_TEXTS.notAvailable;
  return score === null || !measured ? scoreText(null) : `${scoreText(score)}/10`;
}

/** The measures a score is made of, as summary items, and whether any of them was measured. */
export interface ScoreMeasures {
  items: SummaryItem[];
  measured: boolean;
}

/** Summary items of measures, each shown with `text` ('-' when it was not measured). */
export function scoreMeasures(
  measures: readonly { label: string; value: number | null | undefined; text: string }[],
): ScoreMeasures {
  return {
    items: measures.map((m) => ({ label: m.label, value: m.text })),
    measured: measures.some((m) => m.value !== null && m.value !== undefined),
  };
}

/** The hops a job's report shows: a virtual agent's call has no agent leg (issue 33). */
export function reportedHops(details: JobDetails): PolqaScore[] {
  if (hasAgentLeg(details.job.agentType)) return details.polqaScores;
  return details.polqaScores.filter((h) => !AGENT_LEG_HOPS.includes(h.location));
}

/**
 * What the Network score is made of (decision G14): the call's jitter, packet loss and RTT, the
 * worse of the customer and the agent legs; then the agent leg's own averages, when there is an
 * agent leg. Jobs stored before the details kept the first show the averages only.
 */
export function networkScoreMeasures(details: JobDetails): ScoreMeasures {
  const network = details.network;
  const agentLeg = hasAgentLeg(details.job.agentType);
  const metrics = details.softphoneSummary?.networkPerformanceMetrics;
  return scoreMeasures([
    ...(network
      ? [
          { label: 'Jitter', value: network.jitterMs, text: measureText(network.jitterMs, 'ms') },
          {
            label: 'Packet Loss',
            value: network.packetLossPercent,
            text: lossText(network.packetLossPercent),
          },
          { label: 'RTT', value: network.rttMs, text: measureText(network.rttMs, 'ms') },
        ]
      : []),
    ...(agentLeg
      ? NETWORK_METRICS.map((m) => {
          const avg = metrics?.[m.key].avg;
          return { label: `Average ${m.label}`, value: avg, text: measureText(avg, m.unit) };
        })
      : []),
  ]);
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
