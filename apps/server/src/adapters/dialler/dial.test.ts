import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dial } from './dial.ts';
import { parseAnswerTreatment } from './media/treatment.ts';
import { parseWavHeader } from './media/wav.ts';
import { SipStack } from './sip/stack.ts';
import { AnsweringEndpoint } from './answering-endpoint.ts';

/**
 * A call with audio end to end over loopback: SIP signalling, RTP toward the far end's SDP
 * address, the answer treatment as RFC 4733 events, and the received audio recorded.
 */
let stack: SipStack;
let uas: AnsweringEndpoint;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'callsight-dial-'));
  const timers = { t1Ms: 50, t2Ms: 400, t4Ms: 500 };
  stack = await SipStack.create({ timers });
  uas = await AnsweringEndpoint.start({
    timers,
    behaviours: {
      '3001': { kind: 'answer', ringMs: 20, media: 'collectDtmf' },
      '3002': { kind: 'answer', ringMs: 20, media: 'echo' },
      '3003': { kind: 'reject', status: 486 },
    },
  });
});

afterAll(async () => {
  await stack.close();
  await uas.close();
  await rm(dir, { recursive: true, force: true });
});

const base = () => ({
  stack,
  destination: uas.address,
  fromUri: 'sip:+15550000001@127.0.0.1',
  noAnswerTimeoutMs: 2_000,
});

describe('dial: a campaign call with audio', () => {
  it('sends the answer treatment as DTMF the far end collects, with its pauses', async () => {
    const result = await dial({
      ...base(),
      toUri: uas.uri('3001'),
      callDurationMs: 1_600,
      treatment: parseAnswerTreatment('12w3{$Pin}', { Pin: '#' }),
    });
    expect(result.outcome).toBe('completed');
    const record = [...uas.calls.values()].find((c) => c.number === '3001');
    expect(record?.digits.map((d) => d.digit).join('')).toBe('123#');
    // Timed by their RTP timestamps (8 kHz): 100 ms keys, 60 ms between, the w pause 500 ms.
    const first = record?.digits[0]?.rtpTimestamp ?? 0;
    const starts = (record?.digits ?? []).map((d) => ((d.rtpTimestamp - first) >>> 0) / 8);
    expect(starts).toEqual([0, 160, 760, 920]);
  });

  it('records what the far end sends back (an echo) to a WAV file', async () => {
    const path = join(dir, 'echo.wav');
    const result = await dial({
      ...base(),
      toUri: uas.uri('3002'),
      callDurationMs: 800,
      treatment: parseAnswerTreatment('5'),
      recordingPath: path,
    });
    expect(result.outcome).toBe('completed');
    expect(result.rtpReceived).toBeGreaterThan(20);
    const header = parseWavHeader(await readFile(path));
    expect(header).toMatchObject({ sampleRate: 8000, channels: 1 });
    // About 0.8 s of audio at 8 kHz came back (paced at 20 ms frames).
    expect(result.recordedSamples).toBeGreaterThan(0.5 * 8000);
  });

  it('closes the media of a call that is never answered, and records nothing', async () => {
    const path = join(dir, 'busy.wav');
    const result = await dial({
      ...base(),
      toUri: uas.uri('3003'),
      callDurationMs: 500,
      recordingPath: path,
    });
    expect(result.outcome).toBe('busy');
    expect(result.statusCode).toBe(486);
    expect(result.rtpReceived).toBe(0);
    expect(result.recordedSamples).toBe(0);
  });
});
