import net from 'node:net';

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

/** Whether a TCP peer (Redis, say) answers at the URL's host and port. */
export function reachable(url: string, defaultPort = 6379): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({
      host: hostname,
      port: Number(port || defaultPort),
      timeout: 1500,
    });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}
