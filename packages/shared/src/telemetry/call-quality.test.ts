import { describe, expect, it } from 'vitest';
import { callScore, evaluateCallQuality, type CallQualityInput } from './call-quality.ts';
import { callQualityFromSeconds } from './call-quality-state.ts';
import { range, sec, T0 } from './call-second-fixtures.ts';
import type { CallSecond } from './call-second.ts';
import { CALL_SCORE_WEIGHTS, CALL_TAGS } from './constants.ts';

const call = (seconds: CallSecond[], extra: Partial<CallQualityInput> = {}) =>
  evaluateCallQuality({
    state: callQualityFromSeconds(seconds),
    endMs: null,
    errorLogCount: 0,
    browser: null,
    ...extra,
  });

describe('aggregates', () => {
  it('averages MOS (0.6 in + 0.4 out), keeps min MOS, max jitter and RTT, and loss over both directions', () => {
    const q = call([
      sec(0, { jitterMs: 10, rttMs: 100 }, { inMos: 4, outMos: 3 }), // 3.6
      sec(1, { jitterMs: 20, rttMs: 50 }, { inMos: 4.5, outMos: 4, inCount: 90, inLost: 10 }), // 4.3
    ]);
    const a = q.aggregates;
    expect(a.sampleCount).toBe(2);
    expect(a.mosAvg).toBeCloseTo(3.95, 9);
    expect(a.mosMin).toBeCloseTo(3.6, 9);
    expect(a.mosInboundAvg).toBeCloseTo(4.25, 9);
    expect(a.jitterAvgMs).toBe(15);
    expect(a.jitterMaxMs).toBe(20);
    expect(a.rttAvgMs).toBe(75);
    expect(a.rttMaxMs).toBe(100);
    // packets: in 50 + 90 received, 10 lost; out 100 received → 10 / 250
    expect(a.packetsCount).toBe(240);
    expect(a.packetsLost).toBe(10);
    expect(a.packetsLostFraction).toBeCloseTo(10 / 250, 9);
    expect(a.firstSampleMs).toBe(T0);
    expect(a.lastSampleMs).toBe(T0 + 1000);
  });

  it('has no averages for a call without seconds', () => {
    const q = call([]);
    expect(q.aggregates).toMatchObject({
      sampleCount: 0,
      mosAvg: null,
      mosMin: null,
      packetsLostFraction: null,
    });
    expect(q.tags).toEqual([]);
    expect(q.score).toBe(10);
  });
});

