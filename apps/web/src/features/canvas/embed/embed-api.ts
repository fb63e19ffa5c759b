import { z } from 'zod';
import {
  ApiErrorSchema,
  ChartDataSchema,
  DashboardSpecSchema,
  type ChartData,
  type ChartDataRequest,
  type DashboardSpec,
} from '@callsight/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * A request with a guest token, never the app's session (decisions.md C3): the embed's own, and
 * the framing page's for a call linked from its dashboard (C12). A failure is an
 * ApiRequestError with the answer's status and message.
 */
export async function embedFetch<T>(
  path: string,
  token: string,
  schema: z.ZodType<T>,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const res = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = ApiErrorSchema.safeParse(json);
    throw new ApiRequestError(
      res.status,
      error.success ? error.data.error.code : `HTTP_${res.status}`,
      error.success
        ? error.data.error.message
        : `The dashboard could not be loaded (${res.status})`,
    );
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
