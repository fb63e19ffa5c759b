// `npm start` builds the web app only when apps/web/dist is missing or older than what it is
// built from (issue 33): a hash of the build's inputs is kept beside the build, and compared.
// `--force` (`npm run build`) builds regardless. Run with `node --import tsx`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the web build reads, relative to the repository: the app's sources and configuration,
 * the workspace packages it imports (their sources are compiled into the bundle), the shared
 * TypeScript options, and the lockfile for every installed dependency's version.
 */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/collector/src',
  'packages/collector/package.json',
  'tsconfig.base.json',
  'package-lock.json',
] as const;

/** The built app's entry: without it there is no build, whatever the stamp says. */
const BUILT_ENTRY = 'apps/web/dist/index.html';
/** Outside dist/: the server serves every file there, and a failed build empties dist/. */
const STAMP = 'node_modules/.cache/callsight/web-build.json';

/** Every file under `rel` (a file or a folder), relative to `root`, sorted; none when missing. */
function filesUnder(root: string, rel: string): string[] {
  const full = path.join(root, rel);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [rel];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.posix.join(rel, name)));
}

/** The build's inputs (WEB_BUILD_INPUTS, and vite's .env files of apps/web) under `root`. */
export function webBuildFiles(root: string): string[] {
  const envFiles = fs
    .readdirSync(path.join(root, 'apps/web'))
    .filter((name) => name.startsWith('.env'))
    .map((name) => `apps/web/${name}`);
  return [...WEB_BUILD_INPUTS, ...envFiles].flatMap((rel) => filesUnder(root, rel)).sort();
}

/** A hash of the build's inputs: every file's path and content. */
export function webInputsHash(root: string): string {
  const hash = createHash('sha256');
  for (const rel of webBuildFiles(root)) {
    const content = fs.readFileSync(path.join(root, rel));
    hash.update(`${rel}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/** The hash of the inputs the present build was made from, or null without one. */
function stampedHash(root: string): string | null {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8')) as unknown;
    if (stamp && typeof stamp === 'object' && 'inputsHash' in stamp)
      return typeof stamp.inputsHash === 'string' ? stamp.inputsHash : null;
  } catch {
    // No stamp, or an unreadable one: the build is not known to be current.
  }
  return null;
}

/** Whether apps/web/dist exists and was built from inputs whose hash is `hash`. */
export function isWebBuildCurrent(root: string, hash = webInputsHash(root)): boolean {
  return fs.existsSync(path.join(root, BUILT_ENTRY)) && stampedHash(root) === hash;
}

/**
 * Builds the web app with `build` unless the build is current (or `force`), and stamps a
 * successful build with the hash of its inputs as they were when it started. The stamp is
 * removed first, so an interrupted or failed build is never taken for a current one.
 */
export function buildWebIfStale(
  root: string,
  opts: { force?: boolean; build: () => boolean },
): 'current' | 'built' | 'failed' {
  const hash = webInputsHash(root);
  if (!opts.force && isWebBuildCurrent(root, hash)) return 'current';
  const stamp = path.join(root, STAMP);
  fs.rmSync(stamp, { force: true });
  if (!opts.build()) return 'failed';
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, `${JSON.stringify({ inputsHash: hash })}\n`);
  return 'built';
}

/** `npm run build --workspace apps/web` (vite build), its output on the console. */
function viteBuild(root: string): boolean {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  return r.status === 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const force = process.argv.includes('--force');
  const result = buildWebIfStale(root, { force, build: () => viteBuild(root) });
  if (result === 'current')
    console.log('[callsight] The web app is built and current (apps/web/dist): not rebuilt');
  if (result === 'failed') {
    console.error('[callsight] The web app build failed');
    process.exit(1);
  }
}
