/**
 * Outside peers of the tests (SIPp, pocketsphinx, Redis): a test that needs one is skipped where
 * it is missing on a developer's machine, but in CI (CI=true) a missing peer fails the run, as a
 * missing PostgreSQL or Chromium does: a green run means every test ran (issue 32).
 */
export function skipWithout(available: boolean, peer: string): boolean {
  if (available) return false;
  if (process.env.CI === 'true' || process.env.CI === '1') {
    throw new Error(`${peer} is missing: .ci/run installs it, and CI runs every test`);
  }
  console.warn(`${peer} is missing: the tests that need it are skipped`);
  return true;
}
