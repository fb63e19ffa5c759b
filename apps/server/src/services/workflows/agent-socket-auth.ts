import type { Db } from '../../db/client.ts';
import { apiKeyRefusal, findApiKey } from '../../plugins/api-key.ts';

/**
 * Resolves a collector's API key to its group for the push socket (agent alerts), with the
 * ingestion API's rules: a known, unrevoked key of an active group whose API access is on.
 */
export function agentSocketAuth(db: Db): (apiKey: string) => Promise<string | null> {
  return async (apiKey) => {
    const row = await findApiKey(db, apiKey);
    return row && !apiKeyRefusal(row) ? row.groupId : null;
  };
}
