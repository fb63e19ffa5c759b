import type { Context, Request } from 'autocannon';
import type { Benchmark, BenchContext, BenchResult } from './lib/benchmark.ts';
import { describeNon2xx, runLoad } from './lib/load.ts';

const connections = 50;
const durationSeconds = 10;
/** The seeded demo accounts (SEED_DEMO); connections take turns so no one account is hot. */
const demoUsers = ['viewer', 'user', 'admin'].map((role) => `${role}@demo.callsight.local`);
const demoPassword = 'Callsight-demo-1';

interface Session {
  accessToken: string;
  groupId: string;
}

/** Reads the token and group from a login answer; null when the answer is not one. */
function parseSession(body: string): Session | null {
  try {
    const data: unknown = JSON.parse(body);
    if (typeof data !== 'object' || data === null) return null;
    const token = 'accessToken' in data ? data.accessToken : undefined;
    const claims = 'claims' in data ? data.claims : undefined;
    const groupId =
      typeof claims === 'object' && claims !== null && 'groupId' in claims
        ? claims.groupId
        : undefined;
    return typeof token === 'string' && typeof groupId === 'string'
      ? { accessToken: token, groupId }
      : null;
  } catch {
    return null;
  }
}

/** The session a login stored in this connection's context, if it succeeded. */
function sessionOf(context: Context): Session | null {
  const { accessToken, groupId } = context;
  return typeof accessToken === 'string' && typeof groupId === 'string'
    ? { accessToken, groupId }
    : null;
}

async function run({ baseUrl }: BenchContext): Promise<BenchResult> {
  let nextUser = 0;
  let roundTrips = 0;
  // First failing answer per step, to say why when non-2xx is not 0.
  const firstFailure: Record<string, string> = {};
  const noteFailure = (step: string, status: number, body: string) => {
    firstFailure[step] ??= `${step} answered ${status}: ${body.slice(0, 200)}`;
  };

  const login: Request = {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => {
      const email = demoUsers[nextUser++ % demoUsers.length];
      return { ...request, body: JSON.stringify({ email, password: demoPassword }) };
    },
    onResponse: (status, body, context) => {
      const session = status === 200 ? parseSession(body) : null;
      if (session) Object.assign(context, session);
      else noteFailure('POST /api/auth/login', status, body);
    },
  };
  const profile: Request = {
    method: 'GET',
    path: '/api/users/profile',
    headers: {},
    // Without a session (failed login) the sequence restarts; autocannon counts it in `resets`.
    setupRequest: (request, context) => {
      const session = sessionOf(context);
      if (!session) return null;
      const headers = {
        ...request.headers,
        authorization: `Bearer ${session.accessToken}`,
        'x-group-id': session.groupId,
      };
      return { ...request, headers };
    },
    onResponse: (status, body) => {
      if (status === 200) roundTrips++;
      else noteFailure('GET /api/users/profile', status, body);
    },
  };

  const result = await runLoad({
    url: baseUrl,
    title: 'auth-roundtrip',
    connections,
    duration: durationSeconds,
    requests: [login, profile],
  });

  const failures: string[] = [];
  if (result.non2xx > 0) {
    failures.push(`${result.non2xx} non-2xx answers (${describeNon2xx(result)})`);
    failures.push(...Object.values(firstFailure));
  }
  if (result.errors > 0) {
    failures.push(`${result.errors} connection errors, of which ${result.timeouts} timeouts`);
  }
  if (roundTrips === 0) failures.push('no round trip completed');

  return {
    figures: [
      { label: 'clients', value: connections },
      { label: 'duration', value: result.duration, unit: 's' },
      { label: 'round trips (login + profile)', value: roundTrips },
      { label: 'round trips/s', value: roundTrips / result.duration },
      { label: 'requests', value: result.requests.total },
      { label: 'requests/s (mean)', value: result.requests.average },
      { label: 'latency p50', value: result.latency.p50, unit: 'ms' },
      { label: 'latency p99', value: result.latency.p99, unit: 'ms' },
      { label: 'non-2xx', value: result.non2xx },
      { label: 'errors (timeouts)', value: `${result.errors} (${result.timeouts})` },
    ],
    failures,
  };
}

export const authRoundtrip: Benchmark = {
  name: 'auth-roundtrip',
  description: `POST /api/auth/login then GET /api/users/profile with its token; ${connections} clients, ${durationSeconds} s`,
  run,
};
