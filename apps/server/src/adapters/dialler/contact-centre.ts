/**
 * The built-in contact-centre simulator of synthetic test calls (issue 18): a SIP user agent
 * server (the answering endpoint with media of its own) that answers the target and connect
 * numbers, runs a contact flow that echoes the caller, then routes the call to an agent:
 *
 * - VIRTUAL_AGENT: the contact centre itself speaks the agent reference and records the caller;
 * - HUMAN_AGENT: a second leg, in process, to the agent's softphone (an RTP session pair with
 *   the agent region's network profile on both senders); the agent accepts after a short ring,
 *   speaks the agent reference and records what it hears; the connect relays both ways through
 *   fixed jitter buffers.
 *
 * Behaviours by agent id (DEFAULT_AGENT_BEHAVIOURS) or by target number (`numbers`), and the
 * job status each leads to (spec 002 §4):
 *
 * | behaviour      | agent id               | what the contact centre does           | job status                    |
 * |----------------|------------------------|----------------------------------------|-------------------------------|
 * | busy           | agent-busy             | 486 Busy Here                          | Busy                          |
 * | noAnswer       | agent-no-answer        | rings (180) and never answers          | No Answer                     |
 * | failed         | agent-failed           | 503 Service Unavailable                | Failed                        |
 * | noResponse     | agent-unreachable      | no SIP response at all                 | Call Failed                   |
 * | hangUpEarly    | agent-hangup           | answers, hangs up after 1.5 s          | Call Disconnected Prematurely |
 * | unknownAgent   | agent-unknown          | answers, no such agent, hangs up       | Agent Error                   |
 * | softphoneError | agent-softphone-error  | the softphone fails when offered       | Agent Error                   |
 * | queueTimeout   | agent-offline          | no agent before the queue timeout      | Call Not Accepted             |
 * | notAccepted    | agent-no-accept        | the softphone rings, nobody accepts    | Call Not Accepted by Agent    |
 * | poorAudio      | agent-poor-audio       | its media loses 35 % both ways         | Poor Call Quality             |
 * | answer         | any other known agent  | connects the agent                     | Completed (or Poor Call Q.)   |
 *
 * A human agent's machine is its region's (softphoneProfile), but for the agent ids of
 * SOFTPHONE_MACHINES (a busy CPU, full memory, an old browser): their calls connect as usual.
 */
import { randomUUID } from 'node:crypto';
import {
  type CONTACT_CENTRE_BEHAVIOURS,
  type AgentType,
  type CONTACT_ROUTINGS,
} from '@callsight/shared';
import {
  loadReferenceSpeech,
  resample,
  toInt16,
  type Recording,
} from '../../services/audio-analytics/index.ts';
import {
  CLEAN_NETWORK_PROFILE,
  NetworkLink,
  ReceivedStream,
  clockMs,
  regionNetworkProfile,
  type NetworkProfile,
  type Playout,
  type SendClock,
} from '../../services/synthetic/network-profile.ts';
import { Random } from '../../demo/random.ts';
import {
  AnsweringEndpoint,
  type AnsweredCall,
  type CallMedia,
  type UasBehaviour,
} from './answering-endpoint.ts';
import { G711_SILENCE, encodeG711, type G711Law } from './media/g711.ts';
import { RtpSession } from './media/rtp-session.ts';
import type { TimerConfig } from './sip/client-transaction.ts';
import type { SipRequest } from './sip/message.ts';
import { errorText, type RemoteAddress, type SipLog } from './sip/transport.ts';

export type ContactCentreBehaviour = (typeof CONTACT_CENTRE_BEHAVIOURS)[number];

