import { createNoSpeechToText } from './none.ts';
import { createPocketsphinxAdapter, type PocketsphinxOptions } from './pocketsphinx.ts';
import type { SpeechToText } from './stt-adapter.ts';

export * from './stt-adapter.ts';
export { createNoSpeechToText } from './none.ts';
export {
  createPocketsphinxAdapter,
  parsePocketsphinxOutput,
  DEBIAN_EN_US_MODEL_DIR,
  type PocketsphinxOptions,
} from './pocketsphinx.ts';

export interface SpeechToTextOptions {
  /** 'none' turns transcription off; 'pocketsphinx' (default) uses it when it is installed. */
  engine?: 'pocketsphinx' | 'none';
  pocketsphinx?: PocketsphinxOptions;
}

/** The server's one line at start when pocketsphinx is asked for but missing (issue 33). */
export const STT_NOT_INSTALLED_LOG =
  'Transcription of test calls is off: speech-to-text engine not installed (pocketsphinx). Install it with `apt-get install -y pocketsphinx pocketsphinx-en-us` (see README)';

/**
 * The speech-to-text engine to use: pocketsphinx when asked for and installed, otherwise "none"
 * (the product then shows transcription as not available, and says when the engine is missing).
 */
export async function createSpeechToText(options: SpeechToTextOptions = {}): Promise<SpeechToText> {
  if (options.engine === 'none') return createNoSpeechToText();
  const pocketsphinx = createPocketsphinxAdapter(options.pocketsphinx);
  return (await pocketsphinx.available())
    ? pocketsphinx
    : createNoSpeechToText({ notInstalled: true });
}
