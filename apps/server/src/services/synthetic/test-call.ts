/**
 * One synthetic test call, measured (issue 18): the probe dials the contact centre through its
 * own SIP stack with its connect region's network profile on its RTP sender, plays the customer
 * reference speech, records what it hears, and scores every hop against its reference.
 * Timeline (ms from the answer, CALL_TIMELINE): 0-1000 the echo segment (the contact flow sends
 * it back: echo latency; the connect's recording of it: connect latency), silence, then from
 * 2400 the customer speech while the agent speaks back; the call ends at callDurationMs.
 */
import { EMPTY_DETAILS } from './jobs.ts';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AUDIO_HOPS,
  NO_SCORE_STATUSES,
  SYNTHETIC_TEXTS,
  combinedMos,
  isSupportedBrowser,
  jobScores,
  lossPercent,
  pstnLatencyMs,
  qualityStatus,
  type TAGGING_FIELDS,
  type AudioHopLocation,
  type JobDetails,
  type JobStats,
  type JobStatus,
} from '@callsight/shared';
import {
  CALL_TIMELINE,
  contactCentreUri,
  speechAfter,
  type ContactCentreCallReport,
  type ContactCentreLink,
} from '../../adapters/dialler/contact-centre.ts';
import { encodeG711, lawOfPayloadType } from '../../adapters/dialler/media/g711.ts';
import { RtpSession } from '../../adapters/dialler/media/rtp-session.ts';
import {
  SipCall,
  type CallEvent,
  type CallResult,
  type SipStack,
} from '../../adapters/dialler/sip/index.ts';
import type { SpeechToText } from '../../adapters/stt/stt-adapter.ts';
import {
  analyseHop,
  loadReferenceSpeech,
  measureLatency,
  waveformOf,
  wordErrorRate,
  writeWavFile,
  type HopAnalysis,
  type ReferenceSpeech,
} from '../audio-analytics/index.ts';
import { activityMask, frameEnergies } from '../audio-analytics/levels.ts';
import { toFloat32 } from '../audio-analytics/pcm.ts';
import {
  NetworkLink,
  ReceivedStream,
  clockMs,
  type NetworkProfile,
  type SendClock,
} from './network-profile.ts';
import type { JobResult } from './results.ts';
import {
  agentLegOf,
  agentTelemetryOf,
  softphoneSummaryOf,
  type AgentTelemetry,
} from './agent-leg.ts';
import { maxOf, round, sumOf } from './figures.ts';

export interface TestCallPlan {
  jobId: string;
  kind: 'monitor' | 'heartbeat';
  fromNumber: string;
  toNumber: string;
  agentType: 'HUMAN_AGENT' | 'VIRTUAL_AGENT';
  agentId: string;
  connectRegion: string;
  agentRegion: string;
  /** From the answer to our BYE; about 10 s carries the whole references. */
  callDurationMs: number;
  noAnswerTimeoutMs: number;
  /** The group's bar: a completed call whose MOS is below it is Poor Call Quality. */
  poorQualityMos: number;
  /** <location>.wav, echo.wav and connect.wav are written here. */
  recordingsDir: string;
}

export interface TestCallEnv {
  /** The probe's own SIP stack (a SipDialler has one). */
  dialler: { readonly stack: SipStack };
  contactCentre: ContactCentreLink;
  /** The network profile of a probe region. */
  profiles: (region: string) => NetworkProfile;
  stt: SpeechToText;
  /** Wall clock (epoch ms), shared with the contact centre's. */
  now?: () => number;
  /** The reference speech both sides play (default: the shipped recordings). */
  references?: { customer: ReferenceSpeech; agent: ReferenceSpeech };
}

/** Figures a heartbeat tagging config may test, by TAGGING_FIELDS name. */
export type TestCallMeasures = Record<(typeof TAGGING_FIELDS)[number]['value'], number | null>;

/**
 * A job's result: polqaScores' urls are null (the job's routes serve `recordings`, WAV paths by
 * location); `stats` are the agent leg's seconds (a human agent's softphone).
 */
