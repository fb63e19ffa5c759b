import { useCallback, useEffect, useState } from 'react';
import { SHELL } from '@callsight/shared';
import { copyText } from '../../lib/copy-text.ts';

/**
 * Copies a text and reports `copied` for 2 s (spec 000 §9 copy feedback); nothing is reported
 * when the browser refused the copy.
 */
export function useCopyFeedback(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), SHELL.copyFeedbackMs);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = useCallback(async (text: string) => {
    if (await copyText(text)) setCopied(true);
  }, []);
  return { copied, copy };
}
