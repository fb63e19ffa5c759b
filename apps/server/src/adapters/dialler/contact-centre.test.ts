import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReferenceSpeech } from '../../services/audio-analytics/index.ts';
import {
  ContactCentre,
  contactCentreUri,
  routeOfUri,
  softphoneProfile,
  type ContactRoute,
} from './contact-centre.ts';
import { dial } from './dial.ts';
import { SipStack } from './sip/stack.ts';
import { present } from './media/test-support.ts';

/**
 * The contact-centre simulator driven by the campaign dialler's `dial()`: SIP outcomes by number
 * and agent, the contact flow, routing to a human agent's softphone leg, and its report.
 */
const timers = { t1Ms: 50, t2Ms: 400, t4Ms: 500 };
let stack: SipStack;
let centre: ContactCentre;

beforeAll(async () => {
  const agent = await loadReferenceSpeech('agent');
  stack = await SipStack.create({ timers });
  centre = await ContactCentre.start({
    timers,
    agentSpeech: { samples: agent.samples.subarray(0, 16000), sampleRate: agent.sampleRate },
    numbers: { '+15550000486': 'busy', '+15550000503': 'failed' },
    isKnownAgent: (agentId) => agentId !== 'stranger',
    timing: { answerRingMs: 20, agentRingMs: 100 },
  });
});

afterAll(async () => {
  await stack.close();
  await centre.close();
});

const route = (agentId: string, agentType: ContactRoute['agentType'] = 'HUMAN_AGENT') => ({
  agentId,
  agentType,
  agentRegion: 'Sydney',
});

const call = (number: string, r: ContactRoute, callDurationMs = 500) =>
  dial({
    stack,
    destination: centre.address,
    toUri: contactCentreUri(centre.address, number, r),
    fromUri: 'sip:+61290000100@127.0.0.1',
    noAnswerTimeoutMs: 1500,
    callDurationMs,
  });

describe('contact-centre Request-URIs', () => {
  it('carry the route as URI parameters, escaped', () => {
    const r = {
      agentId: 'anna; o=k@x',
      agentType: 'HUMAN_AGENT' as const,
      agentRegion: 'North Virginia',
    };
    const uri = contactCentreUri({ address: '127.0.0.1', port: 5070 }, '+61290001001', r);
    expect(uri.startsWith('sip:+61290001001@127.0.0.1:5070;')).toBe(true);
    expect(routeOfUri(uri)).toEqual(r);
    expect(routeOfUri('sip:+61290001001@127.0.0.1:5070')).toBeNull();
  });
});

describe('ContactCentre', () => {
  it('answers numbers by their behaviour first: busy 486, failed 503', async () => {
    const busy = await call('+15550000486', route('agent-1'));
    expect(busy).toMatchObject({ outcome: 'busy', statusCode: 486 });
    const failed = await call('+15550000503', route('agent-1'));
    expect(failed).toMatchObject({ outcome: 'failed', statusCode: 503 });
  });

  it('takes the agent behaviours: agent-busy is busy on any number', async () => {
    expect(await call('+61290001001', route('agent-busy'))).toMatchObject({ statusCode: 486 });
  });

  it('routes a human agent after the contact flow: rings, accepts, relays both ways, and reports it', async () => {
    const result = await call('+61290001001', route('anna'), 3200);
    expect(result.outcome).toBe('completed');
    const report = present(await centre.callReport(result.callId, 2000), 'report');
    expect(report).toMatchObject({ routing: 'connected', number: '+61290001001', message: null });
    expect(report.route).toEqual(route('anna'));
    const agent = present(report.agent, 'agent leg');
    // Offered when the contact flow ends (1.8 s), accepted after the 100 ms ring.
    expect(agent.offeredAtMs - report.answeredAtMs).toBeGreaterThanOrEqual(1790);
    expect(present(agent.acceptedAtMs) - agent.offeredAtMs).toBeGreaterThanOrEqual(95);
    expect(present(agent.connectedAtMs)).toBeGreaterThanOrEqual(present(agent.acceptedAtMs));
    expect(present(agent.endedAtMs)).toBeGreaterThan(present(agent.connectedAtMs));
    // The caller's stream reached the connect, the legs carried audio both ways.
    expect(report.customer.received).toBeGreaterThan(100);
    expect(present(agent.atAgent).received).toBeGreaterThan(20);
    expect(present(agent.atConnect).received).toBeGreaterThan(20);
    expect(agent.toAgentClock).not.toBeNull();
    expect(agent.softphone).toEqual(softphoneProfile('Sydney'));
    expect(result.rtpReceived).toBeGreaterThan(100);
    expect(report.contactId).not.toBe(report.receiverCallId);
  });

  it('ends the call with an agent error for an agent it does not know', async () => {
    const result = await call('+61290001001', route('stranger'), 4000);
    expect(result.outcome).toBe('terminatedPrematurely');
    const report = present(await centre.callReport(result.callId, 2000), 'report');
    expect(report.routing).toBe('agentError');
    expect(report.message).toBe('Agent stranger is not known to the contact centre');
  });

  it('gives no report for a call it never answered', async () => {
    const result = await call('+15550000486', route('agent-1'));
    expect(await centre.callReport(result.callId, 100)).toBeNull();
  });

  it('answers only its numbers when told so (others get 404)', async () => {
    const strict = await ContactCentre.start({
      timers,
      agentSpeech: { samples: new Int16Array(800), sampleRate: 8000 },
      numbers: { '+61290001001': 'answer' },
      answerUnlisted: false,
      timing: { answerRingMs: 10 },
    });
    try {
      const result = await dial({
        stack,
        destination: strict.address,
        toUri: contactCentreUri(strict.address, '+61290009999', route('anna')),
        fromUri: 'sip:+61290000100@127.0.0.1',
        noAnswerTimeoutMs: 1000,
        callDurationMs: 200,
      });
      expect(result).toMatchObject({ outcome: 'failed', statusCode: 404 });
    } finally {
      await strict.close();
    }
  });
});
