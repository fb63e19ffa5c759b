import { describe, expect, it } from 'vitest';
import { estimateDelay } from './delay.ts';
import { activeSpeechPower } from './levels.ts';
import { toFloat32 } from './pcm.ts';
import { loadReferenceSpeech } from './reference-speech.ts';
import { normaliseWords } from './wer.ts';

describe('the shipped reference speech', () => {
  it.each(['customer', 'agent'] as const)(
    '%s: 6-10 s of 8 kHz speech at -26 dBov with its transcript',
    async (name) => {
      const ref = await loadReferenceSpeech(name);
      expect(ref.sampleRate).toBe(8000);
      const seconds = ref.samples.length / ref.sampleRate;
      expect(seconds).toBeGreaterThanOrEqual(6);
      expect(seconds).toBeLessThanOrEqual(10);
      const levelDb = 10 * Math.log10(activeSpeechPower(toFloat32(ref.samples), 8000));
      expect(levelDb).toBeCloseTo(-26, 0);
      expect(normaliseWords(ref.transcript).length).toBeGreaterThanOrEqual(12);
    },
  );

  it('has two different voices and texts, so the directions cannot be mistaken', async () => {
    const customer = await loadReferenceSpeech('customer');
    const agent = await loadReferenceSpeech('agent');
    expect(customer.transcript).not.toBe(agent.transcript);
    expect(estimateDelay(customer.samples, agent.samples, 8000).confidence).toBeLessThan(0.3);
  });
});
