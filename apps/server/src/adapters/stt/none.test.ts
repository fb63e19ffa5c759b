import { describe, expect, it } from 'vitest';
import { createSpeechToText } from './index.ts';
import { createNoSpeechToText } from './none.ts';
import { SpeechToTextError } from './stt-adapter.ts';

describe('the "none" speech-to-text', () => {
  it('reports not available and refuses to transcribe', async () => {
    const stt = createNoSpeechToText();
    expect(stt.name).toBe('none');
    expect(await stt.available()).toBe(false);
    await expect(stt.transcribe('/any.wav')).rejects.toThrow(SpeechToTextError);
    await expect(stt.transcribe('/any.wav')).rejects.toThrow('Speech-to-text is not available');
  });

  it('is what the factory gives when turned off or when pocketsphinx is missing', async () => {
    const off = await createSpeechToText({ engine: 'none' });
    expect([off.name, off.notInstalled]).toEqual(['none', false]);
    const missing = await createSpeechToText({
      pocketsphinx: { binaryPath: '/nonexistent/bin/pocketsphinx_continuous' },
    });
    // Missing, not turned off: the report and the start-up line say the engine is not installed.
    expect([missing.name, missing.notInstalled]).toEqual(['none', true]);
    const noModel = await createSpeechToText({ pocketsphinx: { modelDir: '/nonexistent/model' } });
    expect([noModel.name, noModel.notInstalled]).toEqual(['none', true]);
  });
});
