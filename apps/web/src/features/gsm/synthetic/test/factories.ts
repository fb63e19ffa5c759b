import type {
  HeartbeatTest,
  JobDetails,
  JobInsights,
  JobStats,
  Monitor,
  PolqaScore,
  SyntheticJob,
} from '@callsight/shared';
import { jsonResponse } from '../../../../test/factories.ts';

export const MONITOR_ID = '6a0c2a4e-8a57-4a43-9d1c-111111111111';
export const TEST_ID = '7b1d3c5f-9b68-4b54-8e2d-222222222222';
export const JOB_ID = '8c2e4d6a-0c79-4c65-9f3e-333333333333';
const AT = '2026-03-01T10:00:00.000Z';

/** An id numbered n (for lists of several). */
export const uuid = (n: number) => `9d3f5e7b-1d8a-4d76-8a4f-${String(n).padStart(12, '0')}`;

export function makeMonitor(over: Partial<Monitor> = {}): Monitor {
  return {
    monitorId: MONITOR_ID,
    description: 'Sydney path',
    connectRegions: ['Sydney'],
    agentRegions: ['London'],
    schedule: 30,
    active: true,
    createdOn: AT,
    lastRun: null,
    nextRun: '2026-03-01T10:30:00.000Z',
    ...over,
  };
}

export function makeTest(over: Partial<HeartbeatTest> = {}): HeartbeatTest {
  return {
    heartbeatId: TEST_ID,
    agentType: 'VIRTUAL_AGENT',
    agentIds: ['Bot A'],
    sourcePhoneNumber: '+61390000000',
    targetPhoneNumber: '+61390000009',
    description: 'Morning check',
    schedule: 15,
    active: true,
    createdOn: AT,
    lastRun: null,
    nextRun: null,
    ...over,
  };
}

export function makeJob(over: Partial<SyntheticJob> = {}): SyntheticJob {
  return {
    jobId: JOB_ID,
    kind: 'heartbeat',
    heartbeatId: TEST_ID,
    monitorId: null,
    agentId: 'Bot A',
    agentType: 'VIRTUAL_AGENT',
    cxScore: 9,
    axScore: 8,
    networkScore: 7,
    mos: 4.213,
    diallerCallId: 'dialler-1',
    receiverCallId: 'ccaas-1',
    callContactId: 'contact-1',
    callSid: null,
    status: 'Completed',
    description: 'Morning check',
    carrier: 'Telstra',
    tags: [],
    toNumber: '+61390000009',
    fromNumber: '+61390000000',
    connectRegion: 'Sydney',
    agentRegion: 'London',
    preview: 'Completed in 42 s',
    createdOn: AT,
    updatedOn: '2026-03-01T10:01:00.000Z',
    ...over,
  };
}

export function makeHop(over: Partial<PolqaScore> = {}): PolqaScore {
  return {
    location: 'dialler_to_connect',
    score: 4.2,
    type: 'standard',
    reference: 4.5,
    lossPercent: 6.6667,
    url: `/api/gsm/jobs/${JOB_ID}/recordings/dialler_to_connect`,
    delayMs: 120,
    waveform: { reference: [-0.5, 0.5, -0.4, 0.4], degraded: [-0.3, 0.3, -0.2, 0.2] },
    ...over,
  };
}

const metric = (avg: number) => ({ min: avg / 2, max: avg * 2, avg });

export function makeDetails(over: Partial<JobDetails> = {}): JobDetails {
  return {
    job: makeJob(),
    tags: ['Poor call quality', 'Very High audio latency'],
    polqaScores: [
      makeHop(),
      makeHop({ location: 'connect_to_dialler', score: 4.4, lossPercent: 2.2222 }),
      makeHop({ location: 'agent_to_connect', reference: 4.8, type: 'wideband', score: 4.6 }),
      makeHop({ location: 'connect_to_agent', reference: 4.8, type: 'wideband', score: 4.5 }),
    ],
    audioLatency: [
      { recordingType: 'echo', averageLatencyMs: 640 },
      { recordingType: 'connect', averageLatencyMs: 240 },
    ],
    pstnLatencyMs: 400,
    transcription: {
      transcriptionJobName: 'job-1',
      languageCode: 'en-US',
      engine: 'pocketsphinx',
      available: true,
      asrEvaluation: {
        wer: 0.125,
        wrr: 0.9,
        substitutions: 1,
        insertions: 0,
        deletions: 2,
        transcripts: [
          {
            location: 'connect_to_dialler',
            reference: 'thank you for calling',
            hypothesis: 'thank you for falling',
          },
        ],
      },
    },
    softphoneEvents: {
      connected: '2026-03-01T10:00:05.000Z',
      accepted: '2026-03-01T10:00:03.000Z',
      ended: '2026-03-01T10:00:47.000Z',
    },
    softphoneSummary: {
      agentISP: 'Acme ISP',
      agentLocalIPAddress: '10.0.0.5',
      agentExternalIPAddress: '203.0.113.5',
      browser: { name: 'Chrome', version: '124' },
      agentCountry: 'Australia',
      agentRegion: 'NSW',
      networkType: 'wifi',
      networkPerformanceMetrics: {
        jitter: metric(12),
        packetLoss: metric(3),
        outboundPacketLossPercentage: metric(0.5),
        rtt: metric(80),
        mos: metric(4.2),
      },
      system: {
        cpu: { ...metric(30), model: 'Intel i7' },
        // Memory used (%), and the machine's total (MB), as the softphone reports them.
        memory: { min: 54, max: 61, avg: 57, total: 16384 },
      },
      iceServers: [{ turnIpAddress: '198.51.100.7', port: 3478 }],
    },
    contactTraceSummary: null,
    network: { jitterMs: 14.5, packetLossPercent: 3.2, rttMs: 95 },
    telephony: {
      sipCode: 200,
      sipReason: 'OK',
      postDialDelayMs: 1500,
      ringingMs: 3000,
      answerTimeSec: 2,
      durationSec: 42,
    },
    message: null,
    ...over,
  };
}

export function makeStats(): JobStats {
  return [0, 1, 2].map((s) => ({
    timestamp: `2026-03-01T10:00:0${s + 5}.000Z`,
    rtt: 80 + s,
    mos: 4.2,
    packetsLost: s,
    jitter: 10,
  }));
}

export function makeInsights(
  over: Partial<JobInsights['summary']['properties']> = {},
): JobInsights {
  return {
    summary: {
      from: { caller: '+61390000000' },
      to: { callee: '+61390000009', carrier: 'Telstra' },
      properties: { pdd_ms: 1500, last_sip_response_num: 200, ...over },
    },
    carrier_edge: 'edge-syd',
  };
}

/** A list answer with its total in the recordcount header. */
export function countedResponse(rows: unknown[], total = rows.length): Response {
  return new Response(JSON.stringify(rows), {
    status: 200,
    headers: { 'Content-Type': 'application/json', recordcount: String(total) },
  });
}

/** An API refusal in the one error shape. */
export const apiError = (status: number, message: string) =>
  jsonResponse(status, { error: { code: status === 400 ? 'VALIDATION' : 'ERROR', message } });
