import { randomUUID } from 'node:crypto';
import type { ApiTokenCreated, FeatureFlag, GroupRole, SessionToken } from '@callsight/shared';
import type { Db } from '../src/db/client.ts';
import {
  configEntries,
  customers,
  groupFeatures,
  groups,
  memberships,
  users,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/services/auth/passwords.ts';
import type { App } from '../src/app-context.ts';

export const PASSWORD = 'Correct-horse-9';
let passwordHash: Promise<string> | undefined;

/** A customer with one active group; options add feature flags and the heartbeat config. */
export async function createGroup(
  db: Db,
  opts: {
    name?: string;
    features?: FeatureFlag[];
    heartbeat?: boolean;
    status?: 'active' | 'archived';
  } = {},
) {
  const [customer] = await db
    .insert(customers)
    .values({ name: `Customer ${randomUUID().slice(0, 8)}` })
    .returning();
  if (!customer) throw new Error('customer not created');
  const [group] = await db
    .insert(groups)
    .values({
      customerId: customer.id,
      name: opts.name ?? `Group ${randomUUID().slice(0, 8)}`,
      status: opts.status ?? 'active',
    })
    .returning();
  if (!group) throw new Error('group not created');
  if (opts.features?.length) {
    await db
      .insert(groupFeatures)
      .values(opts.features.map((feature) => ({ groupId: group.id, feature })));
  }
  if (opts.heartbeat !== undefined) {
    await db
      .insert(configEntries)
      .values({ groupId: group.id, key: 'HEARTBEAT_ENABLED', value: String(opts.heartbeat) });
  }
  return { ...group, customerName: customer.name };
}

/** A user with the test password, member of the given groups with one role (or a super user). */
export async function createUser(
  db: Db,
  opts: {
    groups?: { id: string }[];
    role?: GroupRole;
    isSuper?: boolean;
    /** Platform permissions of a super user, such as user:billing. */
    platformPermissions?: string[];
    email?: string;
    name?: string;
  } = {},
) {
  passwordHash ??= hashPassword(PASSWORD);
  const email = opts.email ?? `u-${randomUUID().slice(0, 12)}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      name: opts.name ?? 'Test User',
      passwordHash: await passwordHash,
      isSuper: opts.isSuper ?? false,
      platformPermissions: opts.platformPermissions ?? [],
      currentGroupId: opts.groups?.[0]?.id ?? null,
    })
    .returning();
  if (!user) throw new Error('user not created');
  const role = opts.role ?? 'admin';
  if (opts.groups?.length) {
    await db
      .insert(memberships)
      .values(opts.groups.map((g) => ({ userId: user.id, groupId: g.id, role })));
  }
  return user;
}

/** Signs in through the API; answers the session token and the refresh cookie. */
export async function signIn(app: App, email: string, password = PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'callsight_refresh');
  if (!cookie) throw new Error('no refresh cookie');
  return { token: res.json<SessionToken>(), refreshCookie: cookie.value };
}

/** Headers of an authenticated call. */
export function authHeaders(token: SessionToken | string, groupId?: string) {
  const accessToken = typeof token === 'string' ? token : token.accessToken;
  const group = groupId ?? (typeof token === 'string' ? undefined : token.claims.groupId);
  return { authorization: `Bearer ${accessToken}`, ...(group ? { 'x-group-id': group } : {}) };
}

/** Creates an API key through POST /api/config/token with the given session; answers the key. */
export async function createApiKey(app: App, headers: Record<string, string>, name = 'Collector') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/config/token',
    headers,
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`API key not created: ${res.statusCode} ${res.body}`);
  return res.json<ApiTokenCreated>().token;
}

/**
 * A group (with the given feature flags) holding an admin and a viewer, both signed in, and an
 * API key created by the admin through the API. `headers` are the viewer's.
 */
export async function createTenant(
  s: { app: App; database: { db: Db } },
  opts: { features?: FeatureFlag[]; keyName?: string } = {},
) {
  const group = await createGroup(s.database.db, { features: opts.features });
  const admin = await createUser(s.database.db, { groups: [group], role: 'admin' });
  const viewer = await createUser(s.database.db, { groups: [group], role: 'viewer' });
  const adminHeaders = authHeaders((await signIn(s.app, admin.email)).token);
  const viewerHeaders = authHeaders((await signIn(s.app, viewer.email)).token);
  const key = await createApiKey(s.app, adminHeaders, opts.keyName);
  return { group, key, adminHeaders, viewerHeaders, headers: viewerHeaders };
}

/** Sends items through the ingestion API (POST /api/ingest/v1/{path}) with an API key; expects 200. */
export async function ingest(app: App, key: string, path: string, items: unknown[]) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/ingest/v1/${path}`,
    headers: { authorization: `Bearer ${key}` },
    payload: { [path]: items },
  });
  if (res.statusCode !== 200) throw new Error(`ingest ${path}: ${res.statusCode} ${res.body}`);
}
