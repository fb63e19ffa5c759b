import { describe, expect, it } from 'vitest';
import { loadReferenceSpeech } from '../../services/audio-analytics/reference-speech.ts';
import { wordErrorRate } from '../../services/audio-analytics/wer.ts';
import { createSpeechToText } from './index.ts';
import { createPocketsphinxAdapter, parsePocketsphinxOutput } from './pocketsphinx.ts';
import { SpeechToTextError } from './stt-adapter.ts';
import { skipWithout } from '../../../test/support/peers.ts';

const pocketsphinx = createPocketsphinxAdapter();
const skip = skipWithout(await pocketsphinx.available(), 'pocketsphinx');

describe('parsePocketsphinxOutput', () => {
  it('reads the words of -time yes output and leaves fillers and hypothesis lines out', () => {
    const out = [
      'how can(2) i',
      '<s> 0.000 0.180 1.000100',
      'how 0.190 0.590 0.998401',
      '<sil> 0.600 1.310 0.999900',
      'can(2) 1.320 1.430 0.466224',
      '[NOISE] 1.440 1.500 0.9',
      "I'm 1.510 2.020 0.996008",
      '</s> 2.270 2.750 1.000000',
      '',
    ].join('\n');
    expect(parsePocketsphinxOutput(out)).toEqual({
      text: "how can i'm",
      words: [
        { word: 'how', startMs: 190, endMs: 590, confidence: 0.998401 },
        { word: 'can', startMs: 1320, endMs: 1430, confidence: 0.466224 },
        { word: "i'm", startMs: 1510, endMs: 2020, confidence: 0.996008 },
      ],
    });
    expect(parsePocketsphinxOutput('')).toEqual({ text: '', words: [] });
  });
});

describe('the pocketsphinx adapter', () => {
  it('is not available without its binary or its model', async () => {
    expect(await createPocketsphinxAdapter({ binaryPath: '/nonexistent/ps' }).available()).toBe(
      false,
    );
    expect(await createPocketsphinxAdapter({ modelDir: '/nonexistent' }).available()).toBe(false);
  });

  it.skipIf(skip)('is what the factory picks when it is installed', async () => {
    expect((await createSpeechToText()).name).toBe('pocketsphinx');
  });

  // Measured with Debian's pocketsphinx 0.8+5prealpha and pocketsphinx-en-us: WER 0.37 (agent)
  // and 0.69 (customer) on the 8 kHz references (docs/audio-analytics.md).
  it.skipIf(skip)('transcribes the agent reference speech with a WER below 0.5', async () => {
    const ref = await loadReferenceSpeech('agent');
    const transcript = await pocketsphinx.transcribe(ref.wavPath);
    expect(wordErrorRate(ref.transcript, transcript.text).wer).toBeLessThan(0.5);
    expect(transcript.words?.length).toBeGreaterThan(10);
    for (const w of transcript.words ?? []) expect(w.endMs).toBeGreaterThanOrEqual(w.startMs);
  });

  it.skipIf(skip)('transcribes the customer reference samples with a WER below 0.8', async () => {
    const ref = await loadReferenceSpeech('customer');
    const transcript = await pocketsphinx.transcribe({ samples: ref.samples, sampleRate: 8000 });
    const wer = wordErrorRate(ref.transcript, transcript.text);
    expect(wer.wer).toBeLessThan(0.8);
    expect(wer.hits).toBeGreaterThanOrEqual(5);
  });

  it('rejects with SpeechToTextError when the recogniser fails', async () => {
    const failing = createPocketsphinxAdapter({ binaryPath: '/bin/false' });
    const ref = await loadReferenceSpeech('agent');
    await expect(
      failing.transcribe({ samples: ref.samples.subarray(0, 800), sampleRate: 8000 }),
    ).rejects.toThrow(SpeechToTextError);
  });
});
