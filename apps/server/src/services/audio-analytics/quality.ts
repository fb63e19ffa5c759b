/**
 * A listening-quality score on the 1..4.5 (narrowband) or 1..4.8 (wideband) scale, comparable to
 * POLQA's but computed by an open algorithm (docs/audio-analytics.md): time alignment (global,
 * then per 1 s block), level normalisation, per-frame frequency-weighted segmental SNR and
 * log-spectral distance, one distortion figure, a fixed monotonic mapping to the scale.
 */
import { AUDIO_HOPS } from '@callsight/shared';
import { correlationAt, estimateDelaySamples } from './delay.ts';
import { twoRealSpectra } from './fft.ts';
import { activityMask, frameEnergies } from './levels.ts';
import { toFloat32, type Pcm } from './pcm.ts';

export type Band = 'narrow' | 'wide';

function polqaReference(type: (typeof AUDIO_HOPS)[number]['type']): number {
  const hop = AUDIO_HOPS.find((h) => h.type === type);
  if (!hop) throw new Error(`No ${type} hop in AUDIO_HOPS`);
  return hop.reference;
}

/** The scale's top per band: the spec's POLQA references (§9): standard 4.5, wideband 4.8. */
export const SCORE_TOP: Readonly<Record<Band, number>> = {
  narrow: polqaReference('standard'),
  wide: polqaReference('wideband'),
};
/** Frequencies analysed per band, capped at 95 % of the Nyquist frequency. */
export const BAND_HZ: Readonly<Record<Band, readonly [number, number]>> = {
  narrow: [300, 3400],
  wide: [100, 7000],
};

const FRAME_MS = 32;
const HOP_MS = 16;
/** Re-alignment: blocks of the reference and how far each may move from the global delay. */
const BLOCK_MS = 1000;
const BLOCK_SEARCH_MS = 40;
/** Band SNR limits (Hu & Loizou's fwSNRseg) and the exponent of the band weights. */
const SNR_MIN_DB = -10;
const SNR_MAX_DB = 35;
const BAND_WEIGHT_GAMMA = 0.2;
/** Log-spectral distance: bins floor at this much below the reference's mean active bin power. */
const LSD_FLOOR_DB = 50;
/**
 * A frame's distortion = SNR_WEIGHT × (35 − its fwSNR) + LSD_WEIGHT × its LSD (both in dB); the
 * recording's is the power mean of order AGGREGATION_POWER over active frames, so that short
 * bursts (lost packets) count more than their share of time, as listeners hear them.
 */
const SNR_WEIGHT = 1;
const LSD_WEIGHT = 2;
const AGGREGATION_POWER = 3;
/** score = 1 + (top − 1) × exp(−(distortion / MAPPING_SCALE)^MAPPING_SHAPE), calibrated in docs. */
const MAPPING_SCALE = 38;
const MAPPING_SHAPE = 1.3;
/** A recording this far below the reference's speech level during speech received none. */
const NO_SPEECH_DB = -60;

export interface QualityOptions {
  sampleRate: number;
  band: Band;
  /** Longest delay searched (default: the recording's length). */
  maxDelayMs?: number;
}

export interface QualityResult {
  /** 1..SCORE_TOP[band]. */
  score: number;
  band: Band;
  /** Global delay of the degraded recording against the reference. */
  delayMs: number;
  /** Normalised correlation at that delay, 0..1. */
  delayConfidence: number;
  /** Mean frequency-weighted segmental SNR over the active frames, -10..35 dB. */
  fwSegSnrDb: number;
  /** Mean log-spectral distance over the active frames, dB. */
  lsdDb: number;
  /** The combined distortion the score maps from (0 for an exact copy). */
  distortion: number;
  /** Gain applied to the degraded recording to match the reference's active speech level. */
  gainDb: number;
  /** Frames of reference speech analysed. */
  activeFrames: number;
}

/** Bark (critical-band rate) of a frequency, after Zwicker & Terhardt. */
function bark(hz: number): number {
  return 13 * Math.atan(0.00076 * hz) + 3.5 * Math.atan((hz / 7500) ** 2);
}

