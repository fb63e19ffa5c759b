/**
 * Copies text to the clipboard; true when the browser copied it. The Clipboard API needs a
 * secure context (HTTPS or localhost): a self-hosted install on plain HTTP falls back to
 * selecting the text in a hidden element and the copy command.
 */
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused: try the fallback below.
    }
  }
  return copyBySelection(text);
}

/**
 * A selected text area would take the focus: the clicked control would lose its "Copied!"
 * tooltip, and a dialog's focus trap would pull the focus back before the copy. Selecting a
 * plain element moves no focus; the user's own selection is put back afterwards.
 */
function copyBySelection(text: string): boolean {
  const selection = document.getSelection();
  if (!selection) return false;
  const saved = Array.from({ length: selection.rangeCount }, (_, i) => selection.getRangeAt(i));
  const holder = document.createElement('span');
  holder.textContent = text;
  Object.assign(holder.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    opacity: '0',
    whiteSpace: 'pre',
    userSelect: 'text',
    pointerEvents: 'none',
  });
  document.body.appendChild(holder);
  try {
    const range = document.createRange();
    range.selectNodeContents(holder);
    selection.removeAllRanges();
    selection.addRange(range);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    selection.removeAllRanges();
    for (const range of saved) selection.addRange(range);
    holder.remove();
  }
}
