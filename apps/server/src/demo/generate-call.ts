import {
  mosFromNetwork,
  type AgentStatus,
  type CallDirection,
  type IngestCallInput,
  type IngestEventInput,
  type IngestLogInput,
  type IngestSampleInput,
} from '@callsight/shared';
import {
  DIRECTIONS,
  FAILED_ENDINGS,
  NORMAL_ENDINGS,
  TROUBLED_ENDINGS,
  TURN_SERVERS,
  type Agent,
  type Ending,
} from './catalogue.ts';
import { clamp, Random, round } from './random.ts';

/** The quality story of a call: most are good, some have a bad stretch, a few are very poor. */
export type QualityProfile =
  'good' | 'badStretch' | 'veryPoor' | 'oneWayAudio' | 'cpuStarvation' | 'failed';

/** A stretch of trouble within a call, in seconds from its start. */
interface Episode {
  kind: 'loss' | 'jitter' | 'rtt' | 'noInbound' | 'cpu';
  from: number;
  to: number;
  /** 0..1: how bad it gets. */
  severity: number;
}

/** A generated call in the shapes of the ingestion API (packages/shared telemetry schemas). */
export interface DemoCall {
  contactId: string;
  agent: Agent;
  profile: QualityProfile;
  startMs: number;
  endMs: number;
  call: IngestCallInput;
  samples: IngestSampleInput[];
  logs: IngestLogInput[];
  events: IngestEventInput[];
}

export interface CallPlan {
  contactId: string;
  agent: Agent;
  startMs: number;
  /** Forces the length (the benchmarks' one-hour call); drawn when absent. */
  durationSeconds?: number;
  /** Forces the quality story; drawn when absent. */
  profile?: QualityProfile;
}

const PACKETS_PER_SECOND = 50;

/** The customer's tier, a contact attribute the contact flow sets from the CRM. */
const CUSTOMER_TIERS: readonly (readonly [string, number])[] = [
  ['Standard', 55],
  ['Silver', 25],
  ['Gold', 15],
  ['Platinum', 5],
];

/**
 * The contact's attributes (Amazon Connect CTR attributes, as a contact flow sets them): the queue
 * the call came through (the agent's queue team) and the customer's tier. Drawn from the contact
 * id on a sequence of their own, so the call's other draws stay as they were.
 */
export function demoCtrAttributes(contactId: string, agent: Agent): Record<string, string> {
  const random = Random.from(`${contactId}:attributes`);
  return { queue: agent.department, customerTier: random.weighted(CUSTOMER_TIERS) };
}

/** Round-trip time to the contact centre's media region (Sydney) from the agent's country. */
const BASE_RTT_MS: Record<string, number> = {
  Australia: 32,
  'New Zealand': 58,
  Philippines: 105,
  'United States': 168,
  'United Kingdom': 285,
};

function drawProfile(random: Random, agent: Agent, direction: CallDirection): QualityProfile {
  if (direction === 'OUTBOUND' && random.chance(0.08)) return 'failed';
  const noise = agent.site.noise;
  return random.weighted<QualityProfile>([
    ['good', 72],
    ['badStretch', 9 + 6 * noise],
    ['veryPoor', 1 + 2 * noise],
    ['oneWayAudio', 2.5],
    ['cpuStarvation', 1 + 20 * agent.cpuPressure],
  ]);
}

function drawDuration(random: Random, profile: QualityProfile): number {
  if (profile === 'failed') return random.int(3, 25);
  const seconds = random.logNormal(profile === 'veryPoor' ? 150 : 260, 0.65);
  return Math.round(clamp(seconds, 35, 2400));
}

