import { ApiErrorSchema, ERROR_CODES } from '@callsight/shared';
import { ApiRequestError, CLIENT_ERROR_CODES } from '../../../lib/api-client.ts';
import { getSession, renewSession } from '../../../lib/session.ts';

function headers(): Record<string, string> {
  const session = getSession();
  return session
    ? { Authorization: `Bearer ${session.accessToken}`, 'X-Group-Id': session.claims.groupId }
    : {};
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, headers: headers(), credentials: 'same-origin' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiRequestError(
      0,
      CLIENT_ERROR_CODES.network,
      'Could not reach the server. Check your connection.',
    );
  }
}

async function errorOf(response: Response): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = ApiErrorSchema.safeParse(body);
  if (!parsed.success)
    return new ApiRequestError(
      response.status,
      `HTTP_${response.status}`,
      `The server answered ${response.status}.`,
    );
  const { code, message, fields } = parsed.data.error;
  return new ApiRequestError(response.status, code, message, fields);
}

/**
 * A request with the API client's auth headers, for what apiRequest cannot send or read: a
 * multipart body (the campaign's CSV) and an audio answer (a recording). An expired token is
 * renewed once; a non-2xx answer throws an ApiRequestError as apiRequest does.
 */
export async function authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  let response = await send(url, init);
  if (response.status === 401) {
    const error = await errorOf(response);
    if (error.code !== ERROR_CODES.tokenExpired) throw error;
    try {
      await renewSession();
    } catch {
      throw error;
    }
    response = await send(url, init);
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}
