import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@callsight/shared';
import {
  HELP_PAGES,
  HELP_TEXTS,
  HelpArticleSchema,
  type HelpArticle,
} from '@callsight/shared/help/schemas';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createTenant, createUser, signIn } from './factories.ts';
import { HELP_DIR, parseHelpArticle, readHelpArticle } from '../src/services/help/help-articles.ts';

/** Our own help articles (docs/help) through GET /api/help?page=, for every member. */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const get = (query: string, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'GET', url: `/api/help${query}`, headers });

describe('GET /api/help', () => {
  it("answers the page's article, without its title heading, to every member of the group", async () => {
    const t = await createTenant(s);
    const groupUser = await createUser(s.database.db, { groups: [t.group], role: 'user' });
    const userHeaders = authHeaders((await signIn(s.app, groupUser.email)).token);

    for (const headers of [t.viewerHeaders, t.adminHeaders, userHeaders]) {
      const res = await get('?page=explorer', headers);
      expect(res.statusCode, res.body).toBe(200);
      const article = HelpArticleSchema.parse(res.json());
      expect(article.page).toBe('explorer');
      expect(article.title).toBe('Calls and Logs');
      expect(article.markdown).toContain('## Call Stats Log');
      expect(article.markdown).toContain('**Download CSV**');
      expect(article.markdown.startsWith('# ')).toBe(false);
    }
  });

  it('has an article for every help page, titled as the help button lists it', async () => {
    const t = await createTenant(s);
    for (const [page, title] of Object.entries(HELP_PAGES)) {
      const res = await get(`?page=${page}`, t.headers);
      expect(res.statusCode, `${page}: ${res.body}`).toBe(200);
      const article = res.json<HelpArticle>();
      expect(article.title, page).toBe(title);
      expect(article.markdown.length, page).toBeGreaterThan(300);
    }
  });

  it('answers 404 for a page without an article and 400, naming the field, for a bad name', async () => {
    const t = await createTenant(s);
    const missing = await get('?page=billing-usage', t.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiError>().error.message).toBe(HELP_TEXTS.notFound);

    for (const page of [
      '../README',
      'Explorer',
      'explorer.md',
      '-explorer',
      '%2Fetc%2Fpasswd',
      '',
    ]) {
      const bad = await get(`?page=${page}`, t.headers);
      expect(bad.statusCode, page).toBe(400);
      expect(Object.keys(bad.json<ApiError>().error.fields ?? {}), page).toEqual(['page']);
    }
    const none = await get('', t.headers);
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json<ApiError>().error.fields ?? {})).toEqual(['page']);
  });

  it('needs a signed-in member: no token is 401, an API key is refused', async () => {
    const t = await createTenant(s);
    expect((await get('?page=explorer')).statusCode).toBe(401);
    const withKey = await get('?page=explorer', { authorization: `Bearer ${t.key}` });
    expect([401, 403]).toContain(withKey.statusCode);
  });
});

describe('help articles in docs/help', () => {
  it('link only to articles that exist (page.md) and to web addresses', async () => {
    const files = (await readdir(HELP_DIR)).filter((f) => f.endsWith('.md'));
    expect(files.sort()).toEqual(
      Object.keys(HELP_PAGES)
        .map((p) => `${p}.md`)
        .sort(),
    );
    for (const file of files) {
      const text = await readFile(path.join(HELP_DIR, file), 'utf8');
      for (const [, href] of text.matchAll(/\]\(([^)]+)\)/g)) {
        const page = /^([a-z0-9-]+)\.md$/.exec(href ?? '')?.[1];
        if (page) expect(Object.keys(HELP_PAGES), `${file} → ${href}`).toContain(page);
        else expect(href, file).toMatch(/^(https?:|mailto:)/);
      }
      // No raw HTML: the drawer shows tags as text.
      expect(text, file).not.toMatch(/<[a-z][^>]*>/i);
    }
  });

  it('reads the title from the first heading, and serves only names of the list', async () => {
    expect(parseHelpArticle('x', '\n# Title here #\n\nBody **bold**.\n', 'Fallback')).toEqual({
      page: 'x',
      title: 'Title here',
      markdown: 'Body **bold**.',
    });
    expect(parseHelpArticle('x', 'No heading.\r\n', 'Fallback')).toEqual({
      page: 'x',
      title: 'Fallback',
      markdown: 'No heading.',
    });
    const dir = await mkdtemp(path.join(tmpdir(), 'help-'));
    try {
      await writeFile(path.join(dir, 'groups.md'), '# Groups\n\nFrom the other folder.');
      await writeFile(path.join(dir, 'secret.md'), '# Secret\n\nNot a help page.');
      expect((await readHelpArticle('groups', dir)).markdown).toBe('From the other folder.');
      await expect(readHelpArticle('secret', dir)).rejects.toMatchObject({ statusCode: 404 });
      await expect(readHelpArticle('teammates', dir)).rejects.toMatchObject({ statusCode: 404 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
