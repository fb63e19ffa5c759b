import { describe, expect, it } from 'vitest';
import {
  decodeALawSample,
  decodeG711,
  decodeMuLawSample,
  encodeALawSample,
  encodeG711,
  encodeMuLawSample,
  lawOfPayloadType,
} from './g711.ts';

/** Half the quantization step of the segment a code belongs to, in 16-bit units. */
function halfStep(code: number, law: 'pcmu' | 'pcma'): number {
  if (law === 'pcmu') return 2 ** (((~code >> 4) & 7) + 2);
  const seg = ((code ^ 0x55) >> 4) & 7;
  return seg === 0 ? 8 : 2 ** (seg + 2);
}

describe('G.711 µ-law', () => {
  it('encodes silence as 0xFF and decodes it to 0', () => {
    expect(encodeMuLawSample(0)).toBe(0xff);
    expect(decodeMuLawSample(0xff)).toBe(0);
    expect(decodeMuLawSample(0x7f)).toBe(0); // negative zero
  });

  it('maps full scale to the end codes of the table', () => {
    expect(encodeMuLawSample(32767)).toBe(0x80);
    expect(encodeMuLawSample(-32768)).toBe(0x00);
    expect(decodeMuLawSample(0x80)).toBe(32124);
    expect(decodeMuLawSample(0x00)).toBe(-32124);
    expect(encodeMuLawSample(1_000_000)).toBe(0x80); // out-of-range input clamps
  });

  it('matches values from the G.711 table', () => {
    expect(encodeMuLawSample(1000)).toBe(0xce);
    expect(decodeMuLawSample(0xce)).toBe(988);
    expect(encodeMuLawSample(-1000)).toBe(0x4e);
    expect(encodeMuLawSample(-1)).toBe(0x7f);
  });

  it('is sign symmetric', () => {
    for (let c = 0; c < 128; c++)
      expect(decodeMuLawSample(c)).toBe(0 - decodeMuLawSample(c | 0x80));
    for (let s = 1; s <= 32767; s += 7) {
      expect(encodeMuLawSample(-s)).toBe(encodeMuLawSample(s) & 0x7f);
    }
  });

  it('round-trips every 16-bit input within the quantization error', () => {
    for (let s = -32768; s <= 32767; s++) {
      const code = encodeMuLawSample(s);
      const err = Math.abs(decodeMuLawSample(code) - s);
      // above the clip level (32635) the error grows up to 32767 - 32124
      const bound = Math.abs(s) > 32635 ? 32768 - 32124 : halfStep(code, 'pcmu');
      if (err > bound) expect({ s, code, err }).toBe(`error within ${bound}`);
    }
  });

  it('re-encodes every decoded value to the same code', () => {
    for (let c = 0; c < 256; c++) {
      if (c === 0x7f) continue; // -0 decodes to 0, which encodes as +0
      expect(encodeMuLawSample(decodeMuLawSample(c))).toBe(c);
    }
  });
});

describe('G.711 A-law', () => {
  it('encodes silence as 0xD5 and decodes it to the smallest step', () => {
    expect(encodeALawSample(0)).toBe(0xd5);
    expect(decodeALawSample(0xd5)).toBe(8);
    expect(encodeALawSample(-1)).toBe(0x55);
    expect(decodeALawSample(0x55)).toBe(-8);
  });

  it('maps full scale to the end codes of the table', () => {
    expect(encodeALawSample(32767)).toBe(0xaa);
    expect(encodeALawSample(-32768)).toBe(0x2a);
    expect(decodeALawSample(0xaa)).toBe(32256);
    expect(decodeALawSample(0x2a)).toBe(-32256);
  });

  it('matches values from the G.711 table', () => {
    expect(encodeALawSample(1000)).toBe(0xfa);
    expect(decodeALawSample(0xfa)).toBe(1008);
    expect(encodeALawSample(-1000)).toBe(0x7a);
  });

  it('is sign symmetric', () => {
    for (let c = 0; c < 128; c++) expect(decodeALawSample(c)).toBe(0 - decodeALawSample(c | 0x80));
  });

  it('round-trips every 16-bit input within the quantization error', () => {
    for (let s = -32768; s <= 32767; s++) {
      const code = encodeALawSample(s);
      const err = Math.abs(decodeALawSample(code) - s);
      const bound = halfStep(code, 'pcma');
      if (err > bound) expect({ s, code, err }).toBe(`error within ${bound}`);
    }
  });

  it('re-encodes every decoded value to the same code', () => {
    for (let c = 0; c < 256; c++) expect(encodeALawSample(decodeALawSample(c))).toBe(c);
  });
});

describe('G.711 buffers', () => {
  it('encodes and decodes sample arrays with the table versions of each law', () => {
    const samples = Int16Array.from([0, 1000, -1000, 32767, -32768, 12345]);
    for (const law of ['pcmu', 'pcma'] as const) {
      const codes = encodeG711(samples, law);
      const one = law === 'pcmu' ? encodeMuLawSample : encodeALawSample;
      const dec = law === 'pcmu' ? decodeMuLawSample : decodeALawSample;
      expect(Array.from(codes)).toEqual(Array.from(samples, (s) => one(s)));
      expect(Array.from(decodeG711(codes, law))).toEqual(Array.from(codes, (c) => dec(c)));
    }
  });

  it('knows the static payload types', () => {
    expect(lawOfPayloadType(0)).toBe('pcmu');
    expect(lawOfPayloadType(8)).toBe('pcma');
    expect(lawOfPayloadType(101)).toBeNull();
  });
});
