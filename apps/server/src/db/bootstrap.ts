import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import {
  configEntries,
  customers,
  groupFeatures,
  groups,
  memberships,
  systemSettings,
  users,
} from './schema/index.ts';
import { hashPassword } from '../services/auth/passwords.ts';
import { recordAudit } from '../services/audit/audit-log.ts';
import { randomToken } from '../lib/crypto.ts';
import type { AppConfig } from '../config.ts';
import type { FeatureFlag, GroupRole } from '@callsight/shared';

/** The demo accounts the README names; they exist only when SEED_DEMO is on. */
export const DEMO_PASSWORD = 'Callsight-demo-1';
export const DEMO_USERS: { email: string; name: string; role: GroupRole }[] = [
  { email: 'viewer@demo.callsight.local', name: 'Vera Viewer', role: 'viewer' },
  { email: 'user@demo.callsight.local', name: 'Umar User', role: 'user' },
  { email: 'admin@demo.callsight.local', name: 'Ada Admin', role: 'admin' },
];
export const DEMO_CUSTOMER_NAME = 'Acme Contact Centres';
export const DEMO_GROUPS: { name: string; features: FeatureFlag[]; heartbeat: boolean }[] = [
  {
    name: 'Acme Support',
    features: [
      'embeddedCanvasApi',
      'journeyExplorer',
      'simulate',
      'eventbridge',
      'garvis',
      'garvis2',
    ],
    heartbeat: true,
  },
  { name: 'Acme Sales', features: [], heartbeat: false },
];

/** The token signing secret: from config, else generated once and kept in the database. */
export async function ensureJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(systemSettings)
    .values({ key: 'jwt_secret', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, 'jwt_secret'));
  if (!row) throw new Error('could not create the token signing secret');
  return row.value;
}

/**
 * Creates the platform super user on first start: from CALLSIGHT_ADMIN_EMAIL/PASSWORD, or
 * admin@localhost with a random password printed once and written to DATA_DIR/initial-admin.txt.
 */
export async function ensureSuperUser(db: Db, config: AppConfig, log: (msg: string) => void) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isSuper, true))
    .limit(1);
  if (existing) return;
  const email = (config.CALLSIGHT_ADMIN_EMAIL ?? 'admin@localhost').toLowerCase();
  const generated = !config.CALLSIGHT_ADMIN_PASSWORD;
  const password = config.CALLSIGHT_ADMIN_PASSWORD ?? randomToken(12);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        name: 'Platform Admin',
        passwordHash: await hashPassword(password),
        isSuper: true,
      })
      .onConflictDoUpdate({ target: users.email, set: { isSuper: true } })
      .returning({ id: users.id });
    await recordAudit(tx, {
      userId: user?.id,
      actor: 'system',
      service: 'bootstrap',
      action: 'createSuperUser',
      targetId: email,
      result: 'success',
    });
  });
  if (generated) {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    const file = path.resolve(config.DATA_DIR, 'initial-admin.txt');
    fs.writeFileSync(file, `email: ${email}\npassword: ${password}\n`, { mode: 0o600 });
    log(
      `Created super user ${email} with password ${password} (also written to ${file}). Change it after signing in.`,
    );
  } else {
    log(`Created super user ${email}.`);
  }
}

/** Creates the demo customer, its two groups and one user of each role, once. */
export async function ensureDemoData(db: Db, log: (msg: string) => void) {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(customers);
  if (count > 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [customer] = await tx.insert(customers).values({ name: DEMO_CUSTOMER_NAME }).returning();
    if (!customer) throw new Error('demo customer not created');
    const groupIds: string[] = [];
    for (const g of DEMO_GROUPS) {
      const [row] = await tx
        .insert(groups)
        .values({ customerId: customer.id, name: g.name })
        .returning({ id: groups.id });
      if (!row) throw new Error('demo group not created');
      groupIds.push(row.id);
      if (g.features.length > 0) {
        await tx
          .insert(groupFeatures)
          .values(g.features.map((feature) => ({ groupId: row.id, feature })));
      }
      await tx
        .insert(configEntries)
        .values({ groupId: row.id, key: 'HEARTBEAT_ENABLED', value: String(g.heartbeat) });
    }
    for (const u of DEMO_USERS) {
      const [user] = await tx
        .insert(users)
        .values({ email: u.email, name: u.name, passwordHash, currentGroupId: groupIds[0] })
        .returning({ id: users.id });
      if (!user) throw new Error('demo user not created');
      await tx
        .insert(memberships)
        .values(groupIds.map((groupId) => ({ userId: user.id, groupId, role: u.role })));
    }
    await recordAudit(tx, {
      actor: 'system',
      service: 'bootstrap',
      action: 'createDemoData',
      result: 'success',
    });
  });
  log(
    `Created demo data: ${DEMO_USERS.map((u) => u.email).join(', ')} (password ${DEMO_PASSWORD}).`,
  );
}