export interface TestCallOutcome extends JobResult {
  measures: TestCallMeasures;
}

const SAMPLE_RATE = 8000;
/** Speech stops this long before the BYE, so that its end reaches every recording. */
const TAIL_MS = 600;
/** Less speech than this is not scored (a call cut early). */
const MIN_SPEECH_MS = 1000;
/** Recordings of the hops start this long before the speech was sent. */
const LEAD_MS = 300;
/** Longest echo or connect latency searched. */
const MAX_LATENCY_MS = 1500;
/** With no provisional response this long after the no-answer time-out, nothing answers. */
const NO_RESPONSE_GRACE_MS = 2000;
/** A call still not ended this long after its planned end is given up. */
const OVERRUN_MS = 10_000;
const REPORT_TIMEOUT_MS = 3000;
const TRANSCRIBE_TIMEOUT_MS = 60_000;
/** Points of each waveform envelope. */
const WAVEFORM_POINTS = 400;

const rounded = (value: number | null) => (value === null ? null : round(value));

/**
 * Carriers by country calling code (ours, plausible: the incumbent or the largest business
 * carrier of the country); the longest matching code wins.
 */
export const CARRIERS_BY_COUNTRY_CODE: Readonly<Record<string, string>> = {
  '1': 'AT&T',
  '44': 'BT',
  '61': 'Telstra',
  '64': 'Spark',
  '65': 'Singtel',
  '81': 'NTT Communications',
  '91': 'Tata Communications',
  '49': 'Deutsche Telekom',
  '33': 'Orange',
  '353': 'Eir',
  '27': 'Telkom',
  '55': 'Embratel',
};

/** The carrier of an E.164 number; null when its country code is not in the table. */
export function carrierOf(number: string): string | null {
  const digits = number.replace(/[^\d]/g, '');
  if (!number.trim().startsWith('+')) return null;
  for (let n = 3; n >= 1; n--) {
    const carrier = CARRIERS_BY_COUNTRY_CODE[digits.slice(0, n)];
    if (carrier) return carrier;
  }
  return null;
}

/** Places one test call and measures it; never rejects and never hangs. */
export async function runTestCall(plan: TestCallPlan, env: TestCallEnv): Promise<TestCallOutcome> {
  const now = env.now ?? clockMs;
  const startedAtMs = now();
  try {
    return await placeAndMeasure(plan, env, now, startedAtMs);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return unmeasured(
      {
        startedAt: new Date(startedAtMs),
        endedAt: new Date(now()),
        carrier: carrierOf(plan.toNumber),
      },
      'Call Failed',
      `The test call could not run: ${message}`,
      telephonyOf(error instanceof Error ? error : new Error(message), [], null),
    );
  }
}

/** A call with nothing measured (not answered, or failed before its media). */
function unmeasured(
  base: Partial<TestCallOutcome> & Pick<TestCallOutcome, 'startedAt' | 'endedAt' | 'carrier'>,
  status: JobStatus,
  message: string | null,
  telephony: Telephony,
  report: ContactCentreCallReport | null = null,
): TestCallOutcome {
  return {
    diallerCallId: null,
    receiverCallId: null,
    callContactId: null,
    ...base,
    status,
    message,
    mos: null,
    cxScore: null,
    axScore: null,
    networkScore: null,
    details: emptyDetails(telephony, message),
    stats: [],
    recordings: {},
    measures: measuresOf(null, null, null, telephony, report),
  };
}