/** The agent ids that reach each status (the table above). */
export const DEFAULT_AGENT_BEHAVIOURS: Readonly<Record<string, ContactCentreBehaviour>> = {
  'agent-busy': 'busy',
  'agent-no-answer': 'noAnswer',
  'agent-failed': 'failed',
  'agent-unreachable': 'noResponse',
  'agent-hangup': 'hangUpEarly',
  'agent-unknown': 'unknownAgent',
  'agent-softphone-error': 'softphoneError',
  'agent-offline': 'queueTimeout',
  'agent-no-accept': 'notAccepted',
  'agent-poor-audio': 'poorAudio',
};

/**
 * The shared timeline of a test call, from the answer (ms): the caller sends the echo segment
 * first, the contact flow echoes until `echoWindowMs`, then routes; both sides speak from
 * `speechStartMs`.
 */
export const CALL_TIMELINE = { echoSegmentMs: 1000, echoWindowMs: 1800, speechStartMs: 2400 };

export interface ContactCentreTiming {
  /** Ring before the contact flow answers. */
  answerRingMs: number;
  /** A human agent's softphone rings this long before the agent accepts (< 600 ms). */
  agentRingMs: number;
  /** An agent who does not accept is given up after this long (notAccepted). */
  agentRingTimeoutMs: number;
  /** The queue gives up with no agent after this long (queueTimeout). */
  queueTimeoutMs: number;
  /** hangUpEarly hangs up this long after the answer. */
  hangUpEarlyMs: number;
  /** Depth of the jitter buffers of the echo and the relays. */
  jitterBufferMs: number;
}

export const DEFAULT_CONTACT_CENTRE_TIMING: ContactCentreTiming = {
  answerRingMs: 300,
  agentRingMs: 300,
  agentRingTimeoutMs: 3000,
  queueTimeoutMs: 3000,
  hangUpEarlyMs: 1500,
  jitterBufferMs: 60,
};

/** What the poorAudio behaviour's media loses, each way. */
const POOR_AUDIO_PROFILE: NetworkProfile = { latencyMs: 0, jitterMs: 0, lossPercent: 35 };

/** Who the call is for: carried as Request-URI parameters, as a test queue's attributes. */
export interface ContactRoute {
  agentId: string;
  agentType: AgentType;
  agentRegion: string;
}

/** The Request-URI of a test call to `number` at the contact centre, with its route. */
export function contactCentreUri(address: RemoteAddress, number: string, route: ContactRoute) {
  const e = encodeURIComponent;
  return (
    `sip:${number}@${address.address}:${address.port}` +
    `;x-agent=${e(route.agentId)};x-agent-type=${e(route.agentType)};x-agent-region=${e(route.agentRegion)}`
  );
}

/** The route of a Request-URI made by contactCentreUri; null when it has none. */
export function routeOfUri(uri: string): ContactRoute | null {
  const params = new Map<string, string>();
  for (const part of uri.split(';').slice(1)) {
    const [key = '', value = ''] = part.split('=');
    try {
      params.set(key.toLowerCase(), decodeURIComponent(value));
    } catch {
      return null;
    }
  }
  const agentId = params.get('x-agent');
  const type = params.get('x-agent-type');
  if (!agentId) return null;
  return {
    agentId,
    agentType: type === 'HUMAN_AGENT' ? 'HUMAN_AGENT' : 'VIRTUAL_AGENT',
    agentRegion: params.get('x-agent-region') ?? '',
  };
}

/** The agent's machine as its softphone would report it (fixed per agent region; ours). */
export interface SoftphoneProfile {
  isp: string;
  country: string;
  localIp: string;
  externalIp: string;
  networkType: string;
  browser: { name: string; version: string };
  cpu: { model: string; min: number; max: number; avg: number };
  /** Memory used (%), and the machine's total (MB). */
  memory: { min: number; max: number; avg: number; total: number };
  iceServers: { turnIpAddress: string; port: number }[];
}

