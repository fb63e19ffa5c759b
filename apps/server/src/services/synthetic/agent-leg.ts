/**
 * A human agent's softphone leg of a test call (issue 18): its per-second stats, its softphone
 * summary, and the telemetry a collector on that softphone would send, so that the job's Agent
 * Network tab and the call's detail page show the same call.
 */
import {
  mosFromNetwork,
  type IngestCallInput,
  type IngestEventInput,
  type IngestSampleInput,
  type JobDetails,
  type JobStats,
} from '@callsight/shared';
import type { ContactCentreCallReport } from '../../adapters/dialler/contact-centre.ts';
import { maxOf, round, sumOf } from './figures.ts';
import type { SecondStats } from './network-profile.ts';

export interface AgentLeg {
  stats: JobStats;
  seconds: { inbound: SecondStats[]; outbound: SecondStats[]; mos: (number | null)[] };
  averages: { jitterMs: number | null; packetLossPercent: number | null; rttMs: number | null };
}

/** The softphone's per-second stats: inbound jitter and loss, RTT from both one-way delays. */
export function agentLegOf(report: ContactCentreCallReport | null): AgentLeg | null {
  const agent = report?.agent;
  if (!agent?.atAgent || !agent.atConnect || agent.acceptedAtMs === null) return null;
  const inbound = agent.atAgent.perSecond(agent.acceptedAtMs, agent.toAgentClock);
  const outbound = agent.atConnect.perSecond(agent.acceptedAtMs, agent.fromAgentClock);
  const mos: (number | null)[] = [];
  const stats: JobStats = inbound.map((s, i) => {
    const rtt = sumOf([s.delayMs, outbound[i]?.delayMs]);
    const m =
      s.received > 0
        ? mosFromNetwork({
            rttMs: rtt ?? 0,
            jitterMs: s.jitterMs ?? 0,
            packetLossPercent: s.lossPercent ?? 0,
          })
        : null;
    mos.push(m);
    return {
      timestamp: new Date(s.atMs).toISOString(),
      rtt: rtt === null ? null : round(rtt),
      mos: m === null ? null : round(m),
      packetsLost: s.lost,
      jitter: s.jitterMs === null ? null : round(s.jitterMs),
    };
  });
  return {
    stats,
    seconds: { inbound, outbound, mos },
    averages: {
      jitterMs: agent.atAgent.meanJitterMs,
      packetLossPercent: maxOf([agent.atAgent.lossPercent, agent.atConnect.lossPercent]),
      rttMs: sumOf([
        agent.atAgent.meanDelayMs(agent.toAgentClock),
        agent.atConnect.meanDelayMs(agent.fromAgentClock),
      ]),
    },
  };
}

export function softphoneSummaryOf(
  report: ContactCentreCallReport,
  leg: AgentLeg,
): JobDetails['softphoneSummary'] {
  const phone = report.agent?.softphone;
  if (!phone) return null;
  const stats = (values: (number | null | undefined)[]) => {
    const v = values.filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
    if (!v.length) return { min: null, max: null, avg: null };
    return {
      min: round(Math.min(...v)),
      max: round(Math.max(...v)),
      avg: round(v.reduce((a, b) => a + b, 0) / v.length),
    };
  };
  return {
    agentISP: phone.isp,
    agentLocalIPAddress: phone.localIp,
    agentExternalIPAddress: phone.externalIp,
    browser: phone.browser,
    agentCountry: phone.country,
    agentRegion: report.route?.agentRegion ?? null,
    networkType: phone.networkType,
    networkPerformanceMetrics: {
      jitter: stats(leg.stats.map((s) => s.jitter)),
      packetLoss: stats(leg.seconds.inbound.map((s) => s.lossPercent)),
      outboundPacketLossPercentage: stats(leg.seconds.outbound.map((s) => s.lossPercent)),
      rtt: stats(leg.stats.map((s) => s.rtt)),
      mos: stats(leg.seconds.mos),
    },
    system: {
      cpu: { ...phone.cpu },
      memory: { ...phone.memory },
    },
    iceServers: phone.iceServers,
  };
}

/** What the collector sends of a call: its summary, its seconds and its softphone events. */
export interface AgentTelemetry {
  calls: IngestCallInput[];
  samples: IngestSampleInput[];
  events: IngestEventInput[];
}

/**
 * The agent leg as the ingestion API's items (the call's contactId is the contact centre's
 * contact id): inbound is what the softphone received, outbound what the connect received of it.
 */
export function agentTelemetryOf(
  report: ContactCentreCallReport,
  leg: AgentLeg,
  summary: NonNullable<JobDetails['softphoneSummary']>,
): AgentTelemetry | null {
  const agent = report.agent;
  const agentName = report.route?.agentId;
  if (!agent || agent.acceptedAtMs === null || !agentName) return null;
  const contactId = report.contactId;
  const endMs = agent.endedAtMs ?? report.endedAtMs;
  const callerHungUp = report.routing === 'connected' && report.message === null;
  const samples: IngestSampleInput[] = leg.seconds.inbound.map((s, i) => {
    const out = leg.seconds.outbound[i];
    const stat = leg.stats[i];
    const mos = leg.seconds.mos[i];
    return {
      contactId,
      timestamp: Math.floor(s.atMs),
      inbound: {
        mos: mos === null || mos === undefined ? null : round(mos),
        packetsCount: s.received,
        packetsLost: s.lost,
      },
      outbound: out ? { packetsCount: out.received, packetsLost: out.lost } : null,
      rttMs: stat?.rtt ?? null,
      jitterMs: stat?.jitter ?? null,
      agentStatus: 'Talk',
    };
  });
  const event = (type: string, atMs: number | null): IngestEventInput[] =>
    atMs === null
      ? []
      : [{ id: `${contactId}:${type}`, time: Math.floor(atMs), type, agent: agentName, contactId }];
  return {
    calls: [
      {
        contactId,
        agent: agentName,
        direction: 'INBOUND',
        startTime: Math.floor(agent.acceptedAtMs),
        endTime: endMs === null ? null : Math.floor(Math.max(endMs, agent.acceptedAtMs)),
        endedBy: endMs === null ? null : callerHungUp ? 'Customer' : 'Contact centre',
        disconnectReason: endMs === null ? null : callerHungUp ? 'CUSTOMER_DISCONNECT' : 'OTHER',
        agentISP: summary.agentISP,
        agentLocalIPAddress: summary.agentLocalIPAddress,
        agentExternalIPAddress: summary.agentExternalIPAddress,
        browser: summary.browser,
        agentCountry: summary.agentCountry,
        agentRegion: summary.agentRegion,
        networkType: summary.networkType,
        sipResponseCode: 200,
      },
    ],
    samples,
    events: [
      ...event('accepted', agent.acceptedAtMs),
      ...event('connected', agent.connectedAtMs),
      ...event('ended', endMs),
    ],
  };
}
