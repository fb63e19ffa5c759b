import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  JobDetailsSchema,
  JobStatsSchema,
  hopFinding,
  latencyFinding,
  scoreOutOf10,
} from '@callsight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWavHeader } from '../../adapters/dialler/media/wav.ts';
import { present } from '../../adapters/dialler/media/test-support.ts';
import type { SpeechToText } from '../../adapters/stt/stt-adapter.ts';
import {
  runTestCall,
  type TestCallEnv,
  type TestCallOutcome,
  type TestCallPlan,
} from './test-call.ts';
import { openTestCallRig, score, type TestCallRig } from './test-call-rig.ts';

/**
 * Test calls scored from their real-time audio (test-call-rig.ts): the measures of a clean call
 * and the impairment figures (a 10 % loss region against a clean one). Named *.realtime.test.ts
 * so that it runs after every other test file, alone: no other test starves its media of CPU
 * (vitest.config.ts).
 */
let rig: TestCallRig;
beforeAll(async () => {
  rig = await openTestCallRig();
});
afterAll(() => rig.close());
const plan = (over?: Partial<TestCallPlan>) => rig.plan(over);
const env = (over?: Partial<TestCallEnv>) => rig.env(over);

/** The clean virtual agent call, placed once: the clean-call test and the impairment read it. */
let clean: Promise<{ p: TestCallPlan; outcome: TestCallOutcome; heard: string[] }> | undefined;
function cleanCall() {
  clean ??= (async () => {
    const heard: string[] = [];
    const stt: SpeechToText = {
      name: 'fake',
      languageCode: 'en-US',
      available: async () => true,
      transcribe: async (input) => {
        heard.push(typeof input === 'string' ? input : String(input.samples.length));
        return { text: 'thank you for calling customer service' };
      },
    };
    // A fixed job id: the loss draws are seeded by job ids, so the comparison repeats.
    const p = plan({ jobId: 'clean-virtual-agent', connectRegion: 'Sydney' });
    return { p, outcome: await runTestCall(p, env({ stt })), heard };
  })();
  return clean;
}

describe('runTestCall: a clean call', () => {
  it('completes a virtual agent call with hop scores near the top, latency and transcription', async () => {
    const { p, outcome, heard } = await cleanCall();
    expect(outcome.status).toBe('Completed');
    expect(outcome.message).toBeNull();
    expect(outcome.carrier).toBe('Telstra');
    expect(outcome.callContactId).not.toBeNull();
    // G.711 itself costs about 0.25 on the narrowband scale: near the top is within 10 %.
    expect(present(score(outcome, 'dialler_to_connect'))).toBeGreaterThan(4.05);
    expect(present(score(outcome, 'connect_to_dialler'))).toBeGreaterThan(4.05);
    expect(score(outcome, 'agent_to_connect')).toBeNull();
    expect(present(outcome.mos)).toBeGreaterThan(4.05);
    expect([outcome.cxScore, outcome.axScore, outcome.networkScore]).toEqual([10, 10, 10]);
    const latency = Object.fromEntries(
      outcome.details.audioLatency.map((l) => [l.recordingType, l.averageLatencyMs]),
    );
    // Sydney adds 5 ms one way; the contact flow's 60 ms jitter buffer is in the echo. The
    // estimate is a millisecond or so off on a busy machine (3.88 ms seen in CI): half the delay.
    expect(present(latency['connect'])).toBeGreaterThanOrEqual(2.5);
    expect(present(latency['connect'])).toBeLessThan(40);
    expect(present(latency['echo'])).toBeGreaterThan(present(latency['connect']));
    expect(present(latency['echo'])).toBeLessThan(200);
    expect(outcome.details.pstnLatencyMs).toBeCloseTo(
      present(latency['echo']) - present(latency['connect']),
      1,
    );
    expect(outcome.details.telephony).toMatchObject({ sipCode: 200 });
    // The centre rings 50 ms; at the caller the gap between 180 and 200 shrinks by however late
    // the 180 itself was handled (44.7 ms seen in CI), so the bound leaves room for that.
    expect(present(outcome.details.telephony.ringingMs)).toBeGreaterThanOrEqual(25);
    expect(present(outcome.details.telephony.ringingMs)).toBeLessThan(1000);
    const transcription = present(outcome.details.transcription);
    expect(transcription).toMatchObject({ engine: 'fake', available: true });
    expect(present(transcription.asrEvaluation).transcripts.map((t) => t.location)).toEqual([
      'connect_to_dialler',
      'dialler_to_connect',
    ]);
    expect(heard).toHaveLength(2);
    expect(outcome.measures).toMatchObject({ mos: outcome.mos, networkScore: 10, packetLoss: 0 });
    // A virtual agent has no softphone: its measures are not there to tag.
    expect(outcome.measures).toMatchObject({
      cpu: null,
      memory: null,
      softphoneError: null,
      unsupportedBrowser: null,
    });
    expect(outcome.measures.audioLatency).toBe(latency['echo']);
    expect(JobDetailsSchema.omit({ job: true, tags: true }).parse(outcome.details)).toBeTruthy();

    // The recordings as WAV files (8 kHz), one per hop recorded, the echo and the connect.
    const files = (await readdir(p.recordingsDir)).sort();
    expect(files).toEqual([
      'connect.wav',
      'connect_to_dialler.wav',
      'dialler_to_connect.wav',
      'echo.wav',
    ]);
    const header = present(parseWavHeader(await readFile(join(p.recordingsDir, 'echo.wav'))));
    expect(header).toMatchObject({ sampleRate: 8000, channels: 1, encoding: 'pcm16' });
    expect(header.sampleCount).toBe(2500 * 8);
  });

  it('completes a human agent call: four hops, softphone events, summary and per-second stats', async () => {
    const p = plan({ agentType: 'HUMAN_AGENT', agentId: 'anna', agentRegion: 'Sydney' });
    const outcome = await runTestCall(p, env());
    expect(outcome.status).toBe('Completed');
    for (const location of ['dialler_to_connect', 'connect_to_dialler']) {
      expect(present(score(outcome, location))).toBeGreaterThan(4.05);
    }
    for (const location of ['agent_to_connect', 'connect_to_agent']) {
      expect(present(score(outcome, location))).toBeGreaterThan(4.3);
    }
    const { softphoneEvents, softphoneSummary, telephony, transcription } = outcome.details;
    const accepted = Date.parse(present(softphoneEvents.accepted));
    const connected = Date.parse(present(softphoneEvents.connected));
    expect(connected).toBeGreaterThanOrEqual(accepted);
    expect(Date.parse(present(softphoneEvents.ended))).toBeGreaterThan(connected);
    expect(present(telephony.durationSec)).toBeGreaterThan(2);
    expect(softphoneSummary).toMatchObject({
      agentISP: 'Telstra',
      agentCountry: 'Australia',
      agentRegion: 'Sydney',
    });
    expect(present(softphoneSummary?.networkPerformanceMetrics.mos.avg)).toBeGreaterThan(4);
    expect(JobStatsSchema.parse(outcome.stats).length).toBeGreaterThanOrEqual(2);
    for (const second of outcome.stats) {
      expect(second.packetsLost).toBe(0);
      expect(present(second.rtt)).toBeGreaterThanOrEqual(10); // Sydney's 5 ms each way
      expect(present(second.rtt)).toBeLessThan(100);
    }
    expect(transcription).toMatchObject({ engine: 'not available', available: false });
    expect((await readdir(p.recordingsDir)).length).toBe(6);
    // The softphone's machine, as the tagging configs see it (spec 002 §9 tags).
    expect(outcome.measures).toMatchObject({
      cpu: 21,
      memory: 57,
      softphoneError: 0,
      unsupportedBrowser: 0,
    });
  });

  it('measures the machines of the agents that raise the CPU, memory and browser tags', async () => {
    const [cpu, memory, browser] = await Promise.all(
      ['agent-high-cpu', 'agent-high-memory', 'agent-old-browser'].map((agentId) =>
        runTestCall(
          plan({ agentType: 'HUMAN_AGENT', agentId, callDurationMs: 3000, noAnswerTimeoutMs: 600 }),
          env(),
        ),
      ),
    );
    expect([cpu?.status, memory?.status, browser?.status]).toEqual([
      'Completed',
      'Completed',
      'Completed',
    ]);
    expect(cpu?.measures).toMatchObject({ cpu: 93, memory: 57, unsupportedBrowser: 0 });
    expect(memory?.measures).toMatchObject({ cpu: 21, memory: 94, unsupportedBrowser: 0 });
    expect(browser?.measures).toMatchObject({ cpu: 21, memory: 57, unsupportedBrowser: 1 });
    expect(browser?.details.softphoneSummary?.browser).toEqual({
      name: 'Chrome',
      version: '109.0.5414.120',
    });
  });
});

