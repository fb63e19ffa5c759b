import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createGroup, createUser, PASSWORD } from './factories.ts';

/**
 * Security headers (issue 14 point 7): every answer carries a Content-Security-Policy that the
 * built web app, Swagger UI and the demo softphone work under, nosniff and frame rules that deny
 * framing except under /embed/; the refresh cookie is Secure whenever the request came over HTTPS.
 */

const INDEX = '<!doctype html><title>Callsight</title><div id="root"></div>';
let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'callsight-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("app");');
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

/** The policy's directives by name, each with its sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  if (typeof header !== 'string') throw new Error(`no CSP on ${res.statusCode} ${res.body}`);
  return new Map(
    header.split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const ANSWERS = [
  { what: 'the app page', url: '/' },
  { what: 'a deep link into the app', url: '/some-group/call/abc?tab=logs' },
  { what: 'the demo softphone', url: '/demo/softphone' },
  { what: 'a built script', url: '/assets/app.js' },
  { what: 'a public API answer', url: '/api/public/settings' },
  { what: 'an API refusal', url: '/api/users/profile' },
  { what: 'an unknown API path', url: '/api/no-such-thing' },
  { what: 'Swagger UI', url: '/api/docs' },
  { what: 'Swagger UI files', url: '/api/docs/static/swagger-ui-bundle.js' },
  { what: 'the OpenAPI document', url: '/api/docs/json' },
];

describe('by default', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ WEB_DIST: webDist });
  });
  afterAll(() => s.close());

  it.each(ANSWERS)('$what carries CSP, nosniff and deny-framing headers', async ({ url }) => {
    const res = await s.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBeLessThan(500);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(csp(res).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('allows what the web app loads: own scripts only, emotion styles, data/blob images, push', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'calls.example:8080' },
    });
    const policy = csp(res);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'ws://calls.example:8080',
      'wss://calls.example:8080',
    ]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    // Served over plain HTTP by default: upgrading requests to HTTPS would break every load.
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('puts no Host header into the policy other than a plain host and port', async () => {
    const res = await s.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'evil.example;script-src *' },
    });
    expect(csp(res).get('connect-src')).toEqual(["'self'"]);
    expect(csp(res).get('script-src')).toEqual(["'self'"]);
  });

  it('lets the embed prefix be framed by the app itself only', async () => {
    for (const url of ['/embed/canvas/abc', '/embed?x=1']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(csp(res).get('frame-ancestors'), url).toEqual(["'self'"]);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const lookalike = await s.app.inject({ method: 'GET', url: '/embedded/page' });
    expect(csp(lookalike).get('frame-ancestors')).toEqual(["'none'"]);
    expect(lookalike.headers['x-frame-options']).toBe('DENY');
  });

  it('does not make the refresh cookie Secure over plain HTTP, whatever X-Forwarded-Proto says', async () => {
    const user = await createUser(s.database.db, { groups: [await createGroup(s.database.db)] });
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email: user.email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === 'callsight_refresh');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      expect(cookie?.secure).toBeFalsy();
    }
  });
});

describe('with TRUST_PROXY and EMBED_FRAME_ANCESTORS', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      WEB_DIST: webDist,
      TRUST_PROXY: '127.0.0.1',
      EMBED_FRAME_ANCESTORS: 'https://portal.example.com, https://*.crm.example:8443',
    });
  });
  afterAll(() => s.close());

  it('lets the listed origins frame the embed prefix, and nothing else', async () => {
    const embed = await s.app.inject({ method: 'GET', url: '/embed/canvas/abc' });
    expect(csp(embed).get('frame-ancestors')).toEqual([
      "'self'",
      'https://portal.example.com',
      'https://*.crm.example:8443',
    ]);
    // X-Frame-Options cannot name origins; a SAMEORIGIN would refuse the listed ones.
    expect(embed.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/', '/some-group/dashboard', '/api/docs']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(csp(res).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('makes the refresh cookie Secure when the trusted proxy says the request came over HTTPS', async () => {
    const user = await createUser(s.database.db, { groups: [await createGroup(s.database.db)] });
    const login = async (headers: Record<string, string>) => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email: user.email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      return res.cookies.find((c) => c.name === 'callsight_refresh');
    };
    expect((await login({ 'x-forwarded-proto': 'https' }))?.secure).toBe(true);
    expect((await login({ 'x-forwarded-proto': 'http' }))?.secure).toBeFalsy();
    // From an address TRUST_PROXY does not name, the header is the client's word only.
    const untrusted = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(untrusted.cookies.find((c) => c.name === 'callsight_refresh')?.secure).toBeFalsy();
  });
});

describe('with COOKIE_SECURE=true', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ COOKIE_SECURE: 'true' });
  });
  afterAll(() => s.close());

  it('makes the refresh cookie Secure over plain HTTP too', async () => {
    const user = await createUser(s.database.db, { groups: [await createGroup(s.database.db)] });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'callsight_refresh')?.secure).toBe(true);
  });
});

describe('EMBED_FRAME_ANCESTORS setting', () => {
  it('accepts origins only, and refuses anything else at boot with a clear message', () => {
    expect(loadConfig({}).EMBED_FRAME_ANCESTORS).toEqual([]);
    for (const value of ['*', "'none'", 'portal.example.com', 'https://portal.example.com/path']) {
      expect(() => loadConfig({ EMBED_FRAME_ANCESTORS: value }), value).toThrow(
        'EMBED_FRAME_ANCESTORS.0: must be an origin such as https://portal.example.com',
      );
    }
  });
});