const SOFTPHONES: Readonly<Record<string, Omit<SoftphoneProfile, 'browser' | 'cpu' | 'memory'>>> = {
  'North Virginia': {
    isp: 'Verizon Fios',
    country: 'United States',
    localIp: '192.168.1.24',
    externalIp: '203.0.113.24',
    networkType: 'ethernet',
    iceServers: [{ turnIpAddress: '198.51.100.10', port: 3478 }],
  },
  'Los Angeles': {
    isp: 'Spectrum',
    country: 'United States',
    localIp: '192.168.0.31',
    externalIp: '203.0.113.57',
    networkType: 'wifi',
    iceServers: [{ turnIpAddress: '198.51.100.22', port: 3478 }],
  },
  Mumbai: {
    isp: 'Reliance Jio',
    country: 'India',
    localIp: '192.168.29.8',
    externalIp: '203.0.113.91',
    networkType: 'wifi',
    iceServers: [{ turnIpAddress: '198.51.100.41', port: 3478 }],
  },
  Sydney: {
    isp: 'Telstra',
    country: 'Australia',
    localIp: '10.0.0.12',
    externalIp: '203.0.113.120',
    networkType: 'ethernet',
    iceServers: [{ turnIpAddress: '198.51.100.63', port: 3478 }],
  },
  Tokyo: {
    isp: 'NTT Communications',
    country: 'Japan',
    localIp: '192.168.10.5',
    externalIp: '203.0.113.140',
    networkType: 'ethernet',
    iceServers: [{ turnIpAddress: '198.51.100.77', port: 3478 }],
  },
  Frankfurt: {
    isp: 'Deutsche Telekom',
    country: 'Germany',
    localIp: '192.168.178.20',
    externalIp: '203.0.113.166',
    networkType: 'ethernet',
    iceServers: [{ turnIpAddress: '198.51.100.90', port: 3478 }],
  },
  London: {
    isp: 'BT',
    country: 'United Kingdom',
    localIp: '192.168.1.64',
    externalIp: '203.0.113.201',
    networkType: 'wifi',
    iceServers: [{ turnIpAddress: '198.51.100.104', port: 3478 }],
  },
};

/**
 * Agents whose machines raise the softphone warning tags of spec 002 §9 (CPU, memory,
 * unsupported browser) through the group's tagging configs; their calls connect as usual.
 */
export const SOFTPHONE_MACHINES: Readonly<
  Record<string, Partial<Pick<SoftphoneProfile, 'browser' | 'cpu' | 'memory'>>>
> = {
  'agent-high-cpu': {
    cpu: { model: 'Intel(R) Celeron(R) N4020 CPU @ 1.10GHz', min: 71, max: 100, avg: 93 },
  },
  'agent-high-memory': { memory: { min: 88, max: 97, avg: 94, total: 4_096 } },
  'agent-old-browser': { browser: { name: 'Chrome', version: '109.0.5414.120' } },
};

/**
 * The softphone of an agent in `region` (a region without a row reads as North Virginia's), on
 * the machine SOFTPHONE_MACHINES gives the agent id, or the usual one.
 */
export function softphoneProfile(region: string, agentId = ''): SoftphoneProfile {
  const place = SOFTPHONES[region] ?? SOFTPHONES['North Virginia'];
  if (!place) throw new Error('softphone table is empty');
  return {
    ...place,
    browser: { name: 'Chrome', version: '126.0.6478.127' },
    cpu: { model: 'Intel(R) Core(TM) i5-10310U CPU @ 1.70GHz', min: 9, max: 38, avg: 21 },
    memory: { min: 54, max: 61, avg: 57, total: 16_384 },
    ...SOFTPHONE_MACHINES[agentId],
  };
}

/** How the contact centre handled a call. */
export type ContactRouting = (typeof CONTACT_ROUTINGS)[number];

/** The agent leg of a human agent's call (times are epoch ms). */
export interface AgentLegReport {
  offeredAtMs: number;
  acceptedAtMs: number | null;
  /** The first audio from the connect reached the softphone. */
  connectedAtMs: number | null;
  endedAtMs: number | null;
  /** What the connect received from the agent (agent_to_connect). */
  atConnect: ReceivedStream | null;
  /** What the agent's softphone received (connect_to_agent). */
  atAgent: ReceivedStream | null;
  toAgentClock: SendClock | null;
  fromAgentClock: SendClock | null;
  softphone: SoftphoneProfile;
}