// Real-time RTP: a CPU starved by other test files drops late packets and lowers a clean
// hop's score for reasons outside the code under test, so a call is tried again once.
describe('runTestCall: impairment', () => {
  it('gives a region with 10 % loss a lower audio score and Network score than a clean one', async () => {
    const [{ outcome: clean }, lossy] = await Promise.all([
      cleanCall(),
      // A fixed job id: the loss draws are seeded by it, so the run repeats.
      runTestCall(plan({ jobId: 'impairment-lossy', connectRegion: 'Lossy' }), env()),
    ]);
    expect([clean.status, lossy.status]).toEqual(['Completed', 'Completed']);
    const cleanHop = present(score(clean, 'dialler_to_connect'));
    const lossyHop = present(score(lossy, 'dialler_to_connect'));
    // The ranges of decision G14 (docs/decisions.md) and docs/audio-analytics.md.
    for (const location of ['dialler_to_connect', 'connect_to_dialler']) {
      expect(present(score(clean, location))).toBeGreaterThanOrEqual(4.24);
      expect(present(score(clean, location))).toBeLessThanOrEqual(4.35);
    }
    expect(lossyHop).toBeGreaterThanOrEqual(2.96);
    expect(lossyHop).toBeLessThanOrEqual(3.69);
    expect(lossyHop).toBeLessThan(cleanHop - 0.3);
    expect(clean.networkScore).toBe(10);
    expect(lossy.networkScore).toBe(7);
    expect(present(lossy.mos)).toBeLessThan(present(clean.mos));
    expect(present(lossy.measures.packetLoss)).toBeGreaterThan(5);
    // The direction back is not impaired.
    expect(present(score(lossy, 'connect_to_dialler'))).toBeGreaterThan(4.05);

    // AX (what the agent hears) takes the lossy hop: 1 off under 3.5, 3 off under 3.0, none
    // above 3.5 (G11, G14). The seeded loss puts the hop at about 3.1: AX 9 against 10.
    // CX (what the customer hears) does not take it.
    const echo = (o: TestCallOutcome) =>
      o.details.audioLatency.find((l) => l.recordingType === 'echo')?.averageLatencyMs ?? null;
    expect(lossy.axScore).toBe(
      scoreOutOf10([hopFinding(lossyHop), hopFinding(null), latencyFinding(echo(lossy), true)]),
    );
    expect(lossyHop).toBeLessThan(3.5);
    expect(clean.axScore).toBe(10);
    expect(present(lossy.axScore)).toBeLessThan(present(clean.axScore));
    expect(lossy.cxScore).toBe(clean.cxScore);
  });
});
