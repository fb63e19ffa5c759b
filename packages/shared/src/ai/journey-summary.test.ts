import { describe, expect, it } from 'vitest';
import {
  buildJourneyPrompt,
  digestJourney,
  summarizeJourney,
  type AiSpanInput,
} from './journey-summary.ts';

const span = (
  i: number,
  name: string,
  fromMs: number,
  toMs: number,
  extra: Partial<AiSpanInput> = {},
): AiSpanInput => ({
  spanId: `s${String(i).padStart(3, '0')}`,
  parentSpanId: i === 0 ? null : 's000',
  name,
  serviceName: 'cx',
  startTimeMs: 1_000_000 + fromMs,
  endTimeMs: 1_000_000 + toMs,
  statusCode: 'OK',
  attributes: {},
  ...extra,
});

describe('summarizeJourney: spec 002 §9 selection', () => {
  const spans: AiSpanInput[] = [
    span(0, 'cx.journey', 0, 120_000, { attributes: { 'cx.channel': 'voice' } }),
    ...Array.from({ length: 5 }, (_, i) =>
      span(1 + i, 'cx.telephony.leg', 1000 * (i + 1), 1000 * (i + 2), {
        attributes: { 'cx.telephony.call.id': `c${i}` },
      }),
    ),
    ...Array.from({ length: 5 }, (_, i) =>
      span(10 + i, 'cx.agent.interaction', 10_000 + 1000 * i, 11_000 + 1000 * i, {
        attributes: { 'cx.agent.username': `agent${i}` },
      }),
    ),
    ...Array.from({ length: 20 }, (_, i) =>
      span(20 + i, `step.${i}`, 20_000 + i * 100, 20_050 + i * 100),
    ),
    span(50, 'cx.queue', 30_000, 36_000, { statusCode: 'ERROR', statusMessage: 'Abandoned' }),
    span(51, 'cx.hold', 40_000, 45_000),
  ];

  it('takes 20 timeline events, 3 telephony and 3 agent spans, slow leaf spans over 5 s', () => {
    const d = digestJourney('t1', spans);
    expect(d.timeline).toHaveLength(20);
    expect(d.timeline[0]?.name).toBe('cx.journey');
    expect(d.telephony.map((s) => s.attributes['cx.telephony.call.id'])).toEqual([
      'c0',
      'c1',
      'c2',
    ]);
    expect(d.agent).toHaveLength(3);
    // 5 s exactly is not slow; 6 s is. The 2-minute root has children: not flagged.
    expect(d.slow.map((s) => s.name)).toEqual(['cx.queue']);
    const text = summarizeJourney('t1', spans);
    expect(text).toContain('This voice journey (cx.journey) lasted 2m 00s across 33 spans');
    expect(text).toContain('1 span failed: cx.queue (Abandoned).');
    expect(text).toContain(`Timeline (first 20 of 33 events):`);
    expect(text).toContain('- +0s cx.journey [cx] took 2m 00s\n');
    expect(text).toContain(
      'Telephony: cx.telephony.leg (call c0); cx.telephony.leg (call c1); cx.telephony.leg (call c2).',
    );
    expect(text).toContain('Agent: cx.agent.interaction (agent agent0);');
    expect(text).toContain(
      'Slow spans (we flag leaf spans, those without child spans, over 5 s): cx.queue (6s).',
    );
    expect(text).not.toContain('agent3');
  });

  it('puts the same selection in the LLM prompt and handles an empty trace', () => {
    const prompt = buildJourneyPrompt('t1', spans);
    expect(prompt.split('\n').filter((l) => l.startsWith('{'))).toHaveLength(26);
    expect(prompt).toContain(
      'Slow spans (we flag leaf spans, those without child spans, over 5 s): cx.queue (6s).',
    );
    expect(summarizeJourney('t2', [])).toBe('No summary available');
  });
});

describe('summarizeJourney: a demo-like voice journey', () => {
  // Root → phases (IVR with a prompt, queue, agent interaction with its call leg).
  const journey: AiSpanInput[] = [
    span(0, 'cx.journey', 0, 419_593, {
      attributes: {
        'cx.channel': 'voice',
        'cx.platform': 'amazon-connect',
        'cx.telephony.call.from.number': '+61290000000',
      },
    }),
    span(1, 'cx.ivr', 0, 40_000),
    span(2, 'ivr.prompt.welcome', 200, 6_500, { parentSpanId: 's001' }),
    span(3, 'cx.queue', 40_000, 100_000),
    span(4, 'cx.agent.interaction', 101_500, 419_593, {
      attributes: { 'cx.agent.username': 'tomas.martin@acme.support.example' },
    }),
    span(5, 'cx.telephony.call', 101_500, 241_500, {
      parentSpanId: 's004',
      attributes: {
        'cx.telephony.agent.name': 'tomas.martin@acme.support.example',
        'cx.telephony.quality.mos.avg': 4.1,
        'cx.telephony.quality.jitter.avg': 12.34,
        'cx.telephony.quality.packet_loss': 0.5,
        'cx.telephony.talk_time': 140,
        'cx.telephony.queue_time': '60',
      },
    }),
    span(6, 'crm.customer.lookup', 110_000, 110_800, { parentSpanId: 's004' }),
  ];
  const text = summarizeJourney('t3', journey);

  it('lists only cx.telephony* spans under Telephony, with units', () => {
    expect(text).toContain(
      'Telephony: cx.telephony.call (agent tomas.martin@acme.support.example, MOS 4.10, jitter 12.3 ms, packet loss 0.5%, queue time 1m 00s, talk time 2m 20s).',
    );
    expect(text).not.toMatch(/Telephony: cx\.journey/);
    expect(text).not.toContain('talk time 140');
  });

  it('keeps the agent e-mail as sent', () => {
    expect(text).toContain(
      'Agent: cx.agent.interaction (agent tomas.martin@acme.support.example).',
    );
  });

  it('flags only leaf spans as slow, and says so', () => {
    expect(text).toContain('lasted 7m 00s across 7 spans');
    expect(text).toContain('- +0s cx.journey [cx] took 7m 00s\n');
    expect(text).toContain('- +0s cx.ivr [cx] took 40s\n');
    expect(text).toContain('- +1m 42s cx.agent.interaction [cx] took 5m 18s\n');
    expect(text).toContain('cx.telephony.call [cx] took 2m 20s (slow)');
    expect(text).toContain(
      'Slow spans (we flag leaf spans, those without child spans, over 5 s): ivr.prompt.welcome (6.3s), cx.queue (1m 00s), cx.telephony.call (2m 20s).',
    );
    expect(text).not.toMatch(/cx\.(journey|ivr|agent\.interaction) \[cx\] took [^\n]*\(slow\)/);
  });

  it('says what it flags when nothing is slow', () => {
    const quick = summarizeJourney('t4', [span(0, 'cx.journey', 0, 9_000), span(1, 'a', 0, 4_000)]);
    expect(quick).toContain(
      'No slow spans (we flag leaf spans, those without child spans, over 5 s).',
    );
  });
});
