import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import '../test/setup.ts';
import { makeToken } from '../test/factories.ts';
import { getWithCount } from './api-with-count.ts';
import { clearSession, setSession } from './session.ts';

const ListSchema = z.array(z.object({ id: z.string() }));
const fetchMock = vi.fn<typeof fetch>();

function listResponse(headers: Record<string, string>) {
  return new Response(JSON.stringify([{ id: 'a' }]), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

describe('getWithCount', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setSession(makeToken());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('reads the total from the recordcount header and sends the query', async () => {
    fetchMock.mockResolvedValueOnce(listResponse({ recordcount: '250' }));
    await expect(
      getWithCount('/things', ListSchema, { from: 20, size: 10, empty: undefined }),
    ).resolves.toEqual({ data: [{ id: 'a' }], total: 250 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/things?from=20&size=10');
  });

  it.each([
    ['absent', {}],
    ['empty', { recordcount: ' ' }],
    ['not a number', { recordcount: 'many' }],
  ])('answers a null total when the header is %s', async (_case, headers) => {
    fetchMock.mockResolvedValueOnce(listResponse(headers));
    await expect(getWithCount('/things', ListSchema, {})).resolves.toEqual({
      data: [{ id: 'a' }],
      total: null,
    });
  });
});
