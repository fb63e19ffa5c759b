import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text.ts';

function browser(options: { secure: boolean; writeText?: () => Promise<void> }) {
  Object.defineProperty(window, 'isSecureContext', { value: options.secure, configurable: true });
  Object.defineProperty(navigator, 'clipboard', {
    value: options.writeText ? { writeText: options.writeText } : undefined,
    configurable: true,
  });
}

/** The copy command, recording the text selected (what the browser copies) when it ran. */
function copyCommand(result: boolean | Error) {
  const copied: string[] = [];
  const execCommand = vi.fn((command: string) => {
    if (command === 'copy') copied.push(String(document.getSelection()));
    if (result instanceof Error) throw result;
    return result;
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return { execCommand, copied };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
  Reflect.deleteProperty(window, 'isSecureContext');
  document.body.innerHTML = '';
});

describe('copyText', () => {
  it('writes to the clipboard in a secure context', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    browser({ secure: true, writeText });
    const { execCommand } = copyCommand(true);
    expect(await copyText('cs_key')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('cs_key');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('on plain HTTP copies the selected text, leaving the focus and the page as they were', async () => {
    browser({ secure: false });
    const { copied } = copyCommand(true);
    document.body.innerHTML = '<p id="note">some page text</p><button id="copy">Copy</button>';
    const note = document.getElementById('note');
    const button = document.getElementById('copy');
    if (!note || !button) throw new Error('page not built');
    button.focus();
    const own = document.createRange();
    own.selectNodeContents(note);
    document.getSelection()?.removeAllRanges();
    document.getSelection()?.addRange(own);

    expect(await copyText('secret  with\ttabs')).toBe(true);
    expect(copied).toEqual(['secret  with\ttabs']);
    expect(document.activeElement).toBe(button);
    expect(String(document.getSelection())).toBe('some page text');
    expect(document.body.children).toHaveLength(2);
  });

  it('falls back when the clipboard refuses, and answers false when the copy fails too', async () => {
    browser({ secure: true, writeText: () => Promise.reject(new Error('denied')) });
    const { copied } = copyCommand(true);
    expect(await copyText('a')).toBe(true);
    expect(copied).toEqual(['a']);
    copyCommand(false);
    expect(await copyText('b')).toBe(false);
    copyCommand(new Error('unsupported'));
    expect(await copyText('c')).toBe(false);
    expect(document.body.children).toHaveLength(0);
  });
});
