import { createSocket } from 'node:dgram';
import { JobDetailsSchema, NO_SCORE_STATUSES } from '@callsight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../adapters/dialler/media/test-support.ts';
import { createNoSpeechToText } from '../../adapters/stt/index.ts';
import { carrierOf, runTestCall, type TestCallEnv, type TestCallPlan } from './test-call.ts';
import { openTestCallRig, type TestCallRig } from './test-call-rig.ts';

/**
 * Test calls end to end over loopback (test-call-rig.ts): every job status, the failures, and a
 * call too impaired to pass. Calls scored near the top are in test-call.realtime.test.ts.
 */
let rig: TestCallRig;
beforeAll(async () => {
  rig = await openTestCallRig();
});
afterAll(() => rig.close());
const plan = (over?: Partial<TestCallPlan>) => rig.plan(over);
const env = (over?: Partial<TestCallEnv>) => rig.env(over);

describe('runTestCall: every job status', () => {
  it.each([
    ['agent-busy', 'VIRTUAL_AGENT', 'Busy', '486 Busy Here'],
    ['agent-no-answer', 'VIRTUAL_AGENT', 'No Answer', 'Not answered within 0.6 s'],
    ['agent-failed', 'VIRTUAL_AGENT', 'Failed', '503 Service Unavailable'],
    ['agent-unreachable', 'VIRTUAL_AGENT', 'Call Failed', 'No response from the contact centre'],
    [
      'agent-hangup',
      'VIRTUAL_AGENT',
      'Call Disconnected Prematurely',
      'The contact centre hung up',
    ],
    [
      'agent-unknown',
      'VIRTUAL_AGENT',
      'Agent Error',
      'Agent agent-unknown is not known to the contact centre',
    ],
    ['stranger', 'HUMAN_AGENT', 'Agent Error', 'Agent stranger is not known to the contact centre'],
    [
      'agent-softphone-error',
      'HUMAN_AGENT',
      'Agent Error',
      'The softphone of agent agent-softphone-error failed to connect',
    ],
    [
      'agent-offline',
      'VIRTUAL_AGENT',
      'Call Not Accepted',
      'No agent became available before the queue timed out',
    ],
    [
      'agent-no-accept',
      'HUMAN_AGENT',
      'Call Not Accepted by Agent',
      'Agent agent-no-accept did not accept the contact',
    ],
  ] as const)('%s (%s) ends %s', async (agentId, agentType, status, message) => {
    const outcome = await runTestCall(
      plan({ agentId, agentType, noAnswerTimeoutMs: 600, callDurationMs: 6000 }),
      env(),
    );
    expect(outcome.status).toBe(status);
    expect(outcome.message).toBe(message);
    expect(outcome.details.message).toBe(message);
    expect(outcome.endedAt.getTime()).toBeGreaterThanOrEqual(outcome.startedAt.getTime());
    // None of them carries speech long enough to score.
    expect([outcome.mos, outcome.cxScore, outcome.axScore, outcome.networkScore]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(JobDetailsSchema.omit({ job: true, tags: true }).parse(outcome.details)).toBeTruthy();
    // A human agent's softphone: 1 when it failed, 0 when its call went elsewhere.
    if (agentType === 'HUMAN_AGENT' && agentId !== 'stranger')
      expect(outcome.measures.softphoneError).toBe(agentId === 'agent-softphone-error' ? 1 : 0);
    else expect(outcome.measures.softphoneError).toBeNull();
    // The contact centre answered these, and its contact is named.
    if ((NO_SCORE_STATUSES as readonly string[]).includes(status) && status !== 'Call Failed') {
      expect(outcome.callContactId).not.toBeNull();
    }
  });

  it('ends Call Failed when nothing listens at the contact centre address', async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
    const port = socket.address().port;
    await new Promise<void>((r) => socket.close(() => r()));
    const outcome = await runTestCall(
      plan({ noAnswerTimeoutMs: 300 }),
      env({ contactCentre: { address: { address: '127.0.0.1', port } } }),
    );
    expect(outcome.status).toBe('Call Failed');
    expect(outcome.diallerCallId).not.toBeNull();
    expect(outcome.receiverCallId).toBeNull();
  });

  it('ends Call Failed, never rejecting, when the probe cannot run the call', async () => {
    const outcome = await runTestCall(
      plan(),
      env({
        profiles: () => {
          throw new Error('no probe for this region');
        },
      }),
    );
    expect(outcome.status).toBe('Call Failed');
    expect(outcome.message).toBe('The test call could not run: no probe for this region');
    expect(outcome.recordings).toEqual({});
  });

  it('ends Poor Call Quality when the measured MOS is below the bar', async () => {
    // On a machine without pocketsphinx: the call is measured, its transcription says why not.
    const outcome = await runTestCall(
      plan({ agentId: 'agent-poor-audio' }),
      env({ stt: createNoSpeechToText({ notInstalled: true }) }),
    );
    expect(outcome.status).toBe('Poor Call Quality');
    expect(present(outcome.mos)).toBeLessThan(3.5);
    expect(outcome.message).toBe(`MOS ${present(outcome.mos).toFixed(2)} is below 3.5`);
    expect(outcome.cxScore).not.toBeNull();
    // A virtual agent: no agent leg, so its Network score is the customer leg's measures,
    // which the details keep beside it (issue 33: a score shows what it is made of).
    expect(outcome.details.softphoneSummary).toBeNull();
    expect(outcome.networkScore).not.toBeNull();
    expect(outcome.details.network?.jitterMs).toBe(outcome.measures.jitter);
    expect(outcome.details.network?.packetLossPercent).toBe(outcome.measures.packetLoss);
    expect(outcome.details.network?.rttMs).toBe(outcome.measures.rtt);
    expect(outcome.details.network?.packetLossPercent).toBeGreaterThan(0);
    expect(outcome.details.transcription).toMatchObject({
      engine: 'not available',
      available: false,
      asrEvaluation: null,
      unavailableReason: 'notInstalled',
    });
  });
});

describe('carrierOf', () => {
  it('names the carrier by the longest matching country code', () => {
    expect(carrierOf('+61290001001')).toBe('Telstra');
    expect(carrierOf('+15551230001')).toBe('AT&T');
    expect(carrierOf('+353 1 555 0100')).toBe('Eir');
    expect(carrierOf('+999123')).toBeNull();
    expect(carrierOf('0290001001')).toBeNull();
  });
});
