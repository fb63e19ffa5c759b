import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { eq, isNull, lt, or } from 'drizzle-orm';
import { API_KEY, API_TOKEN_TEXTS } from '@callsight/shared';
import type { Db } from '../db/client.ts';
import { acrossGroups, forGroup } from '../db/group-scope.ts';
import { apiTokens, configEntries, groups } from '../db/schema/index.ts';
import { sha256 } from '../lib/crypto.ts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import { authenticating } from './route-guard.ts';
import { bearerToken } from './authenticate.ts';

/** The API key a request authenticated with, and the group it stands for. */
export interface ApiKeyCaller {
  tokenId: string;
  groupId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyCaller | null;
  }
}

/** The config entry that switches API keys off for a group (stored "false" when off). */
const API_ACCESS_KEY = 'API_ACCESS_ENABLED';

/** A stored API key with what decides whether it may be used. */
export interface ApiKeyRecord {
  id: string;
  groupId: string;
  revokedAt: Date | null;
  groupStatus: string;
  apiAccess: string | null;
}

/**
 * Looks a presented key up by its hash (null when it is not one of ours). Spans groups: the key
 * is what says which group the caller stands for.
 */
export async function findApiKey(db: Db, key: string): Promise<ApiKeyRecord | null> {
  if (!key.startsWith(API_KEY.prefix)) return null;
  const [row] = await db
    .select({
      id: apiTokens.id,
      groupId: apiTokens.groupId,
      revokedAt: apiTokens.revokedAt,
      groupStatus: groups.status,
      apiAccess: configEntries.value,
    })
    .from(apiTokens)
    .innerJoin(groups, eq(groups.id, apiTokens.groupId))
    // The group's "API access" setting (API Management module); unset means on.
    .leftJoin(
      configEntries,
      acrossGroups.where(
        eq(configEntries.groupId, apiTokens.groupId),
        eq(configEntries.key, API_ACCESS_KEY),
      ),
    )
    .where(acrossGroups.where(eq(apiTokens.tokenHash, sha256(key))))
    .limit(1);
  return row ?? null;
}

/** Why a found key may not be used (a spec text), or null when it may. */
export function apiKeyRefusal(row: ApiKeyRecord): { status: 401 | 403; message: string } | null {
  if (row.revokedAt) return { status: 401, message: API_TOKEN_TEXTS.revokedKey };
  if (row.groupStatus !== 'active') return { status: 403, message: API_TOKEN_TEXTS.archivedGroup };
  if (row.apiAccess === 'false') return { status: 403, message: API_TOKEN_TEXTS.accessDisabled };
  return null;
}

export interface ApiKeyOptions {
  /** Minimum time between two "Last used" writes of one key (default one minute). */
  lastUsedWriteIntervalMs?: number;
  now?: () => number;
}

/**
 * Builds the pre-handler of API-key routes (ingestion): reads `Authorization: Bearer <key>`,
 * resolves the key's group, sets `request.apiKey`, and answers 401 for a missing, unknown or
 * revoked key. An `X-Group-Id` naming another group, an archived group, or a group whose "API
 * access" setting is off is 403. "Last used" is written at most once per interval per key, by
 * this process and (through the WHERE clause) across processes.
 */
export function makeAuthorizeApiKey(db: Db, opts: ApiKeyOptions = {}): onRequestAsyncHookHandler {
  const interval = opts.lastUsedWriteIntervalMs ?? API_KEY.lastUsedWriteIntervalMs;
  const now = opts.now ?? Date.now;
  const lastWritten = new Map<string, number>();

  async function touch(groupId: string, tokenId: string, at: number) {
    const seen = lastWritten.get(tokenId);
    if (seen !== undefined && at - seen < interval) return;
    lastWritten.set(tokenId, at);
    const when = new Date(at);
    await db
      .update(apiTokens)
      .set({ lastAccessedAt: when })
      .where(
        forGroup(db, groupId).owns(
          apiTokens,
          eq(apiTokens.id, tokenId),
          or(
            isNull(apiTokens.lastAccessedAt),
            lt(apiTokens.lastAccessedAt, new Date(at - interval)),
          ),
        ),
      );
  }

  return authenticating(async function authorizeApiKey(
    request: FastifyRequest,
    _reply: FastifyReply,
  ) {
    const key = bearerToken(request);
    if (!key) throw unauthenticated(API_TOKEN_TEXTS.missingKey);
    const row = await findApiKey(db, key);
    if (!row) throw unauthenticated(API_TOKEN_TEXTS.invalidKey);
    const refusal = apiKeyRefusal(row);
    if (refusal)
      throw refusal.status === 401 ? unauthenticated(refusal.message) : forbidden(refusal.message);
    const header = request.headers['x-group-id'];
    const requestedGroup = Array.isArray(header) ? header[0] : header;
    if (requestedGroup !== undefined && requestedGroup !== row.groupId)
      throw forbidden(API_TOKEN_TEXTS.otherGroup);
    request.apiKey = { tokenId: row.id, groupId: row.groupId };
    try {
      await touch(row.groupId, row.id, now());
    } catch (err) {
      request.log.warn({ err }, 'could not record API key use');
    }
  });
}

export type AuthorizeApiKey = ReturnType<typeof makeAuthorizeApiKey>;

/** The API key of a route guarded by authorizeApiKey; the guard guarantees it is set. */
export function apiKeyOf(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKey) throw unauthenticated(API_TOKEN_TEXTS.missingKey);
  return request.apiKey;
}
