import { createSocket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRequest, serializeMessage, type SipMessage } from './message.ts';
import { SipUdpTransport } from './transport.ts';

const open: SipUdpTransport[] = [];
afterEach(async () => {
  for (const transport of open.splice(0)) await transport.close();
});

async function bind(): Promise<SipUdpTransport> {
  const transport = await SipUdpTransport.bind();
  open.push(transport);
  return transport;
}

function waitFor(check: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() - started > 2000) reject(new Error('timed out'));
      else setTimeout(poll, 5);
    };
    poll();
  });
}

describe('SipUdpTransport', () => {
  it('binds to 127.0.0.1 on a free port and delivers parsed messages with their source', async () => {
    const a = await bind();
    const b = await bind();
    expect(a.host).toBe('127.0.0.1');
    expect(a.port).toBeGreaterThan(0);
    const received: { message: SipMessage; port: number }[] = [];
    b.onMessage((message, from) => received.push({ message, port: from.port }));
    a.send(
      buildRequest({
        method: 'OPTIONS',
        uri: `sip:b@127.0.0.1:${b.port}`,
        via: { host: a.host, port: a.port },
        from: '<sip:a@x>',
        fromTag: '1',
        to: '<sip:b@y>',
        callId: 'c',
        cseq: 1,
      }),
      { address: '127.0.0.1', port: b.port },
    );
    await waitFor(() => received.length === 1);
    expect(received[0]?.port).toBe(a.port);
    expect(received[0]?.message).toMatchObject({ kind: 'request', method: 'OPTIONS' });
  });

  it('drops hostile datagrams and handler errors without throwing, and keeps serving', async () => {
    const target = await bind();
    let delivered = 0;
    target.onMessage((message) => {
      delivered++;
      if (message.kind === 'request' && message.method === 'BOOM') throw new Error('handler bug');
    });
    const raw = createSocket('udp4');
    const send = (text: string | Buffer) =>
      new Promise<void>((resolve) => raw.send(text, target.port, '127.0.0.1', () => resolve()));
    const valid = (method: string) =>
      serializeMessage(
        buildRequest({
          method,
          uri: 'sip:b@y',
          via: { host: '127.0.0.1', port: 1 },
          from: '<sip:a@x>',
          fromTag: '1',
          to: '<sip:b@y>',
          callId: 'c',
          cseq: 1,
        }),
      );
    try {
      await send(Buffer.from([0, 255, 13, 10, 13, 10]));
      await send('INVITE\r\n\r\n');
      await send(valid('BOOM'));
      await send(valid('OPTIONS'));
      await waitFor(() => delivered === 2);
      expect(target.droppedCount).toBe(3);
      expect(target.lastDropReason).toBe('handler bug');
    } finally {
      raw.close();
    }
  });
});
