import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  WEB_BUILD_INPUTS,
  buildWebIfStale,
  isWebBuildCurrent,
  webBuildFiles,
} from '../../../scripts/build-web-if-stale.ts';

/**
 * `npm start` builds the web app once (issue 33 §3): skipped while apps/web/dist was built from
 * the present inputs, built again when any of them changes. On a scratch copy of the layout,
 * with a stand-in for vite that writes dist/index.html.
 */

const REPO = fileURLToPath(new URL('../../..', import.meta.url));

let root: string;
let builds: number;
let buildSucceeds: boolean;

const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

/** One `npm start`'s build step: what it did. */
const start = (force = false) =>
  buildWebIfStale(root, {
    force,
    build: () => {
      builds++;
      // vite empties dist/ first, whether or not the build then succeeds.
      fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true, force: true });
      if (buildSucceeds) write('apps/web/dist/index.html', `<html>${builds}</html>`);
      return buildSucceeds;
    },
  });

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'callsight-web-build-'));
  builds = 0;
  buildSucceeds = true;
  write('apps/web/src/main.tsx', 'export const app = 1;');
  write('apps/web/src/features/calls/page.tsx', 'export const page = 1;');
  write('apps/web/public/favicon.svg', '<svg/>');
  write('apps/web/index.html', '<div id="root"></div>');
  write('apps/web/vite.config.ts', 'export default {};');
  write('apps/web/tsconfig.json', '{}');
  write('apps/web/package.json', '{"name":"@callsight/web"}');
  write('packages/shared/src/index.ts', 'export const shared = 1;');
  write('packages/shared/package.json', '{"name":"@callsight/shared"}');
  write('packages/collector/src/index.ts', 'export const collector = 1;');
  write('packages/collector/package.json', '{"name":"@callsight/collector"}');
  write('tsconfig.base.json', '{}');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('apps/server/src/main.ts', 'export {};');
  write('README.md', '# Callsight');
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the web build step of npm start', () => {
  it('builds when there is no build, then skips while nothing changes', () => {
    expect(start()).toBe('built');
    expect(start()).toBe('current');
    expect(start()).toBe('current');
    expect(builds).toBe(1);
  });

  it.each([
    ['a web source', 'apps/web/src/features/calls/page.tsx'],
    ['a shared source the web imports', 'packages/shared/src/index.ts'],
    ['a collector source', 'packages/collector/src/index.ts'],
    ['index.html', 'apps/web/index.html'],
    ['a public file', 'apps/web/public/favicon.svg'],
    ['the vite config', 'apps/web/vite.config.ts'],
    ["the web app's package.json", 'apps/web/package.json'],
    ['the lockfile', 'package-lock.json'],
  ])('builds again when %s changes', (_what, file) => {
    expect(start()).toBe('built');
    fs.appendFileSync(path.join(root, file), '\n// changed');
    expect(isWebBuildCurrent(root)).toBe(false);
    expect(start()).toBe('built');
    expect(start()).toBe('current');
    expect(builds).toBe(2);
  });

  it('builds again when a source is added, removed or renamed', () => {
    start();
    write('apps/web/src/features/calls/new.tsx', 'export const added = 1;');
    expect(start()).toBe('built');
    fs.renameSync(
      path.join(root, 'apps/web/src/features/calls/new.tsx'),
      path.join(root, 'apps/web/src/features/calls/renamed.tsx'),
    );
    expect(start()).toBe('built');
    fs.rmSync(path.join(root, 'apps/web/src/features/calls/renamed.tsx'));
    expect(start()).toBe('built');
    expect(builds).toBe(4);
  });

  it('builds again when a vite .env file appears', () => {
    start();
    write('apps/web/.env.production', 'VITE_FLAG=1');
    expect(start()).toBe('built');
  });

  it('ignores what the web app is not built from, and a touch without a change', () => {
    start();
    fs.appendFileSync(path.join(root, 'apps/server/src/main.ts'), '\n// server only');
    fs.appendFileSync(path.join(root, 'README.md'), '\nmore');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'apps/web/src/main.tsx'), later, later);
    expect(start()).toBe('current');
    expect(builds).toBe(1);
  });

  it('builds again when dist/ is gone', () => {
    start();
    fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(start()).toBe('built');
  });

  it('never takes a failed build for a current one, even with its inputs put back', () => {
    start();
    const file = path.join(root, 'apps/web/src/main.tsx');
    const before = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, 'export const app = 2;');
    buildSucceeds = false;
    expect(start()).toBe('failed');
    // The build failed after vite emptied dist/; the sources go back to the built version.
    fs.writeFileSync(file, before);
    buildSucceeds = true;
    expect(start()).toBe('built');
    expect(start()).toBe('current');
  });

  it('builds regardless with --force (npm run build)', () => {
    start();
    expect(start(true)).toBe('built');
    expect(start()).toBe('current');
    expect(builds).toBe(2);
  });
});

describe('the web build inputs of this repository', () => {
  it('include every workspace package the web app imports', () => {
    const files = webBuildFiles(REPO);
    const imported = new Set<string>();
    for (const rel of files.filter((f) => /^apps\/web\/(src\/.*\.tsx?|vite\.config\.ts)$/.test(f)))
      for (const m of fs
        .readFileSync(path.join(REPO, rel), 'utf8')
        .matchAll(/['"]@callsight\/([\w-]+)['"]/g))
        if (m[1]) imported.add(m[1]);
    expect(imported.size).toBeGreaterThan(0);
    for (const name of imported) {
      expect(WEB_BUILD_INPUTS).toContain(`packages/${name}/src`);
      expect(WEB_BUILD_INPUTS).toContain(`packages/${name}/package.json`);
    }
  });

  it('include the web sources and the lockfile', () => {
    const files = webBuildFiles(REPO);
    expect(files).toContain('apps/web/src/main.tsx');
    expect(files).toContain('apps/web/index.html');
    expect(files).toContain('package-lock.json');
    expect(files.some((f) => f.startsWith('apps/web/dist/'))).toBe(false);
  });
});