/** What the contact centre knows of one answered call (its CCaaS contact record). */
export interface ContactCentreCallReport {
  /** The SIP Call-ID (the dialler's call id). */
  callId: string;
  /** The contact's id and the contact centre's own call id. */
  contactId: string;
  receiverCallId: string;
  number: string;
  route: ContactRoute | null;
  behaviour: ContactCentreBehaviour;
  routing: ContactRouting;
  /** Why the contact centre ended the call, in words; null when the caller hung up. */
  message: string | null;
  answeredAtMs: number;
  endedAtMs: number | null;
  /** Routed to the agent (the virtual agent's pickup, or the offer to a human agent). */
  routedAtMs: number | null;
  /** What the connect received from the caller (dialler_to_connect, and connect.wav). */
  customer: ReceivedStream;
  /** When the connect's stream toward the caller started. */
  customerClock: SendClock | null;
  agent: AgentLegReport | null;
}

/** How a probe reaches the contact centre and fetches what it recorded of a call. */
export interface ContactCentreLink {
  readonly address: RemoteAddress;
  /** The report of an answered call once it has ended; null when unknown or not in time. */
  callReport?(callId: string, timeoutMs: number): Promise<ContactCentreCallReport | null>;
}

export interface ContactCentreOptions {
  /** Where it listens (default 127.0.0.1, an ephemeral port). */
  host?: string;
  port?: number;
  timers?: Partial<TimerConfig>;
  /** Behaviours of target numbers (e.g. a busy number); they win over the agent's. */
  numbers?: Record<string, ContactCentreBehaviour>;
  /** Whether numbers not in `numbers` are answered (default true); false: 404. */
  answerUnlisted?: boolean;
  /** Behaviours by agent id (default DEFAULT_AGENT_BEHAVIOURS). */
  agents?: Readonly<Record<string, ContactCentreBehaviour>>;
  /** Agents the contact centre knows; others end Agent Error (default: every id). */
  isKnownAgent?: (agentId: string, agentType: AgentType) => boolean;
  /** The network profile of an agent region (default regionNetworkProfile). */
  agentProfile?: (region: string) => NetworkProfile;
  /** What agents say (default: the shipped agent reference speech). */
  agentSpeech?: Recording;
  timing?: Partial<ContactCentreTiming>;
  now?: () => number;
  /** One line per datagram dropped or call failed (default: console.warn, rate-limited). */
  log?: SipLog;
}

/** Reports are kept this long after a call for the probe to fetch. */
const REPORT_TTL_MS = 5 * 60_000;

/** The contact-centre simulator; start() it, dial its numbers, close() it. */
export class ContactCentre implements ContactCentreLink {
  private readonly calls = new Map<string, ContactCall>();
  private readonly speech: Int16Array;
  readonly timing: ContactCentreTiming;
  private endpoint: AnsweringEndpoint | undefined;

  private constructor(
    private readonly options: ContactCentreOptions,
    speech: Recording,
  ) {
    this.speech =
      speech.sampleRate === 8000
        ? speech.samples
        : toInt16(resample(speech.samples, speech.sampleRate, 8000));
    this.timing = { ...DEFAULT_CONTACT_CENTRE_TIMING, ...options.timing };
  }

