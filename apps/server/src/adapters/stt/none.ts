import { SpeechToTextError, type SpeechToText } from './stt-adapter.ts';

/** The engine used when none is installed: never available, so the product says so. */
export function createNoSpeechToText(): SpeechToText {
  return {
    name: 'none',
    languageCode: 'en-US',
    available: async () => false,
    transcribe: async () => {
      throw new SpeechToTextError('Speech-to-text is not available');
    },
  };
}
