import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { acrossGroups, forGroup } from './group-scope.ts';
import {
  configEntries,
  customers,
  groupFeatures,
  groups,
  marketplaceSubscriptions,
  memberships,
  systemSettings,
  users,
} from './schema/index.ts';
import { hashPassword, verifyPassword } from '../services/auth/passwords.ts';
import {
  readInitialAdmin,
  removeInitialAdmin,
  writeInitialAdmin,
} from '../services/auth/initial-admin.ts';
import { recordAudit } from '../services/audit/audit-log.ts';
import { randomToken } from '../lib/crypto.ts';
import type { AppConfig } from '../config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type FeatureFlag } from '@callsight/shared';
import { demoSimulateEntries } from '../demo/answering-numbers.ts';
import { seedDemoHeartbeat } from '../demo/synthetic-demo.ts';

/** The first group of an installation without the demo, so that the super user can sign in. */
export const FIRST_CUSTOMER_NAME = 'My organisation';
export const FIRST_GROUP_NAME = 'My first group';
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
 * What a fresh installation needs: the super user, then the demo (SEED_DEMO) or, without it,
 * one empty group for the super user to sign in to. Runs on every start; each step runs once.
 */
export async function seedFirstStart(db: Db, config: AppConfig, log: (msg: string) => void) {
  await ensureSuperUser(db, config, log);
  if (config.SEED_DEMO) await ensureDemoData(db, log);
  else await ensureFirstGroup(db, log);
}

/**
 * Creates the platform super user on first start: from CALLSIGHT_ADMIN_EMAIL/PASSWORD, or
 * admin@localhost with a random password printed once and written to DATA_DIR/initial-admin.txt.
 * A generated password must be changed at first sign-in; one the operator chose need not be.
 */
export async function ensureSuperUser(db: Db, config: AppConfig, log: (msg: string) => void) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isSuper, true))
    .limit(1);
  if (existing) {
    await reconcileInitialAdmin(db, config.DATA_DIR, log);
    return;
  }
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
        platformPermissions: ['user:billing'],
        mustChangePassword: generated,
      })
      .onConflictDoUpdate({
        target: users.email,
        set: { isSuper: true, platformPermissions: ['user:billing'] },
      })
      .returning({ id: users.id });
    await recordAudit(tx, {
      userId: user?.id,
      actor: 'system',
      service: 'bootstrap',
      action: 'createSuperUser',
      targetId: email,
      result: 'success',
      details: { passwordGenerated: generated },
    });
  });
  if (generated) {
    const file = writeInitialAdmin(config.DATA_DIR, email, password);
    log(
      `Created super user ${email} with password ${password} (also written to ${file}). Sign in with it: Callsight then asks you to choose your own password and deletes the file.`,
    );
  } else {
    log(`Created super user ${email}.`);
  }
}

/**
 * An installation from before the forced change may still hold initial-admin.txt: while its
 * password still opens the account the change is required; once it does not, the file goes.
 */
async function reconcileInitialAdmin(db: Db, dataDir: string, log: (msg: string) => void) {
  const saved = readInitialAdmin(dataDir);
  if (!saved) return;
  const [user] = await db.select().from(users).where(eq(users.email, saved.email)).limit(1);
  if (!user) return;
  if (await verifyPassword(user.passwordHash, saved.password)) {
    if (!user.mustChangePassword) {
      await db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id));
      log(`${user.email} still has the generated password: it must be changed at next sign-in.`);
    }
  } else if (removeInitialAdmin(dataDir, user.email)) {
    log(`Removed initial-admin.txt: the password it held was changed.`);
  }
}

/** Without the demo: one customer and group, empty, created when there is no group at all. */
export async function ensureFirstGroup(db: Db, log: (msg: string) => void) {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(groups);
  if (count > 0) return;
  await db.transaction(async (tx) => {
    const [customer] = await tx.insert(customers).values({ name: FIRST_CUSTOMER_NAME }).returning();
    if (!customer) throw new Error('first customer not created');
    const [group] = await tx
      .insert(groups)
      .values({ customerId: customer.id, name: FIRST_GROUP_NAME })
      .returning({ id: groups.id });
    await recordAudit(tx, {
      groupId: group?.id,
      actor: 'system',
      service: 'bootstrap',
      action: 'createFirstGroup',
      result: 'success',
    });
  });
  log(`Created the group "${FIRST_GROUP_NAME}" (no demo data: SEED_DEMO=false).`);
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
      const scope = forGroup(tx, row.id);
      if (g.features.length > 0) {
        await tx.insert(groupFeatures).values(
          scope.rows(
            groupFeatures,
            g.features.map((feature) => ({ feature })),
          ),
        );
      }
      await tx
        .insert(configEntries)
        .values(scope.row(configEntries, { key: 'HEARTBEAT_ENABLED', value: String(g.heartbeat) }));
      if (g.heartbeat) await seedDemoHeartbeat(tx, scope);
      // Simulate's numbers point at the built-in answering endpoint (issue 17).
      if (g.features.includes('simulate'))
        await tx.insert(configEntries).values(scope.rows(configEntries, demoSimulateEntries()));
    }
    // A marketplace subscription billing the demo customer (the Marketplace tab, issue 22).
    await tx.insert(marketplaceSubscriptions).values({
      customerCode: 'DEMO-ACME-0001',
      productCode: 'callsight-demo',
      customerId: customer.id,
      includedMinutes: 2000,
      // Subscribed a year ago, so the billing job has last month to send.
      createdAt: new Date(Date.now() - 365 * 86_400_000),
    });
    for (const u of DEMO_ACCOUNTS) {
      const [user] = await tx
        .insert(users)
        .values({ email: u.email, name: u.name, passwordHash, currentGroupId: groupIds[0] })
        .returning({ id: users.id });
      if (!user) throw new Error('demo user not created');
      // Seeding: each demo account joins every demo group.
      await tx.insert(memberships).values(
        acrossGroups.rows(
          memberships,
          groupIds.map((groupId) => ({ userId: user.id, groupId, role: u.role })),
        ),
      );
    }
    await recordAudit(tx, {
      actor: 'system',
      service: 'bootstrap',
      action: 'createDemoData',
      result: 'success',
    });
  });
  log(
    `Created demo data with demo accounts ${DEMO_ACCOUNTS.map((u) => u.email).join(', ')} (published password ${DEMO_PASSWORD}). Remove them from the banner the super user sees, or start with SEED_DEMO=false.`,
  );
}