  static async start(options: ContactCentreOptions = {}): Promise<ContactCentre> {
    const speech = options.agentSpeech ?? (await loadReferenceSpeech('agent'));
    const centre = new ContactCentre(options, speech);
    centre.endpoint = await AnsweringEndpoint.start({
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.timers ? { timers: options.timers } : {}),
      ...(options.log ? { log: options.log } : {}),
      behaviours: {},
      behaviourFor: (request, number) => centre.behaviourFor(request, number),
    });
    return centre;
  }

  get address(): RemoteAddress {
    return this.sip.address;
  }

  /** The SIP side, for assertions on what it saw. */
  get sip(): AnsweringEndpoint {
    if (!this.endpoint) throw new Error('The contact centre is not started');
    return this.endpoint;
  }

  async callReport(callId: string, timeoutMs: number): Promise<ContactCentreCallReport | null> {
    const call = this.calls.get(callId);
    if (!call) return null;
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      call.ended.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    return ended ? call.report : null;
  }

  async close(): Promise<void> {
    await this.endpoint?.close();
    await Promise.all([...this.calls.values()].map((c) => c.close()));
    this.calls.clear();
  }

  private behaviourFor(request: SipRequest, number: string): UasBehaviour | undefined {
    const route = routeOfUri(request.uri);
    const listed = this.options.numbers?.[number];
    if (!listed && this.options.answerUnlisted === false) return undefined;
    const agents = this.options.agents ?? DEFAULT_AGENT_BEHAVIOURS;
    let behaviour: ContactCentreBehaviour =
      listed && listed !== 'answer' ? listed : ((route && agents[route.agentId]) ?? 'answer');
    if (
      behaviour === 'answer' &&
      route &&
      this.options.isKnownAgent &&
      !this.options.isKnownAgent(route.agentId, route.agentType)
    ) {
      behaviour = 'unknownAgent';
    }
    switch (behaviour) {
      case 'busy':
        return { kind: 'reject', status: 486 };
      case 'noAnswer':
        return { kind: 'noAnswer' };
      case 'failed':
        return { kind: 'reject', status: 503, ringMs: 100 };
      case 'noResponse':
        return { kind: 'noResponse' };
      default:
        return {
          kind: 'answer',
          ringMs: this.timing.answerRingMs,
          media: (call) => this.open(call, route, behaviour),
        };
    }
  }

  private async open(
    call: AnsweredCall,
    route: ContactRoute | null,
    behaviour: ContactCentreBehaviour,
  ): Promise<CallMedia> {
    const contact = await ContactCall.open({
      call,
      route,
      behaviour,
      timing: this.timing,
      speech: this.speech,
      agentProfile: this.options.agentProfile ?? regionNetworkProfile,
      now: this.options.now ?? clockMs,
    });
    this.calls.set(call.callId, contact);
    void contact.ended.then(() => {
      setTimeout(() => this.calls.delete(call.callId), REPORT_TTL_MS).unref();
    });
    return contact;
  }
}

/** `ms` of silence then the speech (8 kHz), G.711-encoded in `law`. */
export function speechAfter(ms: number, speech: Int16Array, law: G711Law): Uint8Array {
  const pad = Math.max(0, Math.round(ms * 8));
  const codes = new Uint8Array(pad + speech.length).fill(G711_SILENCE[law]);
  codes.set(encodeG711(speech, law), pad);
  return codes;
}

interface ContactCallOptions {
  call: AnsweredCall;
  route: ContactRoute | null;
  behaviour: ContactCentreBehaviour;
  timing: ContactCentreTiming;
  speech: Int16Array;
  agentProfile: (region: string) => NetworkProfile;
  now: () => number;
}

/** One answered call: the contact flow, the routing, the agent leg, and its report. */
class ContactCall implements CallMedia {
  readonly report: ContactCentreCallReport;
  readonly ended: Promise<void>;
  private markEnded: () => void = () => {};
  private readonly sessions: RtpSession[] = [];
  private readonly links: NetworkLink[] = [];
  /** The senders toward the caller and, once accepted, toward and from the agent. */
  private readonly senders: {
    customer?: NetworkLink;
    toAgent?: NetworkLink;
    fromAgent?: NetworkLink;
  } = {};
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  /** What the connect sends the caller when nothing is queued: the echo, then the agent. */
  private source: Playout | null = null;
  private customerSession: RtpSession | undefined;