describe('warning tags', () => {
  it('tags nothing on a clean call and scores it 10', () => {
    const q = call(range(0, 120).map((i) => sec(i)));
    expect(q.tags).toEqual([]);
    expect(q.insights).toEqual([]);
    expect(q.score).toBe(10);
  });

  it('tags Poor MOS for MOS below 3.5 for more than 10 s, not for 10 s', () => {
    const tenSeconds = range(0, 60).map((i) =>
      sec(i, {}, { inMos: i >= 5 && i < 15 ? 3.2 : 4.3, outMos: i >= 5 && i < 15 ? 3.2 : 4.3 }),
    );
    expect(call(tenSeconds).tags).not.toContain(CALL_TAGS.poorMos);
    const elevenSeconds = range(0, 60).map((i) =>
      sec(i, {}, { inMos: i >= 5 && i < 16 ? 3.2 : 4.3, outMos: i >= 5 && i < 16 ? 3.2 : 4.3 }),
    );
    const q = call(elevenSeconds);
    expect(q.tags).toEqual([CALL_TAGS.poorMos]);
    expect(q.insights[0]).toMatchObject({
      tag: 'Poor MOS',
      severity: 'warning',
      pattern: 'sustained',
      count: 1,
      longestSeconds: 11,
    });
  });

  it('tags Very Poor MOS (and not Poor MOS) for MOS below 3.0 or zero for more than 10 s', () => {
    const q = call(
      range(0, 60).map((i) => sec(i, {}, i >= 20 && i < 32 ? { inMos: 0, outMos: 0 } : {})),
    );
    expect(q.tags).toContain(CALL_TAGS.veryPoorMos);
    expect(q.tags).not.toContain(CALL_TAGS.poorMos);
    expect(q.insights.find((i) => i.tag === CALL_TAGS.veryPoorMos)?.severity).toBe('critical');
  });

  it('tags a call whose average MOS is in rating band 2 or 1 as Poor or Very Poor Call Quality', () => {
    const poor = call(range(0, 5).map((i) => sec(i, {}, { inMos: 3.5, outMos: 3.5 })));
    expect(poor.tags).toContain(CALL_TAGS.poorCallQuality);
    const veryPoor = call(range(0, 5).map((i) => sec(i, {}, { inMos: 2.9, outMos: 2.9 })));
    expect(veryPoor.tags).toContain(CALL_TAGS.veryPoorCallQuality);
    expect(veryPoor.tags).not.toContain(CALL_TAGS.poorCallQuality);
  });

  it('ignores a jitter spike, tags a sustained run (3 s or more) and a degraded call', () => {
    const spike = call(
      range(0, 60).map((i) => sec(i, { jitterMs: i === 10 || i === 11 ? 45 : 5 })),
    );
    expect(spike.tags).toEqual([]);
    const sustained = call(
      range(0, 60).map((i) => sec(i, { jitterMs: i >= 10 && i < 13 ? 45 : 5 })),
    );
    expect(sustained.tags).toEqual([CALL_TAGS.highJitter]);
    expect(sustained.insights[0]).toMatchObject({
      pattern: 'sustained',
      count: 1,
      longestSeconds: 3,
    });
    const veryHigh = call(
      range(0, 60).map((i) => sec(i, { jitterMs: i >= 10 && i < 14 ? 70 : 5 })),
    );
    // 70 ms of jitter also puts the latency estimate at 20 + 140 + 10 = 170 ms > 150.
    expect(veryHigh.tags).toEqual([CALL_TAGS.highAudioLatency, CALL_TAGS.veryHighJitter]);
    // Alternating 35/35/5 never holds 3 s, but the call's average (25) stays under 30: nothing.
    const alternating = call(range(0, 60).map((i) => sec(i, { jitterMs: i % 3 === 2 ? 5 : 35 })));
    expect(alternating.tags).toEqual([]);
    // Alternating 60/60/5: average 41.7 > 30 → degraded High Jitter.
    const degraded = call(range(0, 60).map((i) => sec(i, { jitterMs: i % 3 === 2 ? 5 : 60 })));
    expect(degraded.tags).toEqual([CALL_TAGS.highJitter]);
    expect(degraded.insights[0]?.pattern).toBe('degraded');
  });

  it('counts each sustained episode', () => {
    const q = call(
      range(0, 60).map((i) =>
        sec(i, { rttMs: (i >= 5 && i < 9) || (i >= 30 && i < 40) ? 350 : 40 }),
      ),
    );
    expect(q.insights).toEqual([
      {
        tag: CALL_TAGS.highAudioLatency,
        group: 'audioLatency',
        severity: 'warning',
        pattern: 'sustained',
        count: 2,
        longestSeconds: 10,
      },
      {
        tag: CALL_TAGS.highRtt,
        group: 'rtt',
        severity: 'warning',
        pattern: 'sustained',
        count: 2,
        longestSeconds: 10,
      },
    ]);
  });

  it('tags Very High RTT over 500 ms and packet loss over 1 % / 2.5 %', () => {
    // Latency estimate 300 + 10 + 10 = 320 ms: High (over 150), not Very High (over 400).
    expect(call(range(0, 10).map((i) => sec(i, { rttMs: i < 4 ? 600 : 40 }))).tags).toEqual([
      CALL_TAGS.highAudioLatency,
      CALL_TAGS.veryHighRtt,
    ]);
    expect(call(range(0, 10).map((i) => sec(i, { rttMs: i < 4 ? 800 : 40 }))).tags).toEqual([
      CALL_TAGS.veryHighAudioLatency,
      CALL_TAGS.veryHighRtt,
    ]);
    // 1 lost of 50 = 1.96 % → High; 2 of 50 = 3.85 % → Very High
    expect(
      call(range(0, 10).map((i) => sec(i, {}, i < 3 ? { inCount: 49, inLost: 1 } : {}))).tags,
    ).toEqual([CALL_TAGS.highPacketLoss]);
    expect(
      call(range(0, 10).map((i) => sec(i, {}, i < 3 ? { inCount: 48, inLost: 2 } : {}))).tags,
    ).toEqual([CALL_TAGS.veryHighPacketLoss]);
  });

  it('lets one missing second continue a run, and a longer gap break it', () => {
    const oneMissing = [
      sec(0, { jitterMs: 45 }),
      sec(2, { jitterMs: 45 }),
      sec(3, { jitterMs: 45 }),
    ];
    expect(call(oneMissing).tags).toEqual([CALL_TAGS.highJitter]);
    const gap = [
      sec(0, { jitterMs: 45 }),
      sec(1, { jitterMs: 45 }),
      sec(6, { jitterMs: 45 }),
      ...range(7, 20).map((i) => sec(i)),
    ];
    expect(call(gap).tags).toEqual([]);
    // A second without the measure neither extends nor breaks the run.
    const unknown = [
      sec(0, { jitterMs: 45 }),
      sec(1, { jitterMs: null }),
      sec(2, { jitterMs: 45 }),
      sec(3, { jitterMs: 45 }),
    ];
    expect(call(unknown).tags).toEqual([CALL_TAGS.highJitter]);
  });

  it('tags CPU usage over 80 % / 90 % for more than 30 s, sampled every 5 s', () => {
    const at = (cpu: number, until: number) =>
      range(0, 60).map((i) =>
        sec(i, { cpuAvailablePercent: i % 5 === 0 && i <= until ? cpu : null }),
      );
    // Samples every 5 s from second 0 to 25 cover 26 s; to 35, 36 s.
    expect(call(at(15, 25)).tags).toEqual([]);
    expect(call(at(15, 35)).tags).toEqual([CALL_TAGS.highCpu]);
    expect(call(at(5, 35)).tags).toEqual([CALL_TAGS.veryHighCpu]);
  });

  it('tags memory over 80 % for more than 30 s', () => {
    expect(call(range(0, 40).map((i) => sec(i, { memoryUsedPercent: 85 }))).tags).toEqual([
      CALL_TAGS.highMemory,
    ]);
  });

  it('tags one-way audio after 5 s without inbound packets, but not while on hold', () => {
    const deaf = range(0, 20).map((i) =>
      sec(i, {}, i >= 3 && i < 8 ? { inCount: 0, inMos: null } : {}),
    );
    expect(call(deaf).tags).toContain(CALL_TAGS.oneWayAudio);
    const onHold = range(0, 20).map((i) =>
      sec(
        i,
        i >= 3 && i < 13 ? { agentStatus: 'On Hold' } : {},
        i >= 3 && i < 13 ? { inCount: 0, inMos: null } : {},
      ),
    );
    expect(call(onHold).tags).not.toContain(CALL_TAGS.oneWayAudio);
  });

  it('tags a call that ended after 30 s or more on hold, once it has ended', () => {
    const seconds = range(0, 60).map((i) => sec(i, { agentStatus: i >= 25 ? 'On Hold' : 'Talk' }));
    expect(call(seconds).tags).toEqual([]);
    expect(call(seconds, { endMs: T0 + 60_000 }).tags).toEqual([CALL_TAGS.endedOnHold]);
    const muted = range(0, 60).map((i) => sec(i, { agentStatus: i >= 40 ? 'On Mute' : 'Talk' }));
    expect(call(muted, { endMs: T0 + 60_000 }).tags).toEqual([]);
    const resumed = range(0, 60).map((i) =>
      sec(i, { agentStatus: i >= 10 && i < 50 ? 'On Hold' : 'Talk' }),
    );
    expect(call(resumed, { endMs: T0 + 60_000 }).tags).toEqual([]);
  });

  it('tags softphone errors (with their count) and unsupported browsers', () => {
    const q = call([sec(0)], { errorLogCount: 3, browser: { name: 'Safari', version: '17.2' } });
    expect(q.tags).toEqual([CALL_TAGS.softphoneError, CALL_TAGS.unsupportedBrowser]);
    expect(q.insights[0]?.count).toBe(3);
    expect(call([sec(0)], { browser: { name: 'Chrome', version: '126.0.6478.127' } }).tags).toEqual(
      [],
    );
  });
});

