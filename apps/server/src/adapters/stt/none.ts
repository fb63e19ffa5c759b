import { SpeechToTextError, type SpeechToText } from './stt-adapter.ts';

/**
 * The engine used when none is installed or transcription is turned off: never available, so the
 * product says so (and, with `notInstalled`, that the engine is missing).
 */
export function createNoSpeechToText(options: { notInstalled?: boolean } = {}): SpeechToText {
  return {
    name: 'none',
    notInstalled: options.notInstalled ?? false,
    languageCode: 'en-US',
    available: async () => false,
    transcribe: async () => {
      throw new SpeechToTextError('Speech-to-text is not available');
    },
  };
}
