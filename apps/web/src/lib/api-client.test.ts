import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import '../test/setup.ts';
import { jsonResponse, makeToken, GROUP_ID } from '../test/factories.ts';
import { ApiRequestError, apiRequest } from './api-client.ts';
import { clearSession, registerRefresher, setSession } from './session.ts';

const ItemSchema = z.object({ id: z.string() });
const fetchMock = vi.fn<typeof fetch>();

function headersOf(call: number): Record<string, string> {
  const init = fetchMock.mock.calls[call]?.[1];
  return (init?.headers ?? {}) as Record<string, string>;
}

describe('api client', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setSession(makeToken({ accessToken: 'old-token' }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('sends the bearer token and the group id and parses the answer', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 'a', extra: true }));
    await expect(apiRequest('/things/a', { schema: ItemSchema })).resolves.toEqual({ id: 'a' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/things/a');
    expect(headersOf(0).Authorization).toBe('Bearer old-token');
    expect(headersOf(0)['X-Group-Id']).toBe(GROUP_ID);
  });

  it('turns the error body into an ApiRequestError', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Bad input',
          fields: { name: 'Required (Name)' },
        },
      }),
    );
    const error = await apiRequest('/things', {
      schema: ItemSchema,
      method: 'POST',
      body: {},
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Bad input',
      fields: { name: 'Required (Name)' },
    });
  });

  it('renews an expired token once and retries with the new one', async () => {
    registerRefresher(() => Promise.resolve(makeToken({ accessToken: 'new-token' })));
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(401, { error: { code: 'TOKEN_EXPIRED', message: 'expired' } }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { id: 'b' }));
    await expect(apiRequest('/things/b', { schema: ItemSchema })).resolves.toEqual({ id: 'b' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headersOf(1).Authorization).toBe('Bearer new-token');
  });

  it('does not retry a second time when the retried call is refused too', async () => {
    const refresher = vi.fn(() => Promise.resolve(makeToken({ accessToken: 'new-token' })));
    registerRefresher(refresher);
    const expired = () =>
      jsonResponse(401, { error: { code: 'TOKEN_EXPIRED', message: 'expired' } });
    fetchMock.mockResolvedValueOnce(expired()).mockResolvedValueOnce(expired());
    await expect(apiRequest('/things/c', { schema: ItemSchema })).rejects.toMatchObject({
      status: 401,
      code: 'TOKEN_EXPIRED',
    });
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not renew for other 401 codes', async () => {
    const refresher = vi.fn(() => Promise.resolve(makeToken()));
    registerRefresher(refresher);
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    );
    await expect(apiRequest('/things/d', { schema: ItemSchema })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(refresher).not.toHaveBeenCalled();
  });

  it('reports an answer that does not match the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { nope: 1 }));
    await expect(apiRequest('/things/e', { schema: ItemSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });
});