describe('score', () => {
  it('starts at 10 and deducts the weight of each tag, floored at 0', () => {
    expect(callScore([])).toBe(10);
    expect(callScore([CALL_TAGS.highJitter])).toBe(10 - CALL_SCORE_WEIGHTS['High Jitter']);
    expect(callScore([CALL_TAGS.veryPoorMos, CALL_TAGS.veryHighPacketLoss])).toBe(3);
    expect(callScore([CALL_TAGS.endedOnHold])).toBe(10);
    expect(
      callScore([
        CALL_TAGS.veryPoorCallQuality,
        CALL_TAGS.veryPoorMos,
        CALL_TAGS.oneWayAudio,
        CALL_TAGS.veryHighPacketLoss,
      ]),
    ).toBe(0);
  });

  it('weighs every Very tag more than its plain one', () => {
    for (const [tag, weight] of Object.entries(CALL_SCORE_WEIGHTS)) {
      if (!tag.startsWith('Very ')) continue;
      const plain = tag.replace(/^Very (High|Poor) /, (_, w: string) => `${w} `);
      const plainWeight = CALL_SCORE_WEIGHTS[plain as keyof typeof CALL_SCORE_WEIGHTS];
      expect(plainWeight, plain).toBeDefined();
      expect(weight).toBeGreaterThan(plainWeight);
    }
  });

  it('scores a bad call from its seconds', () => {
    // 20 s at 5 % inbound loss and MOS 2.5: Very Poor quality (4), Very Poor MOS (4), Very High loss (3) → 0
    const q = call(
      range(0, 20).map((i) => sec(i, {}, { inMos: 2.5, outMos: 2.5, inCount: 95, inLost: 5 })),
    );
    expect(q.tags).toEqual([
      CALL_TAGS.veryPoorCallQuality,
      CALL_TAGS.veryPoorMos,
      CALL_TAGS.veryHighPacketLoss,
    ]);
    expect(q.score).toBe(0);
  });
});
