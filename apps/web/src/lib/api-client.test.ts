import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import '../test/setup.ts';
import { jsonResponse, makeToken, GROUP_ID } from '../test/factories.ts';
import { ApiRequestError, apiBlob, apiRequest } from './api-client.ts';
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

  it('sends a FormData as it is, with the auth headers and no JSON content type', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { id: 'f' }));
    const form = new FormData();
    form.append('name', 'Spring');
    form.append('file', new Blob(['a,b\n'], { type: 'text/csv' }), 'data.csv');
    await expect(
      apiRequest('/things', { schema: ItemSchema, method: 'POST', body: form }),
    ).resolves.toEqual({ id: 'f' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(headersOf(0)['Content-Type']).toBeUndefined();
    expect(headersOf(0).Authorization).toBe('Bearer old-token');
    expect(headersOf(0)['X-Group-Id']).toBe(GROUP_ID);
  });

  it('still sends a plain object as JSON', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 'j' }));
    await apiRequest('/things', { schema: ItemSchema, method: 'POST', body: { name: 'x' } });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"name":"x"}');
    expect(headersOf(0)['Content-Type']).toBe('application/json');
  });

  it('renews an expired token for a FormData upload and sends the same form again', async () => {
    registerRefresher(() => Promise.resolve(makeToken({ accessToken: 'new-token' })));
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(401, { error: { code: 'TOKEN_EXPIRED', message: 'expired' } }),
      )
      .mockResolvedValueOnce(jsonResponse(201, { id: 'g' }));
    const form = new FormData();
    form.append('name', 'Spring');
    await expect(
      apiRequest('/things', { schema: ItemSchema, method: 'POST', body: form }),
    ).resolves.toEqual({ id: 'g' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(form);
    expect(headersOf(1).Authorization).toBe('Bearer new-token');
  });

  it('reads a file answer as a Blob, with the auth headers', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(new Uint8Array([82, 73, 70, 70]), {
        status: 200,
        headers: { 'Content-Type': 'audio/wav' },
      }),
    );
    const blob = await apiBlob('/things/a/recording');
    expect(blob.type).toBe('audio/wav');
    expect(blob.size).toBe(4);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/things/a/recording');
    expect(headersOf(0).Authorization).toBe('Bearer old-token');
    expect(headersOf(0)['X-Group-Id']).toBe(GROUP_ID);
    expect(headersOf(0).Accept).toBe('*/*');
  });

  it('keeps a link the server handed out under /api as it is', async () => {
    fetchMock.mockResolvedValueOnce(new Response('x', { status: 200 }));
    await apiBlob('/api/things/a/recording?v=1');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/things/a/recording?v=1');
  });

  it('renews an expired token for a Blob answer and retries once', async () => {
    registerRefresher(() => Promise.resolve(makeToken({ accessToken: 'new-token' })));
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(401, { error: { code: 'TOKEN_EXPIRED', message: 'expired' } }),
      )
      .mockResolvedValueOnce(new Response('wav', { status: 200 }));
    await expect(apiBlob('/things/b/recording').then((b) => b.text())).resolves.toBe('wav');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headersOf(1).Authorization).toBe('Bearer new-token');
  });

  it('turns a refused Blob request into an ApiRequestError', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'No recording' } }),
    );
    const error = await apiBlob('/things/c/recording').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No recording' });
  });
});
