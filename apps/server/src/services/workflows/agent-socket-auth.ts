import { and, eq } from 'drizzle-orm';
import { API_KEY } from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { apiTokens, configEntries, groups } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';

/**
 * Resolves a collector's API key to its group for the push socket (agent alerts), with the
 * ingestion API's rules: a known, unrevoked key of an active group whose API access is on.
 */
export function agentSocketAuth(db: Db): (apiKey: string) => Promise<string | null> {
  return async (apiKey) => {
    if (!apiKey.startsWith(API_KEY.prefix)) return null;
    const [row] = await db
      .select({
        groupId: apiTokens.groupId,
        revokedAt: apiTokens.revokedAt,
        groupStatus: groups.status,
        apiAccess: configEntries.value,
      })
      .from(apiTokens)
      .innerJoin(groups, eq(groups.id, apiTokens.groupId))
      .leftJoin(
        configEntries,
        and(
          eq(configEntries.groupId, apiTokens.groupId),
          eq(configEntries.key, 'API_ACCESS_ENABLED'),
        ),
      )
      .where(eq(apiTokens.tokenHash, sha256(apiKey)))
      .limit(1);
    if (!row || row.revokedAt || row.groupStatus !== 'active' || row.apiAccess === 'false')
      return null;
    return row.groupId;
  };
}
