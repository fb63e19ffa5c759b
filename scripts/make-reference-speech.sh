#!/usr/bin/env bash
# Regenerates the reference speech of synthetic test calls (apps/server/assets/reference-speech):
# espeak-ng speaks each text at 22050 Hz; our own resampler (services/audio-analytics/pcm.ts)
# takes it to 8 kHz, 16-bit mono, at an active speech level of -26 dBov, with 250 ms of silence
# at each end. espeak-ng is a development tool only: the product reads the committed files.
# Usage: scripts/make-reference-speech.sh   (from anywhere; needs espeak-ng and node_modules)
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/apps/server/assets/reference-speech"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

command -v espeak-ng >/dev/null || { echo "espeak-ng is needed: apt-get install espeak-ng" >&2; exit 1; }

# Voices, speeds and texts were chosen among candidates for the lowest word error rate of
# pocketsphinx on the 8 kHz result (README.md), so that WER shows what the call path loses.
CUSTOMER_VOICE="en-us+klatt3"
CUSTOMER_SPEED=115
CUSTOMER_PITCH=50
CUSTOMER_TEXT="Hello, my name is John. I would like to change the address on my account, please."

AGENT_VOICE="en-us+klatt"
AGENT_SPEED=115
AGENT_PITCH=50
AGENT_TEXT="Thank you for calling customer service. How can I help you today? Let me look that up for you."

speak() { # name voice speed pitch text
  printf '%s\n' "$5" >"$OUT/$1.txt"
  espeak-ng -v "$2" -s "$3" -p "$4" -w "$TMP/$1.wav" "$5"
}

mkdir -p "$OUT"
speak customer "$CUSTOMER_VOICE" "$CUSTOMER_SPEED" "$CUSTOMER_PITCH" "$CUSTOMER_TEXT"
speak agent "$AGENT_VOICE" "$AGENT_SPEED" "$AGENT_PITCH" "$AGENT_TEXT"

cd "$ROOT"
node --import tsx --input-type=module -e "
const { readWavFile, resample, writeWavFile } = await import('./apps/server/src/services/audio-analytics/pcm.ts');
const { activeSpeechPower } = await import('./apps/server/src/services/audio-analytics/levels.ts');
const RATE = 8000;
const LEVEL_DBOV = -26; // ITU-T P.56 active speech level of test signals (0 dBov: full-scale RMS)
const PAD_MS = 250;
for (const name of ['customer', 'agent']) {
  const spoken = await readWavFile('$TMP/' + name + '.wav');
  const speech = resample(spoken.samples, spoken.sampleRate, RATE);
  const gain = 10 ** (LEVEL_DBOV / 20) / Math.sqrt(activeSpeechPower(speech, RATE));
  const pad = (PAD_MS * RATE) / 1000;
  const out = new Float32Array(speech.length + 2 * pad);
  let peak = 0;
  speech.forEach((v, i) => { out[pad + i] = v * gain; peak = Math.max(peak, Math.abs(v * gain)); });
  if (peak >= 1) throw new Error(name + ': clipped at -26 dBov (peak ' + peak.toFixed(2) + ')');
  await writeWavFile('$OUT/' + name + '.wav', out, RATE);
  console.log(name + '.wav: ' + (out.length / RATE).toFixed(2) + ' s, peak ' + (20 * Math.log10(peak)).toFixed(1) + ' dBFS');
}
"
