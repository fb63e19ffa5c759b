import type { z } from 'zod';
import { ApiErrorSchema, ERROR_CODES, RECORD_COUNT_HEADER } from '@callsight/shared';
import { ApiRequestError, CLIENT_ERROR_CODES } from '../../../lib/api-client.ts';
import { getSession, renewSession } from '../../../lib/session.ts';

export interface CountedAnswer<T> {
  data: T;
  /** The total of the list from the recordcount header (spec 001 §7); null when absent. */
  total: number | null;
}

type Query = Record<string, string | number | undefined>;

function url(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.append(key, String(value));
  return `/api${path}?${params.toString()}`;
}

async function send(path: string, query: Query, signal?: AbortSignal): Promise<Response> {
  const session = getSession();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (session) {
    headers.Authorization = `Bearer ${session.accessToken}`;
    headers['X-Group-Id'] = session.claims.groupId;
  }
  try {
    return await fetch(url(path, query), { headers, credentials: 'same-origin', signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiRequestError(
      0,
      CLIENT_ERROR_CODES.network,
      'Could not reach the server. Check your connection.',
    );
  }
}

async function body(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

function toError(status: number, answer: unknown): ApiRequestError {
  const parsed = ApiErrorSchema.safeParse(answer);
  if (!parsed.success)
    return new ApiRequestError(status, `HTTP_${status}`, `The server answered ${status}.`);
  const { code, message, fields } = parsed.data.error;
  return new ApiRequestError(status, code, message, fields);
}

/**
 * A GET whose total travels in the recordcount header. The shared api client answers the body
 * only, so this one reads the header too; like it, it renews an expired token once and retries.
 */
export async function getWithCount<S extends z.ZodType>(
  path: string,
  schema: S,
  query: Query,
  signal?: AbortSignal,
): Promise<CountedAnswer<z.output<S>>> {
  let response = await send(path, query, signal);
  if (response.status === 401) {
    const error = toError(401, await body(response));
    if (error.code !== ERROR_CODES.tokenExpired) throw error;
    try {
      await renewSession();
    } catch {
      throw error;
    }
    response = await send(path, query, signal);
  }
  const answer = await body(response);
  if (!response.ok) throw toError(response.status, answer);
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error);
    throw new ApiRequestError(
      response.status,
      CLIENT_ERROR_CODES.invalidResponse,
      'The server sent an unexpected answer.',
    );
  }
  const header = response.headers.get(RECORD_COUNT_HEADER);
  const total = header === null || header.trim() === '' ? NaN : Number(header);
  return { data: parsed.data, total: Number.isFinite(total) ? total : null };
}
