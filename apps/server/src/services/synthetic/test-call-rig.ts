/**
 * The loopback rig of the test-call tests (test support, imported by tests only): the probe's SIP
 * stack, the contact-centre simulator with short timings, the reference speech and a folder for
 * recordings; `plan` and `env` build a call on it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContactCentre } from '../../adapters/dialler/contact-centre.ts';
import { SipStack } from '../../adapters/dialler/sip/stack.ts';
import { createNoSpeechToText } from '../../adapters/stt/none.ts';
import { loadReferenceSpeech } from '../audio-analytics/index.ts';
import { regionNetworkProfile, type NetworkProfile } from './network-profile.ts';
import type { TestCallEnv, TestCallOutcome, TestCallPlan } from './test-call.ts';

const timers = { t1Ms: 50, t2Ms: 400, t4Ms: 500 };
/** The profile of the region named 'Lossy': 10 % loss. */
export const LOSSY: NetworkProfile = { latencyMs: 20, jitterMs: 2, lossPercent: 10 };

export interface TestCallRig {
  plan(over?: Partial<TestCallPlan>): TestCallPlan;
  env(over?: Partial<TestCallEnv>): TestCallEnv;
  close(): Promise<void>;
}

export async function openTestCallRig(): Promise<TestCallRig> {
  const references = {
    customer: await loadReferenceSpeech('customer'),
    agent: await loadReferenceSpeech('agent'),
  };
  const dir = await mkdtemp(join(tmpdir(), 'callsight-test-call-'));
  const stack = await SipStack.create({ timers });
  const centre = await ContactCentre.start({
    timers,
    agentSpeech: references.agent,
    isKnownAgent: (agentId) => agentId !== 'stranger',
    timing: {
      answerRingMs: 50,
      agentRingMs: 100,
      agentRingTimeoutMs: 400,
      queueTimeoutMs: 400,
      hangUpEarlyMs: 800,
    },
  });
  return {
    plan(over = {}) {
      const jobId = over.jobId ?? randomUUID();
      return {
        jobId,
        kind: 'heartbeat',
        fromNumber: '+61290000100',
        toNumber: '+61290001001',
        agentType: 'VIRTUAL_AGENT',
        agentId: 'agent-1',
        connectRegion: 'Sydney',
        agentRegion: 'Sydney',
        callDurationMs: 5000,
        noAnswerTimeoutMs: 1000,
        poorQualityMos: 3.5,
        recordingsDir: join(dir, jobId),
        ...over,
      };
    },
    env(over = {}) {
      return {
        dialler: { stack },
        contactCentre: centre,
        profiles: (region) => (region === 'Lossy' ? LOSSY : regionNetworkProfile(region)),
        stt: createNoSpeechToText(),
        references,
        ...over,
      };
    },
    async close() {
      await stack.close();
      await centre.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A hop's score in the outcome (null when it was not scored). */
export const score = (outcome: TestCallOutcome, location: string) =>
  outcome.details.polqaScores.find((p) => p.location === location)?.score ?? null;
