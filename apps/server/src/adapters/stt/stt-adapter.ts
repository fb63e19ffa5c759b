import type { Pcm } from '../../services/audio-analytics/pcm.ts';

/** One recognised word and when it was said, from the start of the recording. */
export interface TranscriptWord {
  word: string;
  startMs: number;
  endMs: number;
  /** The engine's posterior probability, 0..1. */
  confidence: number;
}

export interface Transcript {
  /** The recognised words, lower case, separated by single spaces. */
  text: string;
  words?: TranscriptWord[];
}

/** A WAV file's path, or mono samples and their rate (8 kHz recordings are upsampled). */
export type SpeechInput = string | { samples: Pcm; sampleRate: number };

/** A failed or impossible transcription. */
export class SpeechToTextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpeechToTextError';
  }
}

/** An offline speech-to-text engine; "none" when no engine is installed. */
export interface SpeechToText {
  /** 'pocketsphinx' or 'none'. */
  readonly name: string;
  /** Set on "none" when the engine asked for (pocketsphinx) is not installed on this machine. */
  readonly notInstalled?: boolean;
  /** The language it recognises (BCP 47), e.g. 'en-US'. */
  readonly languageCode: string;
  /** Whether the engine and its model are present on this machine. */
  available(): Promise<boolean>;
  /** The words spoken in a recording; rejects with SpeechToTextError when it cannot. */
  transcribe(input: SpeechInput, options?: { signal?: AbortSignal }): Promise<Transcript>;
}
