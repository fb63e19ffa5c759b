import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const INDEX = '<!doctype html><title>Callsight</title><div id="root"></div>';
const ASSET = 'console.log("app");';

let s: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'callsight-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), ASSET);
  s = await startTestServer({ WEB_DIST: webDist });
});
afterAll(async () => {
  await s.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('web app', () => {
  it('opens at the root address, as a new user types it', async () => {
    for (const url of ['/', '/?from=bookmark']) {
      const res = await s.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX);
    }
  });

  it('answers the app for its own routes and serves its files', async () => {
    const deep = await s.app.inject({ method: 'GET', url: '/some-group/call/abc?tab=logs' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toBe(INDEX);
    const asset = await s.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(ASSET);
  });

  it('answers JSON 404 for unknown API paths', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { message: 'No route GET /api/no-such-thing' } });
  });
});
