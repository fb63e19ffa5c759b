import { describe, expect, it } from 'vitest';
import { gaugeChange, jobScores } from './logic.ts';

describe('gaugeChange (spec 002 §9)', () => {
  it('is green with "Up 0%" when nothing changed', () => {
    expect(gaugeChange(8, 8)).toEqual({ colour: 'green', text: 'Up 0%' });
  });

  it('is green for a rise', () => {
    expect(gaugeChange(9, 8)).toEqual({ colour: 'green', text: 'Up 12.5%' });
  });

  it('is yellow for a drop of exactly 10 %, also where floats land just past it', () => {
    expect(gaugeChange(9, 10)).toEqual({ colour: 'yellow', text: 'Down 10%' });
    // (6.3 - 7) / 7 * 100 is -10.000000000000002 in floating point.
    expect(gaugeChange(6.3, 7)).toEqual({ colour: 'yellow', text: 'Down 10%' });
    expect(gaugeChange(8.1, 9)).toEqual({ colour: 'yellow', text: 'Down 10%' });
    expect(gaugeChange(81, 90)).toEqual({ colour: 'yellow', text: 'Down 10%' });
  });

  it('is yellow for a small drop', () => {
    expect(gaugeChange(95, 100)).toEqual({ colour: 'yellow', text: 'Down 5%' });
  });

  it('is red for a drop of 10.01 % and worse', () => {
    expect(gaugeChange(89.99, 100)).toEqual({ colour: 'red', text: 'Down 10.01%' });
    expect(gaugeChange(0, 10)).toEqual({ colour: 'red', text: 'Down 100%' });
  });

  it('is green without a subtext when the previous value is 0', () => {
    expect(gaugeChange(5, 0)).toEqual({ colour: 'green', text: null });
    expect(gaugeChange(0, 0)).toEqual({ colour: 'green', text: null });
  });

  it('is green without a subtext when either period has no value', () => {
    expect(gaugeChange(null, 8)).toEqual({ colour: 'green', text: null });
    expect(gaugeChange(8, null)).toEqual({ colour: 'green', text: null });
  });

  it('keeps at most two decimals', () => {
    expect(gaugeChange(10, 3)).toEqual({ colour: 'green', text: 'Up 233.33%' });
  });
});

describe('jobScores (decision G11, issue 33)', () => {
  const none = { jitterMs: null, packetLossPercent: null, rttMs: null };

  it('scores what was measured: 1 off per Poor, 3 per Very Poor finding', () => {
    expect(
      jobScores({
        hops: { connect_to_dialler: 4.3, agent_to_connect: 3.2, dialler_to_connect: 2.5 },
        echoLatencyMs: 200,
        network: { jitterMs: 5, packetLossPercent: 0, rttMs: 40 },
      }),
    ).toEqual({ cxScore: 9, axScore: 7, networkScore: 10 });
  });

  it('gives no score, never 10, when none of its measures was taken', () => {
    // A virtual agent's call whose network was not measured: the hops score CX and AX only.
    expect(
      jobScores({
        hops: { connect_to_dialler: 4.3, dialler_to_connect: 4.2 },
        echoLatencyMs: null,
        network: none,
      }),
    ).toEqual({ cxScore: 10, axScore: 10, networkScore: null });
    expect(jobScores({ hops: {}, echoLatencyMs: null, network: none })).toEqual({
      cxScore: null,
      axScore: null,
      networkScore: null,
    });
    // One measure is enough: the round-trip latency alone scores CX and AX.
    expect(jobScores({ hops: {}, echoLatencyMs: 1000, network: { ...none, rttMs: 40 } })).toEqual({
      cxScore: 7,
      axScore: 7,
      networkScore: 10,
    });
  });
});
