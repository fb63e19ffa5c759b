import { createSocket } from 'node:dgram';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeG711, encodeG711 } from './g711.ts';
import { RtpSession } from './rtp-session.ts';
import { parseRtp } from './rtp.ts';
import { parseAnswerTreatment } from './treatment.ts';
import { WavFileWriter, parseWavHeader } from './wav.ts';
import { present } from './test-support.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tone(n: number): Int16Array {
  return Int16Array.from({ length: n }, (_, i) =>
    Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)),
  );
}

describe('RtpSession over loopback', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtp-session-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('sends paced 20 ms G.711 frames with consecutive sequence numbers and timestamps', async () => {
    const sink = createSocket('udp4');
    await new Promise<void>((r) => sink.bind(0, '127.0.0.1', () => r()));
    const arrivals: { at: number; seq: number; ts: number; pt: number; len: number }[] = [];
    sink.on('message', (m) => {
      const p = parseRtp(m);
      if (p)
        arrivals.push({
          at: performance.now(),
          seq: p.sequenceNumber,
          ts: p.timestamp,
          pt: p.payloadType,
          len: p.payload.length,
        });
    });
    const session = await RtpSession.open({ law: 'pcma' });
    const t0 = performance.now();
    session.start({ address: '127.0.0.1', port: sink.address().port });
    await sleep(410);
    const elapsed = performance.now() - t0;
    await session.close();
    await new Promise<void>((r) => sink.close(() => r()));
    // frames 0..20 are due in 410 ms (frame n at n*20 ms): no drift, none early
    expect(arrivals.length).toBeGreaterThanOrEqual(20);
    // Never ahead of the clock: at most the frames due by close (a late timer bursts, not drifts).
    expect(arrivals.length).toBeLessThanOrEqual(Math.floor(elapsed / 20) + 2);
    arrivals.forEach((a, i) => {
      expect(a.pt).toBe(8);
      expect(a.len).toBe(160);
      expect((a.seq - present(arrivals[0]).seq) & 0xffff).toBe(i);
      expect((a.ts - present(arrivals[0]).ts) >>> 0).toBe(i * 160);
      expect(a.at - t0).toBeGreaterThanOrEqual(i * 20 - 2);
    });
  });

  it('sends 1w2#w{1}3 as RFC 4733 events the far end receives once each, with the pauses asked', async () => {
    const answerer = await RtpSession.open({ law: 'pcmu' });
    const caller = await RtpSession.open({ law: 'pcmu' });
    answerer.start({ address: '127.0.0.1', port: caller.port });
    caller.start({ address: '127.0.0.1', port: answerer.port });
    await caller.sendTreatment(parseAnswerTreatment('1w2#w{1}3'));
    await sleep(60);
    await Promise.all([caller.close(), answerer.close()]);
    const got = answerer.dtmf.digits;
    expect(answerer.dtmf.text()).toBe('12#3');
    expect(got.every((d) => d.ended && d.durationSamples === 800)).toBe(true);
    // tone 100 ms; between tones: 500 ms, default gap 60 ms, 1000 ms
    const rtpStarts = got.map((d) => ((d.timestamp - present(got[0]).timestamp) >>> 0) / 8);
    expect(rtpStarts).toEqual([0, 600, 760, 1860]);
  });

  it('records what it receives to a WAV file and echoes it back when asked', async () => {
    const recAnswer = await WavFileWriter.create(join(dir, 'answerer.wav'), 'pcm16');
    const recCaller = await WavFileWriter.create(join(dir, 'caller.wav'), 'pcmu');
    const answerer = await RtpSession.open({ law: 'pcmu', echo: true, recorder: recAnswer });
    const caller = await RtpSession.open({ law: 'pcmu', recorder: recCaller });
    const audio = encodeG711(tone(1600), 'pcmu'); // 200 ms
    caller.sendAudio(audio);
    answerer.start({ address: '127.0.0.1', port: caller.port });
    caller.start({ address: '127.0.0.1', port: answerer.port });
    await sleep(500);
    await Promise.all([caller.close(), answerer.close()]);
    await Promise.all([recAnswer.close(), recCaller.close()]);

    const answerFile = await readFile(join(dir, 'answerer.wav'));
    const info = present(parseWavHeader(answerFile));
    expect(info.encoding).toBe('pcm16');
    expect(info.sampleCount).toBeGreaterThanOrEqual(20 * 160);
    const pcm = new Int16Array(info.sampleCount);
    for (let i = 0; i < pcm.length; i++) pcm[i] = answerFile.readInt16LE(info.dataOffset + 2 * i);
    // the 200 ms of tone arrive first, decoded exactly
    expect(Array.from(pcm.subarray(0, 1600))).toEqual(Array.from(decodeG711(audio, 'pcmu')));

    const callerFile = await readFile(join(dir, 'caller.wav'));
    const back = present(parseWavHeader(callerFile));
    const codes = callerFile.subarray(back.dataOffset, back.dataOffset + back.dataBytes);
    // the echo comes back whole, after the silence sent before it arrived
    expect(Buffer.from(codes).indexOf(Buffer.from(audio))).toBeGreaterThan(0);
  });

  it('ignores datagrams that are not RTP and keeps running', async () => {
    const session = await RtpSession.open({ law: 'pcmu' });
    const junk = createSocket('udp4');
    await new Promise<void>((r) =>
      junk.send(Buffer.from('INVITE sip:x SIP/2.0'), session.port, '127.0.0.1', () => r()),
    );
    await new Promise<void>((r) =>
      junk.send(Buffer.alloc(0), session.port, '127.0.0.1', () => r()),
    );
    await sleep(50);
    expect(session.stats).toMatchObject({ received: 0, ignored: 2 });
    await session.close();
    junk.close();
  });
});
