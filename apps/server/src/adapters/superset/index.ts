import { canvasDashboardId, CANVAS_KEYS } from '@callsight/shared';
import type { AppConfig } from '../../config.ts';
import { createSupersetClient, type SupersetClient } from './superset-client.ts';

export * from './superset-client.ts';
export * from './rls.ts';

/** A configured Superset and which of our dashboards it draws. */
export interface Superset {
  client: SupersetClient;
  /** The Superset embedded uuid of a group's dashboard, or null: the built-in engine draws it. */
  embeddedIdFor(groupId: string, dashboardId: string): string | null;
}

/**
 * The dashboard map: a key is one of our dashboard ids (one group's) or a canvas key (that
 * dashboard of every group); the exact id wins.
 */
export function createSuperset(client: SupersetClient, dashboardIds: Record<string, string>) {
  const mapped = new Map(Object.entries(dashboardIds));
  return {
    client,
    embeddedIdFor(groupId: string, dashboardId: string) {
      const exact = mapped.get(dashboardId);
      if (exact) return exact;
      const key = CANVAS_KEYS.find((k) => canvasDashboardId(k, groupId) === dashboardId);
      return (key && mapped.get(key)) || null;
    },
  } satisfies Superset;
}

/**
 * The configured Superset, or null (SUPERSET_URL unset): then every dashboard is drawn by the
 * built-in engine, the local implementation. A URL without credentials stops the start.
 */
export function createSupersetFromConfig(config: AppConfig): Superset | null {
  if (!config.SUPERSET_URL) return null;
  if (!config.SUPERSET_USERNAME || !config.SUPERSET_PASSWORD)
    throw new Error('SUPERSET_URL is set: SUPERSET_USERNAME and SUPERSET_PASSWORD are needed too');
  const client = createSupersetClient({
    url: config.SUPERSET_URL,
    username: config.SUPERSET_USERNAME,
    password: config.SUPERSET_PASSWORD,
    provider: config.SUPERSET_PROVIDER,
  });
  return createSuperset(client, config.SUPERSET_DASHBOARD_IDS);
}
