import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { sayWhenSpeechToTextMissing } from './runtime.ts';
import { createInProcessProbe } from './test-call-runner.ts';

/** The in-process probe of a server started with these settings, and what it logs. */
function probeWith(env: Record<string, string>) {
  const lines: string[] = [];
  const log = {
    info: (msg: string) => lines.push(`info ${msg}`),
    warn: (msg: string) => lines.push(`warn ${msg}`),
    error: (_err: unknown, msg?: string) => lines.push(`error ${msg ?? ''}`),
  };
  const config = loadConfig({ DATA_DIR: 'memory://', ...env });
  return { probe: createInProcessProbe(config, log), log, lines };
}

describe('the speech-to-text line at start (issue 33)', () => {
  it('says once, in one line, that pocketsphinx is not installed and how to install it', async () => {
    const { probe, log, lines } = probeWith({ POCKETSPHINX_BINARY: '/nonexistent/pocketsphinx' });
    await sayWhenSpeechToTextMissing(probe, log);
    expect(lines).toEqual([
      'warn Transcription of test calls is off: speech-to-text engine not installed (pocketsphinx). Install it with `apt-get install -y pocketsphinx pocketsphinx-en-us` (see README)',
    ]);
    // The engine is resolved once: the probe's calls use the same "none".
    expect((await probe.speechToText()).notInstalled).toBe(true);
  });

  it('says nothing when transcription is turned off (STT_ENGINE=none)', async () => {
    const { probe, log, lines } = probeWith({
      STT_ENGINE: 'none',
      POCKETSPHINX_BINARY: '/nonexistent/pocketsphinx',
    });
    await sayWhenSpeechToTextMissing(probe, log);
    expect(lines).toEqual([]);
  });
});
