/**
 * The reference recordings both directions of a test call carry, shipped in
 * apps/server/assets/reference-speech (how they were made: the README there).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readWavFile, type Recording } from './pcm.ts';

export const REFERENCE_SPEECH_DIR = path.resolve(
  import.meta.dirname,
  '../../../assets/reference-speech',
);

/** customer: what the dialler side says; agent: what the agent side says. */
export type ReferenceSpeechName = 'customer' | 'agent';

export interface ReferenceSpeech extends Recording {
  /** What is said, as written in the transcript file (the WER reference). */
  transcript: string;
  /** The WAV file (8 kHz, 16-bit, mono). */
  wavPath: string;
}

/** Reads one reference recording and its transcript. */
export async function loadReferenceSpeech(name: ReferenceSpeechName): Promise<ReferenceSpeech> {
  const wavPath = path.join(REFERENCE_SPEECH_DIR, `${name}.wav`);
  const [recording, transcript] = await Promise.all([
    readWavFile(wavPath),
    readFile(path.join(REFERENCE_SPEECH_DIR, `${name}.txt`), 'utf8'),
  ]);
  return { ...recording, transcript: transcript.trim(), wavPath };
}
