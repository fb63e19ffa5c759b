import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeG711, encodeG711 } from './g711.ts';
import { WavFileWriter, parseWavHeader, wavBytes } from './wav.ts';
import { present } from './test-support.ts';

function tone(n: number): Int16Array {
  return Int16Array.from({ length: n }, (_, i) =>
    Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)),
  );
}

describe('wavBytes', () => {
  it('writes a 16-bit PCM 8 kHz mono file a player reads', () => {
    const samples = tone(800);
    const file = wavBytes(samples);
    expect(file.length).toBe(44 + 1600);
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(file.readUInt32LE(4)).toBe(file.length - 8);
    expect(parseWavHeader(file)).toEqual({
      encoding: 'pcm16',
      channels: 1,
      sampleRate: 8000,
      bitsPerSample: 16,
      sampleCount: 800,
      dataOffset: 44,
      dataBytes: 1600,
    });
    expect(file.readUInt32LE(28)).toBe(16000); // byte rate
    expect(file.readInt16LE(44 + 2 * 5)).toBe(samples[5]);
  });

  it('writes µ-law (format 7) and A-law (format 6) with a fact chunk', () => {
    for (const [law, tag] of [
      ['pcmu', 7],
      ['pcma', 6],
    ] as const) {
      const codes = encodeG711(tone(161), law);
      const file = wavBytes(codes, law);
      expect(file.readUInt16LE(20)).toBe(tag);
      expect(file.readUInt32LE(16)).toBe(18); // fmt with cbSize
      const info = parseWavHeader(file);
      expect(info).toMatchObject({
        encoding: law,
        bitsPerSample: 8,
        sampleCount: 161,
        factSampleCount: 161,
      });
      expect(file.length).toBe(58 + 161 + 1); // odd data gets a pad byte
      expect(file.readUInt32LE(4)).toBe(file.length - 8);
      expect(
        Array.from(file.subarray(present(info).dataOffset, present(info).dataOffset + 161)),
      ).toEqual(Array.from(codes));
    }
  });

  it('does not read what is not a WAV file', () => {
    expect(parseWavHeader(Buffer.from('RIFF....AVI LIST'))).toBeNull();
    expect(parseWavHeader(new Uint8Array(3))).toBeNull();
  });
});

describe('WavFileWriter', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wav-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('streams G.711 frames to 16-bit PCM and patches the sizes on close', async () => {
    const path = join(dir, 'pcm.wav');
    const writer = await WavFileWriter.create(path, 'pcm16', { flushBytes: 500 });
    const source = tone(160 * 10);
    const codes = encodeG711(source, 'pcmu');
    for (let f = 0; f < 10; f++) writer.appendG711(codes.subarray(f * 160, (f + 1) * 160), 'pcmu');
    expect(parseWavHeader(await readFile(path))?.dataBytes).toBe(0); // sizes are provisional until close
    expect(await writer.close()).toEqual({ sampleCount: 1600, bytes: 44 + 3200 });
    const file = await readFile(path);
    expect(file.length).toBe(44 + 3200);
    const info = present(parseWavHeader(file));
    expect(info).toMatchObject({ encoding: 'pcm16', sampleCount: 1600, dataBytes: 3200 });
    const back = new Int16Array(1600);
    for (let i = 0; i < 1600; i++) back[i] = file.readInt16LE(44 + 2 * i);
    expect(Array.from(back)).toEqual(Array.from(decodeG711(codes, 'pcmu')));
    expect(file.equals(wavBytes(decodeG711(codes, 'pcmu')))).toBe(true);
  });

  it('keeps G.711 as sent, transcodes the other law, and pads an odd length', async () => {
    const path = join(dir, 'alaw.wav');
    const writer = await WavFileWriter.create(path, 'pcma');
    const a = encodeG711(tone(161), 'pcma');
    writer.appendG711(a, 'pcma');
    writer.appendG711(encodeG711(tone(40), 'pcmu'), 'pcmu');
    await writer.close();
    await writer.close(); // idempotent
    const file = await readFile(path);
    const info = present(parseWavHeader(file));
    expect(info).toMatchObject({ encoding: 'pcma', sampleCount: 201, factSampleCount: 201 });
    expect(file.length).toBe(58 + 201 + 1);
    expect(file.readUInt32LE(4)).toBe(file.length - 8);
    expect(Array.from(file.subarray(58, 58 + 161))).toEqual(Array.from(a));
    expect(() => writer.appendPcm(tone(1))).toThrow(/closed/);
  });
});
