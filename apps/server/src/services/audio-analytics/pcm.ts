/**
 * Recordings as numbers: WAV files in and out (through the dialler's WAV module), 16-bit and
 * floating-point samples, and band-limited resampling between telephone (8 kHz) and wideband
 * (16 kHz) rates.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { decodeG711 } from '../../adapters/dialler/media/g711.ts';
import { parseWavHeader, wavBytes } from '../../adapters/dialler/media/wav.ts';

/** Mono samples: 16-bit integers as recorded, or floats in [-1, 1]. */
export type Pcm = Int16Array | Float32Array;

/** A mono recording and its sampling rate. */
export interface Recording {
  samples: Int16Array;
  sampleRate: number;
}

/** Float samples in [-1, 1] (a copy for 16-bit input; Float32 input is returned as is). */
export function toFloat32(pcm: Pcm): Float32Array {
  if (pcm instanceof Float32Array) return pcm;
  const out = new Float32Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = (pcm[i] ?? 0) / 32768;
  return out;
}

/** 16-bit samples, rounded and clipped to the 16-bit range. */
export function toInt16(pcm: Pcm): Int16Array {
  if (pcm instanceof Int16Array) return pcm;
  const out = new Int16Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) {
    out[i] = Math.max(-32768, Math.min(32767, Math.round((pcm[i] ?? 0) * 32768)));
  }
  return out;
}

/** Decodes a WAV file (16-bit PCM, A-law or µ-law; the first channel when there are several). */
export function decodeWav(file: Uint8Array): Recording {
  const info = parseWavHeader(file);
  if (!info) throw new Error('Not a WAV file this product reads (16-bit PCM or G.711)');
  const { channels, sampleCount, dataOffset, encoding } = info;
  const samples = new Int16Array(sampleCount);
  if (encoding === 'pcm16') {
    if (info.bitsPerSample !== 16) throw new Error(`Unsupported WAV: ${info.bitsPerSample}-bit`);
    const view = new DataView(
      file.buffer,
      file.byteOffset + dataOffset,
      sampleCount * channels * 2,
    );
    for (let i = 0; i < sampleCount; i++) samples[i] = view.getInt16(i * channels * 2, true);
  } else {
    const codes = new Uint8Array(sampleCount);
    for (let i = 0; i < sampleCount; i++) codes[i] = file[dataOffset + i * channels] ?? 0;
    samples.set(decodeG711(codes, encoding));
  }
  return { samples, sampleRate: info.sampleRate };
}

/** Reads a WAV file from disk. */
export async function readWavFile(path: string): Promise<Recording> {
  return decodeWav(await readFile(path));
}

/** Writes 16-bit mono PCM as a WAV file. */
export async function writeWavFile(path: string, pcm: Pcm, sampleRate: number): Promise<void> {
  await writeFile(path, wavBytes(toInt16(pcm), 'pcm16', sampleRate));
}

/** Zero crossings of the windowed-sinc kernel on each side (at the lower of the two rates). */
const RESAMPLE_ZERO_CROSSINGS = 16;
/** Kaiser window shape: about 90 dB stop-band attenuation. */
const KAISER_BETA = 8.6;
/** Pass band as a fraction of the lower Nyquist frequency when going down (anti-aliasing margin). */
const DOWNSAMPLE_ROLLOFF = 0.95;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Modified Bessel function of the first kind, order 0 (power series). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

/**
 * Resamples by a polyphase windowed-sinc (Kaiser) filter at the rational ratio to/from, e.g.
 * 8000 -> 16000 (interpolation) or 16000 -> 8000 (low-pass below 3.8 kHz, then decimation).
 */
export function resample(pcm: Pcm, fromRate: number, toRate: number): Float32Array {
  const x = toFloat32(pcm);
  if (fromRate === toRate) return x;
  if (!Number.isInteger(fromRate) || !Number.isInteger(toRate) || fromRate <= 0 || toRate <= 0) {
    throw new RangeError(`resample: rates must be positive integers (${fromRate} -> ${toRate})`);
  }
  const g = gcd(fromRate, toRate);
  const up = toRate / g;
  const down = fromRate / g;
  // Cutoff in cycles per input sample x2 (1 = the input's Nyquist frequency).
  const cutoff = toRate < fromRate ? (toRate / fromRate) * DOWNSAMPLE_ROLLOFF : 1;
  const half = Math.ceil(RESAMPLE_ZERO_CROSSINGS / cutoff);
  const taps = 2 * half;
  const kernels = new Float32Array(up * taps);
  const i0Beta = besselI0(KAISER_BETA);
  for (let p = 0; p < up; p++) {
    const frac = p / up;
    for (let j = 0; j < taps; j++) {
      // Input sample i + j - half + 1 sits at distance t from the output instant.
      const t = frac - (j - half + 1);
      const u = t / half;
      const window = Math.abs(u) >= 1 ? 0 : besselI0(KAISER_BETA * Math.sqrt(1 - u * u)) / i0Beta;
      const a = Math.PI * cutoff * t;
      const sinc = t === 0 ? 1 : Math.sin(a) / a;
      kernels[p * taps + j] = cutoff * sinc * window;
    }
  }
  const outLength = Math.floor((x.length * up) / down);
  const out = new Float32Array(outLength);
  for (let n = 0; n < outLength; n++) {
    const pos = n * down;
    const i = Math.floor(pos / up);
    const base = (pos % up) * taps;
    const first = i - half + 1;
    let acc = 0;
    const jStart = Math.max(0, -first);
    const jEnd = Math.min(taps, x.length - first);
    for (let j = jStart; j < jEnd; j++) acc += (kernels[base + j] ?? 0) * (x[first + j] ?? 0);
    out[n] = acc;
  }
  return out;
}
