import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  HELP_PAGES,
  HELP_TEXTS,
  isHelpPage,
  type HelpArticle,
} from '@callsight/shared/help/schemas';
import { notFound } from '../../lib/errors.ts';

/** docs/help of the repository: one Markdown article per page, shipped with the server. */
export const HELP_DIR = path.resolve(import.meta.dirname, '../../../../../docs/help');

/** Articles read once per process (they change only with a release). */
const cache = new Map<string, Promise<HelpArticle>>();

/** An article's text as served: its first `# ` heading is the title, the rest its body. */
export function parseHelpArticle(page: string, text: string, fallbackTitle: string): HelpArticle {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  const heading = first >= 0 ? /^#\s+(.+?)\s*#*\s*$/.exec(lines[first] ?? '') : null;
  const body = heading ? lines.slice(first + 1) : lines;
  return {
    page,
    title: heading?.[1] ?? fallbackTitle,
    markdown: body.join('\n').trim(),
  };
}

async function load(page: string, dir: string): Promise<HelpArticle> {
  if (!isHelpPage(page)) throw notFound(HELP_TEXTS.notFound);
  // The page is one of HELP_PAGES' names: never a path of the caller's making.
  const text = await readFile(path.join(dir, `${page}.md`), 'utf8').catch(() => null);
  if (text === null) throw notFound(HELP_TEXTS.notFound);
  return parseHelpArticle(page, text, HELP_PAGES[page]);
}

/** The help article of `page` (404 for a page without one). */
export function readHelpArticle(page: string, dir: string = HELP_DIR): Promise<HelpArticle> {
  const key = `${dir}\n${page}`;
  let article = cache.get(key);
  if (!article) {
    article = load(page, dir);
    // A failed read is not kept: the next request tries again.
    article.catch(() => cache.delete(key));
    cache.set(key, article);
  }
  return article;
}