/** The distortion → score mapping (exported for the calibration table in the docs). */
export function scoreOfDistortion(distortion: number, band: Band): number {
  const top = SCORE_TOP[band];
  return 1 + (top - 1) * Math.exp(-((Math.max(0, distortion) / MAPPING_SCALE) ** MAPPING_SHAPE));
}

/** Scores `degraded` against `reference` (both mono, same sample rate). */
export function listeningQuality(
  reference: Pcm,
  degraded: Pcm,
  options: QualityOptions,
): QualityResult {
  const { sampleRate, band } = options;
  const ref = toFloat32(reference);
  const deg = toFloat32(degraded);
  const frame = Math.round((sampleRate * FRAME_MS) / 1000);
  const hop = Math.round((sampleRate * HOP_MS) / 1000);
  const energies = frameEnergies(ref, frame, hop);
  const active = activityMask(energies);

  const maxLag =
    options.maxDelayMs === undefined
      ? Infinity
      : Math.round((options.maxDelayMs * sampleRate) / 1000);
  const global = estimateDelaySamples(ref, deg, sampleRate, -Infinity, maxLag);
  const globalLag = Math.round(global.delaySamples);
  const blockLags = blockDelays(ref, deg, globalLag, sampleRate, energies, active, hop);

  // Frames of the degraded recording aligned to the reference's frames.
  const degFrames = new Float32Array(energies.length * frame);
  for (let f = 0; f < energies.length; f++) {
    const lag =
      blockLags[Math.floor((f * hop + frame / 2) / ((BLOCK_MS * sampleRate) / 1000))] ?? globalLag;
    for (let i = 0; i < frame; i++) degFrames[f * frame + i] = deg[f * hop + i + lag] ?? 0;
  }

  let refPower = 0;
  let degPower = 0;
  let activeFrames = 0;
  for (let f = 0; f < energies.length; f++) {
    if (!active[f]) continue;
    activeFrames++;
    refPower += energies[f] ?? 0;
    for (let i = 0; i < frame; i++) degPower += (degFrames[f * frame + i] ?? 0) ** 2 / frame;
  }
  const received = activeFrames > 0 && degPower > refPower * 10 ** (NO_SPEECH_DB / 10);
  const gain = received ? Math.sqrt(refPower / degPower) : 1;

  const fft = 2 ** Math.ceil(Math.log2(frame));
  const binHz = sampleRate / fft;
  const [loHz, hiWanted] = BAND_HZ[band];
  const hiHz = Math.min(hiWanted, 0.95 * (sampleRate / 2));
  const kLo = Math.ceil(loHz / binHz);
  const kHi = Math.floor(hiHz / binHz);
  const barkLo = bark(loHz);
  const bandOf = new Int32Array(kHi + 1);
  let bands = 0;
  for (let k = kLo; k <= kHi; k++) {
    bandOf[k] = Math.floor(bark(k * binHz) - barkLo);
    bands = Math.max(bands, (bandOf[k] ?? 0) + 1);
  }
  const window = new Float64Array(frame);
  for (let i = 0; i < frame; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / frame);
  // Mean bin power of a Hann-windowed frame of the mean active energy (Parseval, Hann: 3/8).
  const meanActiveEnergy = activeFrames > 0 ? refPower / activeFrames : 0;
  const lsdFloor = Math.max(
    fft * frame * 0.375 * meanActiveEnergy * 10 ** (-LSD_FLOOR_DB / 10),
    1e-20,
  );

  let snrSum = 0;
  let lsdSum = 0;
  let distortionSum = 0;
  const re = new Float64Array(fft);
  const im = new Float64Array(fft);
  const xBand = new Float64Array(bands);
  const yBand = new Float64Array(bands);
  for (let f = 0; f < energies.length; f++) {
    if (!active[f]) continue;
    re.fill(0);
    im.fill(0);
    for (let i = 0; i < frame; i++) {
      const w = window[i] ?? 0;
      re[i] = (ref[f * hop + i] ?? 0) * w;
      im[i] = (degFrames[f * frame + i] ?? 0) * gain * w;
    }
    const s = twoRealSpectra(re, im);
    xBand.fill(0);
    yBand.fill(0);
    let lsd = 0;
    for (let k = kLo; k <= kHi; k++) {
      const px = (s.xRe[k] ?? 0) ** 2 + (s.xIm[k] ?? 0) ** 2;
      const py = (s.yRe[k] ?? 0) ** 2 + (s.yIm[k] ?? 0) ** 2;
      const b = bandOf[k] ?? 0;
      xBand[b] = (xBand[b] ?? 0) + px;
      yBand[b] = (yBand[b] ?? 0) + py;
      lsd += (10 * Math.log10((px + lsdFloor) / (py + lsdFloor))) ** 2;
    }
    const frameLsd = Math.sqrt(lsd / (kHi - kLo + 1));
    lsdSum += frameLsd;
    let weighted = 0;
    let weights = 0;
    for (let b = 0; b < bands; b++) {
      const x = Math.sqrt(xBand[b] ?? 0);
      const y = Math.sqrt(yBand[b] ?? 0);
      const diff = (x - y) ** 2;
      const snr = diff === 0 ? SNR_MAX_DB : 10 * Math.log10((x * x) / diff);
      const w = x ** BAND_WEIGHT_GAMMA;
      weighted += w * Math.max(SNR_MIN_DB, Math.min(SNR_MAX_DB, snr));
      weights += w;
    }
    const frameSnr = weights > 0 ? weighted / weights : SNR_MIN_DB;
    snrSum += frameSnr;
    distortionSum +=
      (SNR_WEIGHT * (SNR_MAX_DB - frameSnr) + LSD_WEIGHT * frameLsd) ** AGGREGATION_POWER;
  }

  const fwSegSnrDb = activeFrames > 0 ? snrSum / activeFrames : SNR_MIN_DB;
  const lsdDb = activeFrames > 0 ? lsdSum / activeFrames : 0;
  const distortion =
    activeFrames > 0 ? (distortionSum / activeFrames) ** (1 / AGGREGATION_POWER) : Infinity;
  return {
    score: received ? scoreOfDistortion(distortion, band) : 1,
    band,
    delayMs: (global.delaySamples * 1000) / sampleRate,
    delayConfidence: global.confidence,
    fwSegSnrDb,
    lsdDb,
    distortion,
    gainDb: 20 * Math.log10(gain),
    activeFrames,
  };
}

