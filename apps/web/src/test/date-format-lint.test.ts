import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The lint rule that keeps every date of the web app on formatDisplayDate (DD-MM-YYYY HH:mm:ss,
 * spec 000 §9; issue 33), run through the repository's own eslint.config.js.
 */

// The repository's root, where eslint.config.js is (`new URL(.., import.meta.url)` is Vite's
// asset syntax, rewritten in tests: the path is cut from this file's own instead).
const ROOT = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(
  /apps\/web\/src\/test\/[^/]+$/,
  '',
);
const eslint = new ESLint({ cwd: ROOT });

async function dateErrors(code: string, file = 'apps/web/src/features/any/any.tsx') {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  // The lines with an error (a line may break more than one of the rule's patterns).
  const lines = (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => m.line);
  return [...new Set(lines)];
}

describe('the date format lint rule', () => {
  it('refuses locale and home-made date formats in the web app', async () => {
    const code = [
      "import dayjs from 'dayjs';",
      'export const a = (iso: string) => new Date(iso).toLocaleString();',
      'export const b = (d: Date) => d.toLocaleDateString();',
      'export const c = (d: Date) => d.toLocaleTimeString();',
      "export const d = (iso: string) => dayjs(iso).format('DD/MM/YYYY');",
      "export const e = new Intl.DateTimeFormat('en-US', { dateStyle: 'short' });",
      "export const f = (d: Date) => new Date(d).toLocaleString('en-GB');",
      '',
    ].join('\n');
    expect(await dateErrors(code)).toEqual([2, 3, 4, 5, 6, 7]);
  }, 60_000);

  it('lets the formatter, numbers with their locale and the time zone through', async () => {
    const code = [
      "import { formatDisplayDate } from '@callsight/shared';",
      'export const a = (iso: string) => formatDisplayDate(iso);',
      "export const b = (n: number) => n.toLocaleString('en-US');",
      'export const c = () => Intl.DateTimeFormat().resolvedOptions().timeZone;',
      '',
    ].join('\n');
    expect(await dateErrors(code)).toEqual([]);
    // Tests may compute the texts they expect by other means.
    expect(
      await dateErrors(
        'export const a = (d: Date) => d.toLocaleDateString();\n',
        'apps/web/src/features/any/any.test.tsx',
      ),
    ).toEqual([]);
  }, 60_000);
});
