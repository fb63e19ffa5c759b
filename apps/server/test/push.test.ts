import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from './harness.ts';
import { createGroup, createUser, signIn } from './factories.ts';

let s: TestServer;
let url: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
});
afterAll(() => s.close());

function connect(token: string): Promise<Socket> {
  const socket = io(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (err) => reject(err));
  });
}

describe('push socket', () => {
  it('delivers a page message to subscribers of that group only, and stops after unsubscribe', async () => {
    const a = await createGroup(s.database.db);
    const b = await createGroup(s.database.db);
    const ua = await createUser(s.database.db, { groups: [a] });
    const ub = await createUser(s.database.db, { groups: [b] });
    const sa = await connect((await signIn(s.app, ua.email)).token.accessToken);
    const sb = await connect((await signIn(s.app, ub.email)).token.accessToken);
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    sa.on('message', (m) => gotA.push(m));
    sb.on('message', (m) => gotB.push(m));
    await sa.emitWithAck('subscribeToPage', 'explorer');
    await sb.emitWithAck('subscribeToPage', 'explorer');

    s.ctx.push.publish(a.id, 'explorer', { newCall: 'c-1' });
    await expect.poll(() => gotA.length).toBe(1);
    expect(gotA[0]).toEqual({ page: 'explorer', data: { newCall: 'c-1' } });

    await sa.emitWithAck('unsubscribeFromPage', 'explorer');
    s.ctx.push.publish(a.id, 'explorer', { newCall: 'c-2' });
    s.ctx.push.publish(b.id, 'explorer', { newCall: 'b-1' });
    await expect.poll(() => gotB.length).toBe(1);
    expect(gotA).toHaveLength(1);
    sa.close();
    sb.close();
  });

  it('refuses a connection without a valid token', async () => {
    await expect(connect('forged.token.value')).rejects.toThrow('Invalid access token');
  });
});
