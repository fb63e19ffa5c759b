import type { z } from 'zod';
import { ApiErrorSchema, ERROR_CODES } from '@callsight/shared';
import { getSession, renewSession } from './session.ts';
import { readCurrentRoleId } from './storage.ts';

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
  /** Sent as JSON; a FormData is sent as it is, multipart/form-data (a file upload). */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Send the bearer token and X-Group-Id (default true). */
  auth?: boolean;
  /** On 401 TOKEN_EXPIRED, renew the token once and retry (default true). */
  renewOnExpiry?: boolean;
}

/** What a request sends, whatever its answer is read as. */
export type SendOptions = Omit<RequestOptions<z.ZodType>, 'schema'>;

const API_BASE = '/api';

function buildUrl(path: string, query: SendOptions['query']): string {
  // A link the server handed out (a call's recordingUrl) already starts with the API's base.
  const url = path.startsWith(`${API_BASE}/`)
    ? path
    : `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
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

/** A JSON body as text; a FormData as it is, for the browser to set its multipart boundary. */
function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

async function send(path: string, options: SendOptions, accept: string): Promise<Response> {
  const body = encodeBody(options.body);
  const headers: Record<string, string> = { Accept: accept };
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';
  const session = getSession();
  if (options.auth !== false && session) {
    headers.Authorization = `Bearer ${session.accessToken}`;
    headers['X-Group-Id'] = session.claims.groupId;
    // The team the user picked: the server narrows call data to its rules (decision T2).
    const team = readCurrentRoleId();
    if (team) headers['X-Team-Id'] = team;
  }
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
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
 * Sends the request; an expired access token (401 TOKEN_EXPIRED) is renewed once through the
 * refresh cookie and the request retried. A non-2xx answer throws its ApiRequestError.
 */
async function sendRenewing(path: string, options: SendOptions, accept: string): Promise<Response> {
  let response = await send(path, options, accept);
  if (response.status === 401 && options.auth !== false && options.renewOnExpiry !== false) {
    const error = toError(response.status, await readJson(response));
    if (error.code !== ERROR_CODES.tokenExpired) throw error;
    try {
      await renewSession();
    } catch {
      throw error;
    }
    response = await send(path, options, accept);
  }
  if (!response.ok) throw toError(response.status, await readJson(response));
  return response;
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
  const response = await sendRenewing(path, options, 'application/json');
  const parsed = options.schema.safeParse(await readJson(response));
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

/** Like apiRequest, for an answer that is a file (a call's recording): its bytes as a Blob. */
export async function apiBlob(path: string, options: SendOptions = {}): Promise<Blob> {
  return (await sendRenewing(path, options, '*/*')).blob();
}
