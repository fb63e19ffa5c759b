import type { z } from 'zod';
import { ApiErrorSchema, ERROR_CODES } from '@callsight/shared';
import { getSession, renewSession } from './session.ts';

/** An API answer that was not 2xx, in the one error shape of the API conventions. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** Codes of failures that never reached a proper API answer. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
} as const;

export function isApiError(err: unknown, code?: string): err is ApiRequestError {
  return err instanceof ApiRequestError && (code === undefined || err.code === code);
}

export interface RequestOptions<S extends z.ZodType> {
  /** Schema the answer is parsed with; the result is its output type. */
  schema: S;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Send the bearer token and X-Group-Id (default true). */
  auth?: boolean;
  /** On 401 TOKEN_EXPIRED, renew the token once and retry (default true). */
  renewOnExpiry?: boolean;
}

const API_BASE = '/api';

function buildUrl(path: string, query: RequestOptions<z.ZodType>['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toError(status: number, body: unknown): ApiRequestError {
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiRequestError(status, code, message, fields);
  }
  return new ApiRequestError(status, `HTTP_${status}`, `The server answered ${status}.`);
}

async function send<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const session = getSession();
  if (options.auth !== false && session) {
    headers.Authorization = `Bearer ${session.accessToken}`;
    headers['X-Group-Id'] = session.claims.groupId;
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiRequestError(
      0,
      CLIENT_ERROR_CODES.network,
      'Could not reach the server. Check your connection.',
    );
  }
}

/**
 * Calls the API and parses the answer with the endpoint's schema. An expired access token
 * (401 TOKEN_EXPIRED) is renewed once through the refresh cookie and the call retried.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  return (await apiRequestWithHeaders(path, options)).data;
}

/** Like apiRequest, with the answer's headers too (a list total in `recordcount`, say). */
export async function apiRequestWithHeaders<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<{ data: z.output<S>; headers: Headers }> {
  let response = await send(path, options);
  if (response.status === 401 && options.auth !== false && options.renewOnExpiry !== false) {
    const body = await readJson(response);
    const error = toError(response.status, body);
    if (error.code !== ERROR_CODES.tokenExpired) throw error;
    try {
      await renewSession();
    } catch {
      throw error;
    }
    response = await send(path, options);
  }
  const body = await readJson(response);
  if (!response.ok) throw toError(response.status, body);
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error);
    throw new ApiRequestError(
      response.status,
      CLIENT_ERROR_CODES.invalidResponse,
      'The server sent an unexpected answer.',
    );
  }
  return { data: parsed.data, headers: response.headers };
}
