import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const ORIGIN = 'https://crm.example.com';

function preflight(server: TestServer, url: string) {
  return server.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin: ORIGIN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });
}

describe('cross-origin access to the ingestion API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lets a softphone page on another origin post samples with its API key', async () => {
    const answer = await preflight(server, '/api/ingest/v1/samples');
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(String(answer.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('keeps every other route same-origin', async () => {
    const answer = await preflight(server, '/api/users/profile');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: 'nobody@example.com', password: 'x' },
    });
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers only the configured origins when INGEST_CORS_ORIGINS names them', async () => {
    const narrow = await startTestServer({ INGEST_CORS_ORIGINS: ORIGIN });
    try {
      const allowed = await preflight(narrow, '/api/ingest/v1/samples');
      expect(allowed.headers['access-control-allow-origin']).toBe(ORIGIN);
      const other = await narrow.app.inject({
        method: 'OPTIONS',
        url: '/api/ingest/v1/samples',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await narrow.close();
    }
  });
});
