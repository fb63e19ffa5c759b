import { randomBytes } from 'node:crypto';
import { desc, eq, isNull } from 'drizzle-orm';
import {
  API_KEY,
  maskApiKey,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenCreateInput,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { forGroup, type GroupScope } from '../../db/group-scope.ts';
import { apiTokens } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { recordAudit, auditActor } from '../audit/audit-log.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new API key: the prefix and 256 random bits in base62 (no - or _, so a double-click selects it all). */
export function generateApiKey(): string {
  let n = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let body = '';
  while (n > 0n) {
    body = (BASE62[Number(n % 62n)] ?? '0') + body;
    n /= 62n;
  }
  return `${API_KEY.prefix}${body.padStart(43, '0')}`;
}

type TokenRow = typeof apiTokens.$inferSelect;

function toApiToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    label: row.label,
    token: maskApiKey(row.tokenPrefix),
    lastAccessed: row.lastAccessedAt ? row.lastAccessedAt.toISOString() : null,
    createdOn: row.createdAt.toISOString(),
  };
}

/** The group's live (not revoked) API keys, newest first, with masked keys. */
export async function listApiTokens(scope: GroupScope): Promise<ApiToken[]> {
  const rows = await scope.db
    .select()
    .from(apiTokens)
    .where(scope.owns(apiTokens, isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), apiTokens.label);
  return rows.map(toApiToken);
}

/** Creates a key for the caller's group; only its hash is stored, the full key is answered once. */
export async function createApiToken(
  db: Db,
  caller: Caller,
  input: ApiTokenCreateInput,
): Promise<ApiTokenCreated> {
  const key = generateApiKey();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(apiTokens)
      .values(
        forGroup(tx, caller.groupId).row(apiTokens, {
          label: input.name,
          tokenHash: sha256(key),
          tokenPrefix: key.slice(0, API_KEY.visibleLength),
          createdBy: caller.userId,
        }),
      )
      .returning();
    if (!inserted) throw new Error('API token not inserted');
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'config',
      action: 'createApiToken',
      targetId: inserted.id,
      result: 'success',
      details: { label: input.name },
    });
    return inserted;
  });
  return { ...toApiToken(row), token: key };
}

/** Revokes a key of the caller's group; another group's or an already revoked key is not found. */
export async function revokeApiToken(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(
        forGroup(tx, caller.groupId).owns(
          apiTokens,
          eq(apiTokens.id, id),
          isNull(apiTokens.revokedAt),
        ),
      )
      .returning({ id: apiTokens.id, label: apiTokens.label });
    if (!row) throw notFound('API token not found.');
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'config',
      action: 'revokeApiToken',
      targetId: row.id,
      result: 'success',
      details: { label: row.label },
    });
  });
}