async function placeAndMeasure(
  plan: TestCallPlan,
  env: TestCallEnv,
  now: () => number,
  startedAtMs: number,
): Promise<TestCallOutcome> {
  const references = env.references ?? {
    customer: await loadReferenceSpeech('customer'),
    agent: await loadReferenceSpeech('agent'),
  };
  const customer = at8k(references.customer);
  const echoSegment = echoSegmentOf(customer);
  const customerSpeech = customer.subarray(0, speechWindowMs(plan.callDurationMs) * 8);

  const link = new NetworkLink(env.profiles(plan.connectRegion), {
    seed: `${plan.jobId}:dialler-to-connect`,
    now,
  });
  let received: ReceivedStream | null = null;
  const session = await RtpSession.open({
    law: 'pcmu',
    host: env.dialler.stack.local.host,
    transmit: link.transmit,
    onAudio: (p) => received?.push(p),
  });
  let call: SipCall | undefined;
  let result: CallResult | 'noResponse' | 'overrun' | Error;
  try {
    const route = {
      agentId: plan.agentId,
      agentType: plan.agentType,
      agentRegion: plan.agentRegion,
    };
    const events: CallEvent[] = [];
    const sip = new SipCall({
      stack: env.dialler.stack,
      destination: env.contactCentre.address,
      requestUri: contactCentreUri(env.contactCentre.address, plan.toNumber, route),
      fromUri: `sip:${plan.fromNumber}@callsight.local`,
      noAnswerTimeoutMs: plan.noAnswerTimeoutMs,
      callDurationMs: plan.callDurationMs,
      rtp: { address: env.dialler.stack.local.host, port: session.port },
      now,
      onEvent: (e) => events.push(e),
      // From the answer's datagram: session.start never throws for a bad address (RtpSession).
      onAnswered: (media) => {
        if (!media) return;
        const law = lawOfPayloadType(media.negotiated.payloadType) ?? 'pcmu';
        received = new ReceivedStream(law, now);
        session.useLaw(law);
        const speech = speechAfter(CALL_TIMELINE.speechStartMs, customerSpeech, law);
        speech.set(encodeG711(echoSegment, law));
        session.sendAudio(speech);
        session.start(media.remote);
      },
    });
    call = sip;
    result = await settle(sip, events, plan);
  } catch (error) {
    result = error instanceof Error ? error : new Error(String(error));
  } finally {
    link.close();
    await session.close();
  }
  const endedAtMs = now();
  const answered = typeof result === 'object' && !(result instanceof Error) && result.media;
  const report =
    answered && call && env.contactCentre.callReport
      ? await env.contactCentre.callReport(call.callId, REPORT_TIMEOUT_MS).catch(() => null)
      : null;
  const { status: callStatus, message: callMessage } = statusOf(result, report, plan);

  const base = {
    startedAt: new Date(startedAtMs),
    endedAt: new Date(endedAtMs),
    diallerCallId: call?.callId ?? null,
    receiverCallId: report?.receiverCallId ?? null,
    callContactId: report?.contactId ?? null,
    carrier: carrierOf(plan.toNumber),
  };
  const resultEvents =
    typeof result === 'object' && !(result instanceof Error) ? result.events : [];
  const telephony = telephonyOf(result, resultEvents, report);
  if (!answered || !received || !link.clock) {
    return unmeasured(base, callStatus, callMessage, telephony, report);
  }

  let measured: Measured;
  try {
    measured = await measure({
      plan,
      env,
      references,
      echoSegment,
      received,
      sentClock: link.clock,
      callEndMs: resultEvents.at(-1)?.atMs ?? endedAtMs,
      report,
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return unmeasured(base, callStatus, `The call was not measured: ${why}`, telephony, report);
  }
  let status = callStatus;
  let message = callMessage;
  if (status === 'Completed') {
    status = qualityStatus(measured.mos, plan.poorQualityMos);
    if (status === 'Poor Call Quality' && measured.mos !== null) {
      message = `MOS ${measured.mos.toFixed(2)} is below ${plan.poorQualityMos}`;
    }
  }
  const scored = !NO_SCORE_STATUSES.includes(status) && measured.scores !== null;
  const scores = scored ? measured.scores : null;
  const mos = scored ? measured.mos : null;
  return {
    ...base,
    status,
    message,
    mos,
    cxScore: scores?.cxScore ?? null,
    axScore: scores?.axScore ?? null,
    networkScore: scores?.networkScore ?? null,
    details: {
      polqaScores: measured.polqaScores,
      audioLatency: measured.audioLatency,
      pstnLatencyMs: measured.pstnLatencyMs,
      transcription: measured.transcription,
      softphoneEvents: softphoneEventsOf(report),
      softphoneSummary: measured.softphoneSummary,
      contactTraceSummary: report ? { SystemEndpoint: { Address: plan.toNumber } } : null,
      network: {
        jitterMs: rounded(measured.network.jitterMs),
        packetLossPercent: rounded(measured.network.packetLossPercent),
        rttMs: rounded(measured.network.rttMs),
      },
      telephony,
      message,
    },
    stats: measured.stats,
    recordings: measured.recordings,
    agentTelemetry: measured.agentTelemetry,
    measures: measuresOf(mos, scores, measured, telephony, report),
  };
}

/** The call's result, or why it has none: no response at all, or still up past its end. */
async function settle(
  sip: SipCall,
  events: CallEvent[],
  plan: TestCallPlan,
): Promise<CallResult | 'noResponse' | 'overrun'> {
  const timers: NodeJS.Timeout[] = [];
  try {
    return await new Promise((resolve, reject) => {
      sip.start().then(resolve, reject);
      timers.push(
        setTimeout(() => {
          if (!events.some((e) => e.type !== 'initiated')) resolve('noResponse');
        }, plan.noAnswerTimeoutMs + NO_RESPONSE_GRACE_MS),
        setTimeout(
          () => {
            try {
              sip.hangup();
            } catch {
              // the call is over for us either way; a timer must not throw
            }
            resolve('overrun');
          },
          plan.noAnswerTimeoutMs + plan.callDurationMs + OVERRUN_MS,
        ),
      );
    });
  } finally {
    for (const t of timers) clearTimeout(t);
  }
}

/** The job status of a call by its signalling and the contact centre's report (table in contact-centre.ts). */
function statusOf(
  result: CallResult | 'noResponse' | 'overrun' | Error,
  report: ContactCentreCallReport | null,
  plan: TestCallPlan,
): { status: JobStatus; message: string | null } {
  if (result === 'noResponse')
    return { status: 'Call Failed', message: 'No response from the contact centre' };
  if (result === 'overrun')
    return { status: 'Call Failed', message: 'The call did not end in time and was given up' };
  if (result instanceof Error) return { status: 'Call Failed', message: result.message };
  const reported = report?.message ?? null;
  switch (report?.routing) {
    case 'agentError':
      return { status: 'Agent Error', message: reported };
    case 'queueTimeout':
      return { status: 'Call Not Accepted', message: reported };
    case 'notAcceptedByAgent':
      return { status: 'Call Not Accepted by Agent', message: reported };
    default:
      break;
  }
  const ringing = result.events.some((e) => e.type === 'ringing');
  switch (result.outcome) {
    case 'completed':
      return { status: 'Completed', message: null };
    case 'busy':
      return { status: 'Busy', message: `${result.statusCode} ${result.reason}` };
    case 'noAnswer':
      return ringing
        ? { status: 'No Answer', message: `Not answered within ${plan.noAnswerTimeoutMs / 1000} s` }
        : { status: 'Call Failed', message: 'No response from the contact centre' };
    case 'terminatedPrematurely':
      return {
        status: 'Call Disconnected Prematurely',
        message: reported ?? 'The far end hung up before the end of the test',
      };
    case 'failed':
      return result.statusCode === 408 && !ringing
        ? { status: 'Call Failed', message: 'No response from the contact centre' }
        : { status: 'Failed', message: `${result.statusCode} ${result.reason}` };
  }
}

type Telephony = JobDetails['telephony'];

function telephonyOf(
  result: CallResult | 'noResponse' | 'overrun' | Error,
  events: readonly CallEvent[],
  report: ContactCentreCallReport | null,
): Telephony {
  const at = (type: CallEvent['type']) => events.find((e) => e.type === type)?.atMs ?? null;
  const initiated = at('initiated');
  const ringing = at('ringing');
  const inProgress = at('inProgress');
  const ev = softphoneTimes(report);
  return {
    sipCode: typeof result === 'object' && !(result instanceof Error) ? result.statusCode : null,
    sipReason: typeof result === 'object' && !(result instanceof Error) ? result.reason : null,
    postDialDelayMs: initiated !== null && ringing !== null ? round(ringing - initiated) : null,
    ringingMs: ringing !== null && inProgress !== null ? round(inProgress - ringing) : null,
    answerTimeSec:
      ev.accepted !== null && ev.connected !== null
        ? round((ev.connected - ev.accepted) / 1000, 3)
        : null,
    durationSec:
      ev.connected !== null && ev.ended !== null
        ? round((ev.ended - ev.connected) / 1000, 3)
        : null,
  };
}

/** Accepted, connected and ended (epoch ms): the softphone's, or the virtual agent's pickup. */
function softphoneTimes(report: ContactCentreCallReport | null) {
  const agent = report?.agent;
  if (agent) {
    return { accepted: agent.acceptedAtMs, connected: agent.connectedAtMs, ended: agent.endedAtMs };
  }
  const picked = report?.routing === 'connected' ? report.routedAtMs : null;
  return {
    accepted: picked,
    connected: picked,
    ended: picked !== null ? (report?.endedAtMs ?? null) : null,
  };
}

function softphoneEventsOf(report: ContactCentreCallReport | null): JobDetails['softphoneEvents'] {
  const t = softphoneTimes(report);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return { connected: iso(t.connected), accepted: iso(t.accepted), ended: iso(t.ended) };
}

function emptyDetails(telephony: Telephony, message: string | null): TestCallOutcome['details'] {
  return { ...EMPTY_DETAILS, telephony, message };
}

interface Measured {
  polqaScores: JobDetails['polqaScores'];
  audioLatency: JobDetails['audioLatency'];
  pstnLatencyMs: number | null;
  echoLatencyMs: number | null;
  transcription: JobDetails['transcription'];
  softphoneSummary: JobDetails['softphoneSummary'];
  agentTelemetry: AgentTelemetry | null;
  stats: JobStats;
  recordings: Record<string, string>;
  mos: number | null;
  scores: ReturnType<typeof jobScores> | null;
  network: { jitterMs: number | null; packetLossPercent: number | null; rttMs: number | null };
}

interface MeasureInput {
  plan: TestCallPlan;
  env: TestCallEnv;
  references: { customer: ReferenceSpeech; agent: ReferenceSpeech };
  echoSegment: Int16Array;
  received: ReceivedStream;
  sentClock: SendClock;
  callEndMs: number;
  report: ContactCentreCallReport | null;
}

/** Every measure of an answered call: hops, latency, network, softphone, transcription. */
async function measure(input: MeasureInput): Promise<Measured> {
  const { plan, received, sentClock, report } = input;
  const probeStart = sentClock.sentAtMs;
  const speechAt = probeStart + CALL_TIMELINE.speechStartMs;
  const endMs = Math.min(input.callEndMs, report?.endedAtMs ?? Infinity);
  const speechMs = Math.min(speechWindowMs(plan.callDurationMs), endMs - speechAt - TAIL_MS);
  const played = (speech: Int16Array) =>
    speechMs >= MIN_SPEECH_MS ? speech.subarray(0, Math.round(speechMs * 8)) : null;
  const { customer, agent: agentSpeech } = input.references;
  const customerPlayed = played(at8k(customer));
  const agentPlayed = played(at8k(agentSpeech));
  // Up to the speech's end plus the longest latency: a long call's silence is not kept.
  const playedMs = Math.max(customerPlayed?.length ?? 0, agentPlayed?.length ?? 0) / 8;
  const windowEnd = Math.min(endMs, speechAt + playedMs + MAX_LATENCY_MS);
  const window = (stream: ReceivedStream | null | undefined) =>
    stream ? stream.render(speechAt - LEAD_MS, windowEnd) : null;
  const agent = report?.agent;
  const recordings: Record<
    AudioHopLocation,
    { reference: Int16Array | null; degraded: Int16Array | null }
  > = {
    dialler_to_connect: { reference: customerPlayed, degraded: window(report?.customer) },
    connect_to_dialler: { reference: agentPlayed, degraded: window(received) },
    agent_to_connect: { reference: agentPlayed, degraded: window(agent?.atConnect) },
    connect_to_agent: { reference: customerPlayed, degraded: window(agent?.atAgent) },
  };

  const hops = new Map<AudioHopLocation, HopAnalysis>();
  for (const hop of AUDIO_HOPS) {
    const { reference, degraded } = recordings[hop.location];
    if (!reference || !degraded) continue;
    hops.set(
      hop.location,
      analyseHop({
        reference,
        degraded,
        sampleRate: SAMPLE_RATE,
        band: hop.type === 'wideband' ? 'wide' : 'narrow',
        maxDelayMs: 3000,
      }),
    );
  }
  const polqaScores = AUDIO_HOPS.map((hop) => {
    const analysis = hops.get(hop.location);
    const { reference, degraded } = recordings[hop.location];
    const score = analysis ? round(analysis.score) : null;
    return {
      location: hop.location,
      score,
      type: hop.type,
      reference: hop.reference,
      lossPercent: score === null ? null : round(lossPercent(hop.reference, score)),
      url: null,
      delayMs: analysis ? round(analysis.delayMs) : null,
      waveform:
        analysis && reference && degraded
          ? {
              reference: envelope(reference),
              degraded: envelope(aligned(degraded, analysis.delayMs, reference.length)),
            }
          : null,
    };
  });
  const mean = (values: number[]) =>
    values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  const byDirection = (direction: 'inbound' | 'outbound') =>
    mean(
      AUDIO_HOPS.filter((h) => h.direction === direction).flatMap((h) => {
        const s = hops.get(h.location)?.score;
        return s === undefined ? [] : [s];
      }),
    );
  const mos = hops.size ? combinedMos(byDirection('inbound'), byDirection('outbound')) : null;

  // Latency: the echo segment back at the probe, and as the connect received it.
  const latencyWindow = (stream: ReceivedStream | null | undefined) =>
    stream?.render(probeStart, probeStart + CALL_TIMELINE.echoSegmentMs + MAX_LATENCY_MS) ?? null;
  const echoRecording = latencyWindow(received);
  const connectRecording = latencyWindow(report?.customer);
  const latencyOf = (recording: Int16Array | null) =>
    recording
      ? measureLatency(input.echoSegment, recording, SAMPLE_RATE, {
          segmentMs: 500,
          maxLatencyMs: MAX_LATENCY_MS,
        }).averageLatencyMs
      : null;
  const echoMs = latencyOf(echoRecording);
  const connectMs = latencyOf(connectRecording);
  const audioLatency: JobDetails['audioLatency'] = [];
  if (echoMs !== null)
    audioLatency.push({ recordingType: 'echo', averageLatencyMs: round(echoMs) });
  if (connectMs !== null)
    audioLatency.push({ recordingType: 'connect', averageLatencyMs: round(connectMs) });
  const pstn = pstnLatencyMs(echoMs, connectMs);

  const agentLeg = agentLegOf(report);
  const customerLeg = {
    jitterMs: maxOf([report?.customer.meanJitterMs, received.meanJitterMs]),
    packetLossPercent: maxOf([report?.customer.lossPercent, received.lossPercent]),
    rttMs: sumOf([
      report?.customer.meanDelayMs(sentClock),
      received.meanDelayMs(report?.customerClock ?? null),
    ]),
  };
  const network = {
    jitterMs: maxOf([customerLeg.jitterMs, agentLeg?.averages.jitterMs]),
    packetLossPercent: maxOf([customerLeg.packetLossPercent, agentLeg?.averages.packetLossPercent]),
    rttMs: maxOf([customerLeg.rttMs, agentLeg?.averages.rttMs]),
  };
  const scores = hops.size
    ? jobScores({
        hops: Object.fromEntries([...hops].map(([k, v]) => [k, v.score])),
        echoLatencyMs: echoMs,
        network,
      })
    : null;

  const softphoneSummary = agentLeg && report?.agent ? softphoneSummaryOf(report, agentLeg) : null;
  const files = await writeRecordings(plan.recordingsDir, {
    ...Object.fromEntries(
      AUDIO_HOPS.flatMap((h) => {
        const rec = recordings[h.location].degraded;
        return rec ? [[h.location, rec]] : [];
      }),
    ),
    ...(echoRecording ? { echo: echoRecording } : {}),
    ...(connectRecording ? { connect: connectRecording } : {}),
  });

  return {
    polqaScores,
    audioLatency,
    pstnLatencyMs: pstn === null ? null : round(pstn),
    echoLatencyMs: echoMs,
    transcription: hops.size
      ? await transcribe(input.env.stt, plan.jobId, [
          {
            location: 'connect_to_dialler',
            recording: recordings.connect_to_dialler.degraded,
            reference: referenceText(agentSpeech, agentPlayed),
          },
          {
            location: 'dialler_to_connect',
            recording: recordings.dialler_to_connect.degraded,
            reference: referenceText(customer, customerPlayed),
          },
        ])
      : null,
    softphoneSummary,
    agentTelemetry:
      agentLeg && report && softphoneSummary
        ? agentTelemetryOf(report, agentLeg, softphoneSummary)
        : null,
    stats: agentLeg?.stats ?? [],
    recordings: files,
    mos: mos === null ? null : round(mos),
    scores,
    network,
  };
}

interface TranscriptionInput {
  location: AudioHopLocation;
  recording: Int16Array | null;
  reference: string;
}

/** WER of the customer-side recordings by the speech-to-text engine, or 'not available'. */
async function transcribe(
  stt: SpeechToText,
  jobId: string,
  inputs: TranscriptionInput[],
): Promise<JobDetails['transcription']> {
  const available = await stt.available().catch(() => false);
  const base = { transcriptionJobName: jobId, languageCode: stt.languageCode };
  if (!available) {
    return {
      ...base,
      engine: SYNTHETIC_TEXTS.transcriptionUnavailable,
      available: false,
      asrEvaluation: null,
      unavailableReason: stt.notInstalled ? 'notInstalled' : 'turnedOff',
    };
  }
  const transcripts: { location: string; reference: string; hypothesis: string }[] = [];
  const totals = { s: 0, i: 0, d: 0, hits: 0, n: 0 };
  try {
    for (const input of inputs) {
      if (!input.recording) continue;
      const { text } = await stt.transcribe(
        { samples: input.recording, sampleRate: SAMPLE_RATE },
        { signal: AbortSignal.timeout(TRANSCRIBE_TIMEOUT_MS) },
      );
      const wer = wordErrorRate(input.reference, text);
      totals.s += wer.substitutions;
      totals.i += wer.insertions;
      totals.d += wer.deletions;
      totals.hits += wer.hits;
      totals.n += wer.referenceWords;
      transcripts.push({ location: input.location, reference: input.reference, hypothesis: text });
    }
  } catch {
    return {
      ...base,
      engine: stt.name,
      available: true,
      asrEvaluation: null,
      unavailableReason: 'failed',
    };
  }
  if (!transcripts.length)
    return { ...base, engine: stt.name, available: true, asrEvaluation: null };
  return {
    ...base,
    engine: stt.name,
    available: true,
    asrEvaluation: {
      wer: totals.n ? round((totals.s + totals.d + totals.i) / totals.n, 4) : 0,
      wrr: totals.n ? round(totals.hits / totals.n, 4) : 0,
      substitutions: totals.s,
      insertions: totals.i,
      deletions: totals.d,
      transcripts,
    },
  };
}

/**
 * The words of a reference as far as it was played: the whole transcript, or its first words
 * in proportion to the share of the recording played (an approximation, said in the docs).
 */
function referenceText(reference: ReferenceSpeech, played: Int16Array | null): string {
  const whole = reference.samples.length;
  if (!played || played.length >= whole) return reference.transcript;
  const words = reference.transcript.split(/\s+/).filter(Boolean);
  return words.slice(0, Math.round((words.length * played.length) / whole)).join(' ');
}

/** Writes <name>.wav files; their paths by name. */
async function writeRecordings(
  dir: string,
  recordings: Record<string, Int16Array>,
): Promise<Record<string, string>> {
  await mkdir(dir, { recursive: true });
  const paths: Record<string, string> = {};
  for (const [name, samples] of Object.entries(recordings)) {
    paths[name] = join(dir, `${name}.wav`);
    await writeWavFile(paths[name], samples, SAMPLE_RATE);
  }
  return paths;
}

/**
 * The figures the group's tagging configs test (TAGGING_FIELDS). The softphone's are a human
 * agent's once the contact centre offered the call: its machine's average CPU and memory use,
 * its browser (1 when not supported: Chromium before 120, Firefox before 115, others), and 1
 * when the softphone failed.
 */
function measuresOf(
  mos: number | null,
  scores: Measured['scores'],
  measured: Measured | null,
  telephony: Telephony,
  report: ContactCentreCallReport | null,
): TestCallMeasures {
  const r = (v: number | null | undefined) => (v === null || v === undefined ? null : round(v));
  const softphone = report?.agent?.softphone ?? null;
  return {
    mos,
    jitter: r(measured?.network.jitterMs),
    packetLoss: r(measured?.network.packetLossPercent),
    rtt: r(measured?.network.rttMs),
    audioLatency: r(measured?.echoLatencyMs),
    postDialDelay: telephony.postDialDelayMs,
    ringingTime: telephony.ringingMs,
    cxScore: scores?.cxScore ?? null,
    axScore: scores?.axScore ?? null,
    networkScore: scores?.networkScore ?? null,
    cpu: r(softphone?.cpu.avg),
    memory: r(softphone?.memory.avg),
    unsupportedBrowser: softphone
      ? isSupportedBrowser(softphone.browser.name, softphone.browser.version)
        ? 0
        : 1
      : null,
    // After the offer, the only way the contact centre ends an agent's call with an agent error.
    softphoneError: report?.agent ? (report.routing === 'agentError' ? 1 : 0) : null,
  };
}

/** The speech both sides send after the timeline's start, for a call of this length. */
function speechWindowMs(callDurationMs: number): number {
  return Math.max(0, callDurationMs - CALL_TIMELINE.speechStartMs - TAIL_MS);
}

function at8k(reference: ReferenceSpeech): Int16Array {
  if (reference.sampleRate !== SAMPLE_RATE) {
    throw new Error(`Reference speech must be 8 kHz (got ${reference.sampleRate} Hz)`);
  }
  return reference.samples;
}

/** The echo segment: the first second of the customer speech, from where speech starts. */
function echoSegmentOf(speech: Int16Array): Int16Array {
  const frame = 160;
  const active = activityMask(frameEnergies(toFloat32(speech), frame, frame));
  const first = Math.max(0, active.indexOf(1) - 1) * frame;
  return speech.subarray(first, first + CALL_TIMELINE.echoSegmentMs * 8);
}

/** The recording from `delayMs` on, `length` samples (zero-padded), to compare with its reference. */
function aligned(recording: Int16Array, delayMs: number, length: number): Int16Array {
  const out = new Int16Array(length);
  const start = Math.round((delayMs * SAMPLE_RATE) / 1000);
  for (let i = 0; i < length; i++) out[i] = recording[start + i] ?? 0;
  return out;
}

/** A waveform envelope as [min, max] pairs, flattened. */
function envelope(samples: Int16Array): number[] {
  const { min, max } = waveformOf(samples, WAVEFORM_POINTS);
  return min.flatMap((lo, i) => [lo, max[i] ?? lo]);
}
