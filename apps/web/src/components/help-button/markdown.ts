import { HELP_PAGE_PATTERN } from '@callsight/shared/help/schemas';

/**
 * The small Markdown subset of our help articles (docs/help), parsed into a tree that React
 * renders as elements: headings, paragraphs, lists, block quotes, code, bold, italic and links.
 * Nothing is ever inserted as HTML: a tag in the text stays text.
 */
export type MdInline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: MdInline[] }
  | { kind: 'em'; children: MdInline[] }
  /** A web link (http, https or mailto), opened in a new tab. */
  | { kind: 'link'; href: string; children: MdInline[] }
  /** A link to another help article (`explorer.md`), opened in the same drawer. */
  | { kind: 'help'; page: string; children: MdInline[] };

export type MdBlock =
  | { kind: 'heading'; level: 2 | 3 | 4; children: MdInline[] }
  | { kind: 'paragraph'; children: MdInline[] }
  | { kind: 'list'; ordered: boolean; items: MdInline[][] }
  | { kind: 'quote'; children: MdInline[] }
  | { kind: 'code'; text: string };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const CONTINUATION = /^\s{2,}\S/;

/** Where a link goes: a web address, another help article, or nowhere (shown as its text). */
function linkTarget(href: string): { web: string } | { page: string } | null {
  const url = href.trim();
  if (/^(https?:\/\/|mailto:)/i.test(url)) return { web: url };
  const article = /^(?:\.\/)?([a-z0-9-]+)\.md(?:#[\w-]*)?$/.exec(url);
  if (article?.[1] && HELP_PAGE_PATTERN.test(article[1])) return { page: article[1] };
  return null;
}

/** Where `marker` closes after `from` (not directly after the opening), or -1. */
function closing(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from + 1);
  return at > from ? at : -1;
}

/** The inline spans of one block's text. */
export function parseInline(text: string): MdInline[] {
  const out: MdInline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const rest = text.slice(i);
    if (c === '\\' && i + 1 < text.length && /[\\`*_[\]()#>+.!-]/.test(text[i + 1] ?? '')) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ kind: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (rest.startsWith('**') || rest.startsWith('__')) {
      const marker = rest.slice(0, 2);
      const end = closing(text, marker, i + 1);
      if (end > i + 2) {
        flush();
        out.push({ kind: 'strong', children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if ((c === '*' || c === '_') && text[i + 1] !== ' ' && text[i + 1] !== c) {
      // `_` inside a word (snake_case) is not emphasis.
      const wordBefore = c === '_' && /\w/.test(text[i - 1] ?? '');
      const end = wordBefore ? -1 : closing(text, c, i);
      if (end > i + 1 && !(c === '_' && /\w/.test(text[end + 1] ?? ''))) {
        flush();
        out.push({ kind: 'em', children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (c === '[') {
      const link = /^\[([^\]]+)\]\(([^()\s]+)\)/.exec(rest);
      if (link?.[1] && link[2]) {
        flush();
        const children = parseInline(link[1]);
        const target = linkTarget(link[2]);
        if (target && 'web' in target) out.push({ kind: 'link', href: target.web, children });
        else if (target) out.push({ kind: 'help', page: target.page, children });
        else out.push(...children);
        i += link[0].length;
        continue;
      }
    }
    plain += c;
    i += 1;
  }
  flush();
  return out;
}

/** The blocks of an article. */
export function parseMarkdown(markdown: string): MdBlock[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MdBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    if (FENCE.test(line)) {
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !FENCE.test(lines[i] ?? '')) code.push(lines[i++] ?? '');
      i += 1;
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading?.[1] && heading[2] !== undefined) {
      // The article's title is its own heading: headings inside start at level 2.
      const level = Math.min(4, Math.max(2, heading[1].length)) as 2 | 3 | 4;
      blocks.push({ kind: 'heading', level, children: parseInline(heading[2]) });
      i += 1;
      continue;
    }
    const ordered = NUMBERED.test(line);
    if (ordered || BULLET.test(line)) {
      const marker = ordered ? NUMBERED : BULLET;
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i] ?? '';
        const item = marker.exec(current);
        if (item) items.push(item[1] ?? '');
        else if (CONTINUATION.test(current) && items.length > 0)
          items[items.length - 1] += ` ${current.trim()}`;
        else break;
        i += 1;
      }
      blocks.push({ kind: 'list', ordered, items: items.map(parseInline) });
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] ?? ''))
        quoted.push(QUOTE.exec(lines[i++] ?? '')?.[1] ?? '');
      blocks.push({ kind: 'quote', children: parseInline(quoted.join(' ').trim()) });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length) {
      const current = lines[i] ?? '';
      if (current.trim() === '' || HEADING.test(current) || FENCE.test(current)) break;
      if (BULLET.test(current) || NUMBERED.test(current) || QUOTE.test(current)) break;
      paragraph.push(current.trim());
      i += 1;
    }
    blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}