  private constructor(private readonly o: ContactCallOptions) {
    this.ended = new Promise((resolve) => (this.markEnded = resolve));
    this.report = {
      callId: o.call.callId,
      contactId: randomUUID(),
      receiverCallId: randomUUID(),
      number: o.call.number,
      route: o.route,
      behaviour: o.behaviour,
      routing: 'contactFlow',
      message: null,
      answeredAtMs: o.now(),
      endedAtMs: null,
      routedAtMs: null,
      customer: new ReceivedStream(o.call.law, o.now),
      customerClock: null,
      agent: null,
    };
  }

  get port(): number {
    return this.customerSession?.port ?? 0;
  }

  /** Opens the call's media; on failure what was opened is closed and the error thrown. */
  static async open(o: ContactCallOptions): Promise<ContactCall> {
    const call = new ContactCall(o);
    try {
      await call.start();
    } catch (error) {
      await call.close().catch(() => undefined);
      throw error;
    }
    return call;
  }

  /** The poorAudio behaviour's receiving loss; everything is kept otherwise. */
  private lossy(seed: string): () => boolean {
    if (this.o.behaviour !== 'poorAudio') return () => true;
    const random = Random.from(seed);
    return () => !random.chance(POOR_AUDIO_PROFILE.lossPercent / 100);
  }

  private async start(): Promise<void> {
    const { call, timing, now } = this.o;
    const link = (this.senders.customer = this.link(
      this.o.behaviour === 'poorAudio' ? POOR_AUDIO_PROFILE : CLEAN_NETWORK_PROFILE,
      `${call.callId}:connect-to-dialler`,
    ));
    const keep = this.lossy(`${call.callId}:dialler-to-connect`);
    this.source = this.report.customer.playout(timing.jitterBufferMs);
    const session = await RtpSession.open({
      law: call.law,
      onAudio: (p) => {
        if (keep()) this.report.customer.push(p);
      },
      transmit: link.transmit,
      nextFrame: () => this.source?.pull(),
    });
    this.sessions.push(session);
    this.customerSession = session;
    session.start(call.remote);
    this.report.answeredAtMs = now();
    this.after(CALL_TIMELINE.echoWindowMs, () => this.route());
    if (this.o.behaviour === 'hangUpEarly') {
      this.after(timing.hangUpEarlyMs, () => this.end('hungUp', 'The contact centre hung up'));
    }
  }

  private link(profile: NetworkProfile, seed: string): NetworkLink {
    const link = new NetworkLink(profile, { seed, now: this.o.now });
    this.links.push(link);
    return link;
  }

  private after(ms: number, fire: () => void): void {
    const handle = setTimeout(() => {
      this.timers.delete(handle);
      if (this.closed) return;
      try {
        fire();
      } catch (error) {
        // The contact flow's own failure ends this call (BYE), never the process.
        this.end('agentError', `The contact centre failed: ${errorText(error)}`);
      }
    }, ms);
    this.timers.add(handle);
  }

  /** Ends the call from the contact centre's side with a reason. */
  private end(routing: ContactRouting, message: string): void {
    if (this.closed) return;
    this.report.routing = routing;
    this.report.message = message;
    try {
      this.o.call.hangup();
    } catch {
      void this.close(); // the endpoint's hangup logs its own failures; the media still ends
    }
  }

