import { expect } from 'vitest';
import type { Campaign, CampaignRun } from '@callsight/shared';
import type { TestServer } from '../harness.ts';
import { authHeaders, createGroup, createUser, signIn } from '../factories.ts';

type Headers = Record<string, string>;

/**
 * A group with Simulate on, its admin and viewer, and its campaign configuration (set by a
 * super user): what every campaign run test starts from.
 */
export async function simulateTenant(
  s: TestServer,
  config: { toNumbers: string[]; cpsLimit?: number; fromNumbers?: string[] },
) {
  const group = await createGroup(s.database.db, { features: ['simulate'] });
  const headersOf = async (opts: { role?: 'admin' | 'viewer'; isSuper?: boolean }) => {
    const user = await createUser(s.database.db, { groups: [group], ...opts });
    return authHeaders((await signIn(s.app, user.email)).token, group.id);
  };
  const admin = await headersOf({ role: 'admin' });
  const viewer = await headersOf({ role: 'viewer' });
  const superUser = await headersOf({ isSuper: true });
  const res = await s.app.inject({
    method: 'PUT',
    url: '/api/campaigns/configuration',
    headers: superUser,
    payload: {
      account: { cpsLimit: config.cpsLimit ?? 10 },
      fromNumbers: config.fromNumbers ?? ['+61255500000'],
      toNumbers: config.toNumbers,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { group, admin, viewer };
}

/** POST /api/campaigns as JSON; a fresh name unless one is given. */
export async function createCampaign(s: TestServer, headers: Headers, fields: object) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers,
    payload: {
      type: 'fullload',
      name: `Load ${Math.random().toString(36).slice(2, 8)}`,
      fromNumber: '+61255500000',
      totalCalls: 6,
      noAnswerTimeout: 2,
      callDuration: 2,
      callsPerSecond: 5,
      ...fields,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Campaign>();
}

/** POST …/runs/start (the answer, unchecked). */
export function startRun(s: TestServer, headers: Headers, campaignId: string, body: object = {}) {
  return s.app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaignId}/runs/start`,
    headers,
    payload: { description: 'Smoke run', ...body },
  });
}

/** GET that must answer 200, as JSON. */
export async function getJson<T>(s: TestServer, headers: Headers, url: string): Promise<T> {
  const res = await s.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/** Polls the run as the run view does until it is complete. */
export async function untilDone(
  s: TestServer,
  headers: Headers,
  campaignId: string,
  runId: string,
): Promise<CampaignRun> {
  for (;;) {
    const run = await getJson<CampaignRun>(
      s,
      headers,
      `/api/campaigns/${campaignId}/runs/${runId}`,
    );
    if (run.isComplete) return run;
    await new Promise((r) => setTimeout(r, 200));
  }
}
