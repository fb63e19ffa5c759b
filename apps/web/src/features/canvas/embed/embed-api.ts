import { z } from 'zod';
import {
  ChartDataSchema,
  DashboardSpecSchema,
  type ChartData,
  type ChartDataRequest,
  type DashboardSpec,
} from '@callsight/shared';

/** The embed's calls carry its guest token, never the app's session (decisions.md C3). */
async function embedFetch<T>(
  path: string,
  token: string,
  schema: z.ZodType<T>,
  body?: unknown,
): Promise<T> {
  const res = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = (json as { error?: { message?: string } } | null)?.error?.message;
    throw new Error(message ?? `The dashboard could not be loaded (${res.status})`);
  }
  return schema.parse(json);
}

export const getEmbedDashboard = (dashboardId: string, token: string): Promise<DashboardSpec> =>
  embedFetch(
    `/api/embed/dashboards/${encodeURIComponent(dashboardId)}`,
    token,
    DashboardSpecSchema as z.ZodType<DashboardSpec>,
  );

export const getEmbedChartData = (
  dashboardId: string,
  chartId: string,
  token: string,
  request: ChartDataRequest,
): Promise<ChartData> =>
  embedFetch(
    `/api/embed/dashboards/${encodeURIComponent(dashboardId)}/charts/${encodeURIComponent(chartId)}/data`,
    token,
    ChartDataSchema,
    request,
  );
