import { expect, type APIRequestContext } from '@playwright/test';
import type { FeatureFlag } from '@callsight/shared';
import { ACCOUNTS, type Role } from './auth.ts';

/** Plumbing for specs that set up their data through the real API (groups, API keys, ingestion). */

/** The body of a response read as JSON; throws with the status and body when it is not a success. */
export async function json<T>(res: {
  status(): number;
  json(): Promise<unknown>;
  text(): Promise<string>;
}) {
  if (res.status() >= 300) throw new Error(`HTTP ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

export interface ApiSession {
  /** The group the account's session is in (from the sign-in claims). */
  groupId: string;
  /** Bearer token and x-group-id (the given group, else the session's own). */
  headers: Record<string, string>;
}

/** Signs one of the seeded accounts in through /api/auth/login; headers act in `group` if given. */
export async function apiSession(
  request: APIRequestContext,
  role: Role,
  group?: string,
): Promise<ApiSession> {
  const token = await json<{ accessToken: string; claims: { groupId: string } }>(
    await request.post('/api/auth/login', { data: ACCOUNTS[role] }),
  );
  return {
    groupId: token.claims.groupId,
    headers: {
      authorization: `Bearer ${token.accessToken}`,
      'x-group-id': group ?? token.claims.groupId,
    },
  };
}

/** The super user's API session; its headers act in `group` if given. */
export function superSession(request: APIRequestContext, group?: string) {
  return apiSession(request, 'super', group);
}

/**
 * Creates a group with a new customer through POST /api/groups (as the given super session) and
 * turns the given feature flags on; answers the new group's id.
 */
export async function createGroup(
  request: APIRequestContext,
  session: ApiSession,
  opts: { name: string; customerName: string; features?: Partial<Record<FeatureFlag, boolean>> },
) {
  const created = await json<{ group: { id: string } }>(
    await request.post('/api/groups', {
      headers: session.headers,
      data: {
        name: opts.name,
        region: 'ap-southeast-2',
        customerSelection: 'new',
        newCustomerName: opts.customerName,
        ccaasProvider: 'AWS',
      },
    }),
  );
  const groupId = created.group.id;
  if (opts.features) {
    await json(
      await request.put(`/api/groups/${groupId}/features`, {
        headers: session.headers,
        data: opts.features,
      }),
    );
  }
  return groupId;
}

/** Makes `groupId` the current group of the session's user (PUT /api/users/switchGroup). */
export async function switchGroup(
  request: APIRequestContext,
  session: ApiSession,
  groupId: string,
) {
  return request.put('/api/users/switchGroup', {
    headers: session.headers,
    data: { currentGroupId: groupId },
  });
}

/**
 * Makes the demo group named `name` (Acme Support by default) the account's current group, so
 * that its next sign-in lands there whatever another spec on this server left it in; answers a
 * session acting in that group.
 */
export async function inDemoGroup(
  request: APIRequestContext,
  role: Role,
  name = 'Acme Support',
): Promise<ApiSession> {
  const session = await apiSession(request, role);
  const list = await json<{ id: string; name: string }[]>(
    await request.get('/api/groups', { headers: session.headers }),
  );
  const group = list.find((g) => g.name === name);
  if (!group) throw new Error(`${name} not found`);
  await json(await switchGroup(request, session, group.id));
  return apiSession(request, role, group.id);
}

/**
 * A fresh group for one spec, created by the super user, who is switched into it (so the UI lands
 * there after sign-in). Answers the group id, the super user's original group (to switch back to
 * with `restoreSuperGroup`) and a super session acting in the new group.
 */
export async function createTestGroup(
  request: APIRequestContext,
  opts: { name: string; customerName: string; features?: Partial<Record<FeatureFlag, boolean>> },
) {
  const session = await superSession(request);
  const groupId = await createGroup(request, session, opts);
  await json(await switchGroup(request, session, groupId));
  return {
    groupId,
    superOriginalGroup: session.groupId,
    session: await superSession(request, groupId),
  };
}

/** Switches the super user back to the group it was in before `createTestGroup`. */
export async function restoreSuperGroup(request: APIRequestContext, superOriginalGroup: string) {
  await switchGroup(request, await superSession(request), superOriginalGroup);
}

/** Creates an API key through POST /api/config/token in the session's group; answers the key. */
export async function createApiKey(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
) {
  return (
    await json<{ token: string }>(
      await request.post('/api/config/token', { headers, data: { name } }),
    )
  ).token;
}

/** Sends items through the ingestion API (POST /api/ingest/v1/{path}); every item must be taken. */
export async function ingest(
  request: APIRequestContext,
  apiKey: string,
  path: string,
  items: unknown[],
) {
  const res = await request.post(`/api/ingest/v1/${path}`, {
    headers: { authorization: `Bearer ${apiKey}` },
    data: { [path]: items },
  });
  expect(res.status(), await res.text()).toBe(200);
}
