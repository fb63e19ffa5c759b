/**
 * ITU-T G.711 companding: 16-bit linear PCM <-> 8-bit µ-law (PCMU) and A-law (PCMA).
 * Straight from the recommendation's segment tables (the classic Sun reference algorithm),
 * with 256-entry decode tables and 64 Ki-entry encode tables built once on first use.
 */

/** The two G.711 laws, named as in SDP (RTP static payload types 0 and 8). */
export type G711Law = 'pcmu' | 'pcma';

/** RTP static payload type of each law (RFC 3551 table 4). */
export const G711_PAYLOAD_TYPE: Readonly<Record<G711Law, number>> = { pcmu: 0, pcma: 8 };

/** The law of an RTP static payload type, or null when it is not G.711. */
export function lawOfPayloadType(payloadType: number): G711Law | null {
  if (payloadType === 0) return 'pcmu';
  if (payloadType === 8) return 'pcma';
  return null;
}

const MULAW_BIAS = 0x84;
const MULAW_CLIP = 32635;

/** Encodes one 16-bit linear sample to µ-law. */
export function encodeMuLawSample(sample: number): number {
  let s = clamp16(sample);
  const sign = s < 0 ? 0x80 : 0;
  if (s < 0) s = -s;
  if (s > MULAW_CLIP) s = MULAW_CLIP;
  s += MULAW_BIAS;
  // exponent = position of the highest set bit above bit 7 (0..7)
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** Decodes one µ-law byte to a 16-bit linear sample. */
export function decodeMuLawSample(code: number): number {
  const u = ~code & 0xff;
  const t = (((u & 0x0f) << 3) + MULAW_BIAS) << ((u & 0x70) >> 4);
  return u & 0x80 ? MULAW_BIAS - t : t - MULAW_BIAS;
}

/** Encodes one 16-bit linear sample to A-law. */
export function encodeALawSample(sample: number): number {
  let pcm = clamp16(sample) >> 3; // A-law works on 13 bits
  let mask: number;
  if (pcm >= 0) {
    mask = 0xd5;
  } else {
    mask = 0x55;
    pcm = -pcm - 1;
  }
  let seg = 0;
  while (seg < 8 && pcm > (0x20 << seg) - 1) seg++;
  if (seg >= 8) return 0x7f ^ mask;
  const aval = (seg << 4) | (seg < 2 ? (pcm >> 1) & 0x0f : (pcm >> seg) & 0x0f);
  return aval ^ mask;
}

/** Decodes one A-law byte to a 16-bit linear sample. */
export function decodeALawSample(code: number): number {
  const a = (code & 0xff) ^ 0x55;
  let t = (a & 0x0f) << 4;
  const seg = (a & 0x70) >> 4;
  if (seg === 0) t += 8;
  else if (seg === 1) t += 0x108;
  else t = (t + 0x108) << (seg - 1);
  return a & 0x80 ? t : -t;
}

function clamp16(sample: number): number {
  const s = Math.trunc(sample);
  return s > 32767 ? 32767 : s < -32768 ? -32768 : s;
}

interface Tables {
  decode: Int16Array;
  encode: Uint8Array; // indexed by sample + 32768
}
const tables: Partial<Record<G711Law, Tables>> = {};

function tablesFor(law: G711Law): Tables {
  const cached = tables[law];
  if (cached) return cached;
  const dec = law === 'pcmu' ? decodeMuLawSample : decodeALawSample;
  const enc = law === 'pcmu' ? encodeMuLawSample : encodeALawSample;
  const decode = new Int16Array(256);
  for (let c = 0; c < 256; c++) decode[c] = dec(c);
  const encode = new Uint8Array(65536);
  for (let s = -32768; s < 32768; s++) encode[s + 32768] = enc(s);
  const built = { decode, encode };
  tables[law] = built;
  return built;
}

/** Encodes 16-bit linear PCM samples to G.711 bytes (one byte per sample). */
export function encodeG711(samples: Int16Array, law: G711Law): Uint8Array {
  const { encode } = tablesFor(law);
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = encode[(samples[i] ?? 0) + 32768] ?? 0;
  return out;
}

/** Decodes G.711 bytes to 16-bit linear PCM samples. */
export function decodeG711(codes: Uint8Array, law: G711Law): Int16Array {
  const { decode } = tablesFor(law);
  const out = new Int16Array(codes.length);
  for (let i = 0; i < codes.length; i++) out[i] = decode[codes[i] ?? 0] ?? 0;
  return out;
}

/** The G.711 byte that encodes silence in each law (what a comfort-free gap is filled with). */
export const G711_SILENCE: Readonly<Record<G711Law, number>> = { pcmu: 0xff, pcma: 0xd5 };
