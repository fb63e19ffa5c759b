import { useEffect, useState } from 'react';
import { COPILOT_TYPING_INTERVAL_MS } from '@callsight/shared';

/** Splits a reply into words with their following spaces, so typing keeps line breaks. */
export function splitWords(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}

/** Types a reply out word by word every 20 ms (spec 002 §4, §9), then calls onDone once. */
export function TypedText({ text, onDone }: { text: string; onDone: () => void }) {
  const words = splitWords(text);
  const [shown, setShown] = useState(0);
  const total = words.length;
  useEffect(() => {
    if (shown >= total) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setShown((n) => n + 1), COPILOT_TYPING_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [shown, total, onDone]);
  return <>{words.slice(0, shown).join('')}</>;
}