function drawEpisodes(random: Random, profile: QualityProfile, duration: number): Episode[] {
  const stretch = (kind: Episode['kind'], min: number, max: number, severity: number) => {
    const length = Math.min(duration - 10, random.int(min, max));
    const from = random.int(5, Math.max(5, duration - length - 5));
    return { kind, from, to: from + Math.max(3, length), severity };
  };
  const spike = (): Episode => {
    const from = random.int(5, Math.max(5, duration - 5));
    return { kind: 'jitter', from, to: from + random.int(1, 2), severity: 0.2 };
  };
  switch (profile) {
    case 'badStretch':
      return Array.from({ length: random.int(1, 3) }, () =>
        stretch(
          random.pick(['loss', 'jitter', 'rtt', 'loss'] as const),
          8,
          70,
          random.between(0.3, 1),
        ),
      );
    case 'veryPoor':
      return [
        { kind: 'loss', from: 0, to: duration, severity: random.between(0.6, 1) },
        { kind: 'jitter', from: 0, to: duration, severity: random.between(0.5, 1) },
        stretch('rtt', 20, 120, 1),
      ];
    case 'oneWayAudio':
      return [stretch('noInbound', 8, 45, 1)];
    case 'cpuStarvation':
      return [stretch('cpu', 40, 180, random.between(0.5, 1)), stretch('jitter', 10, 30, 0.4)];
    default:
      // A good call may still have a jitter spike (under the 3 s that make a sustained run).
      return random.chance(0.2) ? [spike()] : [];
  }
}

/** Hold periods (seconds from start): a quarter of calls hold once or twice. */
function drawHolds(random: Random, profile: QualityProfile, duration: number) {
  const holds: { from: number; to: number }[] = [];
  if (profile === 'failed' || duration < 90 || !random.chance(0.27)) return holds;
  const count = random.chance(0.25) ? 2 : 1;
  let cursor = random.int(20, Math.floor(duration / 3));
  for (let i = 0; i < count && cursor < duration - 40; i++) {
    const length = random.int(15, 120);
    holds.push({ from: cursor, to: Math.min(duration - 10, cursor + length) });
    cursor += length + random.int(20, 90);
  }
  // One call in a hundred ends with the customer still on hold (the agent forgot them).
  if (random.chance(0.01)) holds.push({ from: Math.max(0, duration - 45), to: duration });
  return holds;
}

