import type {
  Campaign,
  CampaignCall,
  CampaignListItem,
  CampaignRun,
  CampaignRunGraph,
  CampaignRunStats,
} from '@callsight/shared';

export const CAMPAIGN_ID = '3f0c2a4e-8a57-4a43-9d1c-111111111111';
export const RUN_ID = '5b1d3c5f-9b68-4b54-8e2d-222222222222';
const AT = '2026-03-01T10:00:00.000Z';

/** The parameters a campaign is defined by; a run carries them as it ran. */
function parameters() {
  return {
    campaignId: CAMPAIGN_ID,
    type: 'fullload',
    name: 'Spring load',
    description: 'Morning peak',
    tags: ['peak'],
    fromNumber: '+61390000000',
    toNumber: null,
    totalCalls: 20,
    noAnswerTimeout: 30,
    callDuration: 10,
    callsPerSecond: 2,
    answerTreatment: '',
  } satisfies Partial<Campaign & CampaignRun>;
}

/** A campaign as GET /campaigns/{id} answers it. */
export function makeCampaign(over: Partial<Campaign> = {}): Campaign {
  return {
    id: CAMPAIGN_ID,
    ...parameters(),
    lastExecutionTime: null,
    runCount: 0,
    dataRowCount: 0,
    status: { active: false },
    createdAt: AT,
    updatedAt: AT,
    dataHeaders: [],
    data: [],
    ...over,
  };
}

/** A campaign as GET /campaigns lists it. */
export function makeListItem(over: Partial<CampaignListItem> = {}): CampaignListItem {
  const { dataHeaders: _h, data: _d, ...item } = makeCampaign();
  return { ...item, ...over };
}

export function makeRun(over: Partial<CampaignRun> = {}): CampaignRun {
  return {
    id: RUN_ID,
    ...parameters(),
    runDescription: 'First run',
    runTags: ['smoke'],
    state: 'Complete',
    status: 'Complete',
    outcome: '20 of 20 calls successful',
    isComplete: true,
    canceledAt: null,
    createdOn: AT,
    startedAt: AT,
    endedAt: '2026-03-01T10:00:30.000Z',
    dialler: 'sip',
    heldBackCalls: 0,
    rateReached: 0.67,
    ...over,
  };
}

export function makeStats(over: Partial<CampaignRunStats> = {}): CampaignRunStats {
  return {
    totalCalls: 20,
    counts: {
      Successful: 12,
      Busy: 2,
      Cancelled: 0,
      'No Answer': 1,
      Failed: 1,
      Premature: 0,
      Pending: 4,
    },
    live: 3,
    summary: { Successful: 12, Failed: 4, Pending: 4 },
    averages: { postDialDelay: 1.234, timeToAnswer: 2.5, callDuration: null },
    ...over,
  };
}

export function makeGraph(): CampaignRunGraph {
  return {
    bucketMs: 1000,
    startedAt: AT,
    seconds: 22,
    points: [
      { second: 0, expected: 2, actual: 1, expectedStarts: 2, starts: 2, failed: 0 },
      { second: 1, expected: 4, actual: 3, expectedStarts: 2, starts: 2, failed: 1 },
    ],
  };
}

export function makeCall(seq: number, over: Partial<CampaignCall> = {}): CampaignCall {
  return {
    seq,
    callSid: `CA${String(seq).padStart(4, '0')}`,
    toNumber: '+61390000001',
    fromNumber: '+61390000000',
    answerTreatment: '1#',
    status: 'Successful',
    createdAt: '2026-03-01T10:00:00.125Z',
    queuedAt: null,
    initiatedAt: '2026-03-01T10:00:00.250Z',
    ringingAt: null,
    inProgressAt: null,
    completedAt: '2026-03-01T10:00:10.500Z',
    noAnswerAt: null,
    busyAt: null,
    canceledAt: null,
    terminatedPrematurelyAt: null,
    failedAt: null,
    sipCode: 200,
    reason: null,
    callDuration: 10,
    postDialDelay: 0.5,
    timeToAnswer: 1.25,
    recordingUrl: null,
    ...over,
  };
}