  private route(): void {
    const { route, behaviour, timing, now, call } = this.o;
    this.source = null;
    this.report.customerClock = this.senders.customer?.clock ?? null;
    if (!route || behaviour === 'unknownAgent') {
      this.end(
        'agentError',
        route
          ? `Agent ${route.agentId} is not known to the contact centre`
          : 'The call names no agent to route to',
      );
      return;
    }
    if (behaviour === 'queueTimeout') {
      this.after(timing.queueTimeoutMs, () =>
        this.end('queueTimeout', 'No agent became available before the queue timed out'),
      );
      return;
    }
    this.report.routedAtMs = now();
    const sinceAnswer = now() - this.report.answeredAtMs;
    if (route.agentType === 'VIRTUAL_AGENT') {
      this.report.routing = 'connected';
      this.customerSession?.sendAudio(
        speechAfter(CALL_TIMELINE.speechStartMs - sinceAnswer, this.o.speech, call.law),
      );
      return;
    }
    const agent: AgentLegReport = {
      offeredAtMs: now(),
      acceptedAtMs: null,
      connectedAtMs: null,
      endedAtMs: null,
      atConnect: null,
      atAgent: null,
      toAgentClock: null,
      fromAgentClock: null,
      softphone: softphoneProfile(route.agentRegion, route.agentId),
    };
    this.report.agent = agent;
    if (behaviour === 'softphoneError') {
      this.end('agentError', `The softphone of agent ${route.agentId} failed to connect`);
      return;
    }
    if (behaviour === 'notAccepted') {
      this.after(timing.agentRingTimeoutMs, () =>
        this.end('notAcceptedByAgent', `Agent ${route.agentId} did not accept the contact`),
      );
      return;
    }
    this.after(timing.agentRingMs, () => {
      this.connectAgent(agent, route).catch((error: unknown) =>
        this.end(
          'agentError',
          `The softphone of agent ${route.agentId} failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    });
  }

  /** The agent accepts: the softphone leg opens, and the connect relays both ways. */
  private async connectAgent(agent: AgentLegReport, route: ContactRoute): Promise<void> {
    const { call, timing, now } = this.o;
    agent.acceptedAtMs = now();
    this.report.routing = 'connected';
    const profile = this.o.agentProfile(route.agentRegion);
    const toAgent = (this.senders.toAgent = this.link(profile, `${call.callId}:connect-to-agent`));
    const fromAgent = (this.senders.fromAgent = this.link(
      profile,
      `${call.callId}:agent-to-connect`,
    ));
    const atConnect = new ReceivedStream(call.law, now);
    const atAgent = new ReceivedStream(call.law, now);
    agent.atConnect = atConnect;
    agent.atAgent = atAgent;
    const keep = this.lossy(`${call.callId}:agent-in`);
    const toAgentPlayout = this.report.customer.playout(timing.jitterBufferMs);
    const connectSide = await RtpSession.open({
      law: call.law,
      onAudio: (p) => {
        if (keep()) atConnect.push(p);
      },
      transmit: toAgent.transmit,
      nextFrame: () => toAgentPlayout.pull(),
    });
    const softphone = await RtpSession.open({
      law: call.law,
      onAudio: (p) => {
        agent.connectedAtMs ??= now();
        atAgent.push(p);
      },
      transmit: fromAgent.transmit,
    });
    this.sessions.push(connectSide, softphone);
    if (this.closed) {
      await Promise.all([connectSide.close(), softphone.close()]);
      return;
    }
    connectSide.start({ address: '127.0.0.1', port: softphone.port });
    softphone.start({ address: '127.0.0.1', port: connectSide.port });
    const sinceAnswer = now() - this.report.answeredAtMs;
    softphone.sendAudio(
      speechAfter(CALL_TIMELINE.speechStartMs - sinceAnswer, this.o.speech, call.law),
    );
    this.source = atConnect.playout(timing.jitterBufferMs);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const endedAt = this.o.now();
    for (const handle of this.timers) clearTimeout(handle);
    this.timers.clear();
    this.report.customerClock ??= this.senders.customer?.clock ?? null;
    if (this.report.agent) {
      this.report.agent.endedAtMs = endedAt;
      this.report.agent.toAgentClock = this.senders.toAgent?.clock ?? null;
      this.report.agent.fromAgentClock = this.senders.fromAgent?.clock ?? null;
    }
    for (const link of this.links) link.close();
    await Promise.all(this.sessions.map((s) => s.close()));
    this.report.endedAtMs = endedAt;
    this.markEnded();
  }
}