/**
 * The delay of each 1 s block of the reference: the global one, or a nearby one (within
 * BLOCK_SEARCH_MS) that matches the block better, as when a jitter buffer grows or shrinks.
 */
function blockDelays(
  ref: Float32Array,
  deg: Float32Array,
  globalLag: number,
  sampleRate: number,
  energies: Float64Array,
  active: Uint8Array,
  hop: number,
): Int32Array {
  const blockLength = Math.round((BLOCK_MS * sampleRate) / 1000);
  const search = Math.round((BLOCK_SEARCH_MS * sampleRate) / 1000);
  const blocks = Math.ceil(ref.length / blockLength);
  const lags = new Int32Array(blocks).fill(globalLag);
  for (let b = 0; b < blocks; b++) {
    const start = b * blockLength;
    const end = Math.min(ref.length, start + blockLength);
    let speech = false;
    for (let f = Math.floor(start / hop); f < energies.length && f * hop < end; f++) {
      if (active[f]) speech = true;
    }
    if (!speech) continue;
    const block = ref.subarray(start, end);
    const segStart = Math.max(0, start + globalLag - search);
    const segment = deg.subarray(segStart, Math.max(segStart, end + globalLag + search));
    const local = estimateDelaySamples(
      block,
      segment,
      sampleRate,
      start + globalLag - search - segStart,
      start + globalLag + search - segStart,
    );
    const localLag = Math.round(local.delaySamples) + segStart - start;
    const atGlobal = correlationAt(block, deg, start + globalLag);
    const atLocal = correlationAt(block, deg, start + localLag);
    if (atLocal > atGlobal) lags[b] = localLag;
  }
  return lags;
}
