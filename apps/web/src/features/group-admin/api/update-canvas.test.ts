import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../test/setup.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { GROUP_ID, jsonResponse, makeToken } from '../../../test/factories.ts';
import { updateCanvas } from './update-canvas.ts';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('Update Canvas', () => {
  it('calls POST /groups/{id}/bi/configure, the route the issue names, and answers its message', async () => {
    setSession(makeToken());
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { message: "Canvas of 'Acme' updated with standard import v2." }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await updateCanvas(GROUP_ID);
    expect(result.message).toBe("Canvas of 'Acme' updated with standard import v2.");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(`/api/groups/${GROUP_ID}/bi/configure`);
    expect(init?.method).toBe('POST');
  });
});