/** Generates one call: its summary, seconds, softphone logs and telemetry events. */
export function generateCall(plan: CallPlan): DemoCall {
  const { contactId, agent, startMs } = plan;
  const random = Random.from(contactId);
  const direction = random.weighted(DIRECTIONS);
  const profile = plan.profile ?? drawProfile(random, agent, direction);
  const duration = plan.durationSeconds ?? drawDuration(random, profile);
  const endMs = startMs + duration * 1000;
  const episodes = drawEpisodes(random, profile, duration);
  const holds = drawHolds(random, profile, duration);
  const mute = profile !== 'failed' && random.chance(0.12) ? random.int(10, duration - 10) : null;
  const ending: Ending = random.weighted(
    profile === 'failed'
      ? FAILED_ENDINGS
      : profile === 'veryPoor' || profile === 'oneWayAudio'
        ? TROUBLED_ENDINGS
        : NORMAL_ENDINGS,
  );

  const samples = profile === 'failed' ? [] : generateSeconds();
  const byTime = (a: { time: unknown }, b: { time: unknown }) => Number(a.time) - Number(b.time);
  const logs = generateLogs().sort(byTime);
  const events = generateEvents().sort(byTime);
  const call: IngestCallInput = {
    contactId,
    agent: agent.email,
    direction,
    startTime: startMs,
    endTime: endMs,
    endedBy: ending.endedBy,
    disconnectReason: ending.disconnectReason,
    agentISP: agent.site.isp,
    agentLocalIPAddress: agent.localIp,
    agentExternalIPAddress: agent.externalIp,
    browser: agent.browser,
    agentCountry: agent.site.country,
    agentRegion: agent.site.region,
    networkType: agent.site.networkType,
    holdIntervals: holds.map((h) => ({
      start: startMs + h.from * 1000,
      end: startMs + h.to * 1000,
    })),
    sipResponseCode: ending.sipResponseCode,
    agentGroups: agent.groups,
    ctrAttributes: demoCtrAttributes(contactId, agent),
  };
  return { contactId, agent, profile, startMs, endMs, call, samples, logs, events };

  function activeEpisode(kind: Episode['kind'], t: number): Episode | undefined {
    return episodes.find((e) => e.kind === kind && t >= e.from && t < e.to);
  }

  function generateSeconds(): IngestSampleInput[] {
    const out: IngestSampleInput[] = [];
    const noise = agent.site.noise;
    const baseRtt = (BASE_RTT_MS[agent.site.country] ?? 80) + random.between(-4, 12);
    let speaker: 'customer' | 'agent' | 'both' = 'customer';
    let speakerUntil = 0;
    let memory = random.between(42, 68);
    let cpuBase = random.between(45, 85) - 60 * agent.cpuPressure;
    for (let t = 0; t < duration; t++) {
      const onHold = holds.some((h) => t >= h.from && t < h.to);
      const muted = mute !== null && t >= mute && t < mute + 20;
      const status: AgentStatus = onHold ? 'On Hold' : muted ? 'On Mute' : 'Talk';
      if (t >= speakerUntil) {
        speaker = random.weighted([
          ['customer', 45],
          ['agent', 45],
          ['both', 10],
        ] as const);
        speakerUntil = t + random.int(2, 12);
      }

      let rtt = baseRtt + Math.abs(random.normal(0, 4 * noise));
      let jitter = Math.abs(random.normal(2 + 2 * noise, 1.5 * noise));
      let loss = random.chance(0.02 * noise) ? random.between(0.005, 0.03) : 0;
      const lossEpisode = activeEpisode('loss', t);
      if (lossEpisode) loss = random.between(0.02, 0.04 + 0.12 * lossEpisode.severity);
      const jitterEpisode = activeEpisode('jitter', t);
      if (jitterEpisode) jitter = random.between(30, 40 + 90 * jitterEpisode.severity);
      const rttEpisode = activeEpisode('rtt', t);
      if (rttEpisode) rtt = random.between(320, 350 + 450 * rttEpisode.severity);
      const cpuEpisode = activeEpisode('cpu', t);
      if (cpuEpisode) jitter += random.between(5, 25);
      const noInbound = activeEpisode('noInbound', t) !== undefined;
      rtt = round(rtt, 1);
      jitter = round(jitter, 1);

      const inLost = Math.round(PACKETS_PER_SECOND * loss);
      const outLost = Math.round(PACKETS_PER_SECOND * loss * random.between(0.3, 1.1));
      const customerTalks = speaker !== 'agent' && !onHold;
      const agentTalks = speaker !== 'customer' && !onHold && !muted;
      const level = (talking: boolean) =>
        round(talking ? random.between(0.04, 0.32) : random.between(0.0005, 0.006), 4);
      const inbound = noInbound
        ? { packetsCount: 0, packetsLost: 0, audioLevel: 0 }
        : {
            // The softphone rates what the agent hears; the outbound MOS is left to the server.
            mos: round(
              mosFromNetwork({ rttMs: rtt, jitterMs: jitter, packetLossPercent: loss * 100 }),
              2,
            ),
            packetsCount: PACKETS_PER_SECOND - inLost,
            packetsLost: inLost,
            audioLevel: level(customerTalks),
          };
      const sample: IngestSampleInput = {
        contactId,
        timestamp: startMs + t * 1000,
        inbound,
        outbound: {
          packetsCount: PACKETS_PER_SECOND - outLost,
          packetsLost: outLost,
          audioLevel: level(agentTalks),
        },
        rttMs: rtt,
        jitterMs: jitter,
        agentStatus: status,
      };
      // CPU and memory are read every 5 s, as softphone collectors do.
      if (t % 5 === 0) {
        cpuBase = clamp(cpuBase + random.normal(0, 3), 25, 92);
        sample.cpuAvailablePercent = round(
          cpuEpisode ? random.between(2, 20 - 10 * cpuEpisode.severity) : cpuBase,
          1,
        );
        memory = clamp(memory + random.normal(0.05, 0.4), 30, 97);
        sample.memoryUsedPercent = round(memory, 1);
      }
      out.push(sample);
    }
    return out;
  }

  function generateLogs(): IngestLogInput[] {
    const logs: IngestLogInput[] = [];
    let n = 0;
    const log = (t: number, level: 'INFO' | 'WARN' | 'ERROR', text: string) =>
      logs.push({
        id: `${contactId}:${n++}`,
        time: startMs + Math.round(t * 1000),
        level,
        agent: agent.email,
        contactId,
        text,
      });
    const turn = random.pick(TURN_SERVERS);
    log(-4.2, 'INFO', `Incoming ${direction.toLowerCase()} contact ${contactId}`);
    log(-3.1, 'INFO', `Agent ${agent.name} accepted the contact`);
    log(-2.4, 'INFO', `getUserMedia: microphone "Jabra Evolve2 40" opened (48 kHz, mono)`);
    log(-1.6, 'INFO', `ICE gathering complete: 3 candidates (host, srflx, relay via ${turn})`);
    if (profile === 'failed') {
      log(duration - 0.5, 'WARN', `Call setup failed: SIP ${ending.sipResponseCode}`);
      log(duration, 'INFO', `Contact ended (${ending.disconnectReason})`);
      return logs;
    }
    log(-0.4, 'INFO', 'ICE connection state: connected; DTLS handshake complete');
    log(0, 'INFO', 'Media flowing: opus/48000/2, ptime 20 ms');
    for (const h of holds) {
      log(h.from, 'INFO', 'Contact put on hold by agent');
      if (h.to < duration) log(h.to, 'INFO', 'Contact resumed from hold');
    }
    if (mute !== null) {
      log(mute, 'INFO', 'Agent muted microphone');
      log(mute + 20, 'INFO', 'Agent unmuted microphone');
    }
    for (const e of episodes) {
      if (e.severity < 0.35 && e.kind === 'jitter') continue;
      const at = e.from + 2;
      if (e.kind === 'loss')
        log(at, 'WARN', `Inbound packet loss ${round(4 + 10 * e.severity, 1)} % over the last 5 s`);
      if (e.kind === 'jitter')
        log(
          at,
          'WARN',
          `High jitter: ${Math.round(40 + 80 * e.severity)} ms, jitter buffer growing`,
        );
      if (e.kind === 'rtt')
        log(at, 'WARN', `Round-trip time ${Math.round(350 + 400 * e.severity)} ms via ${turn}`);
      if (e.kind === 'cpu') {
        log(
          at,
          'WARN',
          `CPU available ${Math.round(15 - 10 * e.severity)} %: audio processing is late`,
        );
        if (e.severity > 0.8) log(at + 5, 'ERROR', 'AudioWorklet underrun: 14 frames dropped');
      }
      if (e.kind === 'noInbound') {
        log(at + 3, 'ERROR', 'No inbound RTP packets for 5 s (remote audio silent)');
        log(e.to, 'INFO', 'Inbound RTP resumed');
      }
    }
    if (profile === 'veryPoor') {
      log(duration * 0.4, 'WARN', 'ICE connection state: disconnected; attempting ICE restart');
      if (random.chance(0.6))
        log(duration * 0.4 + 4, 'ERROR', `ICE restart failed: no response from ${turn}`);
    }
    if (random.chance(0.01))
      log(
        duration * 0.7,
        'ERROR',
        'WebSocket to the softphone gateway closed (1006), reconnecting',
      );
    log(
      duration,
      'INFO',
      `Contact ended by ${ending.endedBy.toLowerCase()} (${ending.disconnectReason})`,
    );
    return logs;
  }

  function generateEvents(): IngestEventInput[] {
    const events: IngestEventInput[] = [];
    let n = 0;
    const event = (t: number, type: string, data: Record<string, unknown>) =>
      events.push({
        id: `${contactId}:e${n++}`,
        time: startMs + Math.round(t * 1000),
        type,
        agent: agent.email,
        contactId,
        data,
      });
    event(-3.1, 'softphone.accepted', { direction });
    if (profile !== 'failed') {
      event(-0.4, 'softphone.connected', { iceCandidateType: 'relay', codec: 'opus' });
      if (random.chance(0.05))
        event(duration * 0.5, 'device.changed', {
          kind: 'audiooutput',
          label: 'Speakers (Realtek)',
        });
      if (profile === 'veryPoor')
        event(duration * 0.4, 'ice.connectionStateChange', { state: 'disconnected' });
    }
    event(duration, 'softphone.ended', {
      endedBy: ending.endedBy,
      disconnectReason: ending.disconnectReason,
      sipResponseCode: ending.sipResponseCode,
    });
    return events;
  }
}
