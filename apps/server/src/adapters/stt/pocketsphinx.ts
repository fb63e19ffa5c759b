/**
 * Speech-to-text through CMU PocketSphinx's command-line recogniser (Debian packages
 * `pocketsphinx` and `pocketsphinx-en-us`): the recording goes to a temporary 16 kHz mono WAV,
 * `pocketsphinx_continuous -time yes` prints one line per word with its times and posterior.
 */
import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { devNull, tmpdir } from 'node:os';
import { readWavFile, resample, writeWavFile } from '../../services/audio-analytics/pcm.ts';
import { activeSpeechPower } from '../../services/audio-analytics/levels.ts';
import {
  SpeechToTextError,
  type SpeechInput,
  type SpeechToText,
  type Transcript,
  type TranscriptWord,
} from './stt-adapter.ts';

/** Where Debian's pocketsphinx-en-us puts the US English model. */
export const DEBIAN_EN_US_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
/** The acoustic model's sampling rate. */
const MODEL_RATE = 16000;
/** Speech is brought to this active level (dB relative to a full-scale RMS) before recognition. */
const SPEECH_LEVEL_DBOV = -26;

export interface PocketsphinxOptions {
  /** The recogniser: a path, or a name looked up on PATH. Default `pocketsphinx_continuous`. */
  binaryPath?: string;
  /** Holds `en-us/` (acoustic model), `en-us.lm.bin` and `cmudict-en-us.dict`. */
  modelDir?: string;
  timeoutMs?: number;
}

/** The pocketsphinx adapter; check `available()` before use. */
export function createPocketsphinxAdapter(options: PocketsphinxOptions = {}): SpeechToText {
  const binary = options.binaryPath ?? 'pocketsphinx_continuous';
  // PATH is read once, here, as the rest of the configuration (conventions: config at boot).
  const candidates = binary.includes('/')
    ? [binary]
    : (process.env['PATH'] ?? '')
        .split(delimiter)
        .filter(Boolean)
        .map((d) => join(d, binary));
  const modelDir = options.modelDir ?? DEBIAN_EN_US_MODEL_DIR;
  const model = {
    hmm: join(modelDir, 'en-us'),
    lm: join(modelDir, 'en-us.lm.bin'),
    dict: join(modelDir, 'cmudict-en-us.dict'),
  };
  return {
    name: 'pocketsphinx',
    languageCode: 'en-US',
    async available() {
      const found = await firstExecutable(candidates);
      if (!found) return false;
      const files = [join(model.hmm, 'mdef'), model.lm, model.dict];
      return (await Promise.all(files.map((f) => readable(f)))).every(Boolean);
    },
    async transcribe(input: SpeechInput, opts: { signal?: AbortSignal } = {}) {
      const recording = typeof input === 'string' ? await readWavFile(input) : input;
      const samples = resample(recording.samples, recording.sampleRate, MODEL_RATE);
      const power = activeSpeechPower(samples, MODEL_RATE);
      const gain = power > 0 ? 10 ** (SPEECH_LEVEL_DBOV / 20) / Math.sqrt(power) : 1;
      const dir = await mkdtemp(join(tmpdir(), 'callsight-stt-'));
      try {
        const wav = join(dir, 'speech.wav');
        await writeWavFile(
          wav,
          samples.map((v) => v * gain),
          MODEL_RATE,
        );
        const stdout = await run(
          (await firstExecutable(candidates)) ?? binary,
          [
            '-infile',
            wav,
            '-hmm',
            model.hmm,
            '-lm',
            model.lm,
            '-dict',
            model.dict,
            '-time',
            'yes',
            '-logfn',
            devNull,
          ],
          options.timeoutMs ?? 60_000,
          opts.signal,
        );
        return parsePocketsphinxOutput(stdout);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Words of `-time yes` output ("word start end posterior"), fillers (<s>, <sil>, [NOISE]) left out. */
export function parsePocketsphinxOutput(stdout: string): Transcript {
  const words: TranscriptWord[] = [];
  for (const line of stdout.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\S+)$/.exec(line.trim());
    if (!m) continue;
    const [, token = '', start = '0', end = '0', posterior = '0'] = m;
    if (/^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(token)) continue;
    words.push({
      // Alternative pronunciations come back as word(2).
      word: token.replace(/\(\d+\)$/, '').toLowerCase(),
      startMs: Math.round(Number(start) * 1000),
      endMs: Math.round(Number(end) * 1000),
      confidence: Math.max(0, Math.min(1, Number(posterior) || 0)),
    });
  }
  return { text: words.map((w) => w.word).join(' '), words };
}

async function readable(path: string): Promise<boolean> {
  try {
    await access(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of the paths that is an executable file. */
async function firstExecutable(candidates: string[]): Promise<string | null> {
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function run(binary: string, args: string[], timeoutMs: number, signal?: AbortSignal) {
  return new Promise<string>((resolve, reject) => {
    execFile(
      binary,
      args,
      { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, ...(signal ? { signal } : {}) },
      (error, stdout, stderr) => {
        if (error) {
          const detail = String(stderr).trim().split('\n').slice(-3).join(' ') || error.message;
          reject(new SpeechToTextError(`pocketsphinx failed: ${detail}`));
        } else {
          resolve(String(stdout));
        }
      },
    );
  });
}
