import { createSocket } from 'node:dgram';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnsweringEndpoint } from './answering-endpoint.ts';
import {
  GOOD_OFFER,
  SipPeer,
  newCallIdOf,
  rawInvite,
  trackProcessErrors,
  until,
} from './hostile-sip-support.ts';
import { RtpSession } from './media/rtp-session.ts';

/**
 * Issue 31 item 1, the work that runs later for a message: an RTP far end that cannot be sent
 * to, a media factory that fails after ringing, a caller that never ACKs. Each ends that call
 * (500, or BYE) with one log line; nothing reaches the process.
 */
const timers = { t1Ms: 10, t2Ms: 80, t4Ms: 100 };
let tracker: ReturnType<typeof trackProcessErrors>;

beforeEach(() => {
  tracker = trackProcessErrors();
});
afterEach(() => {
  tracker.dispose();
  expect(tracker.errors).toEqual([]);
});

describe('RtpSession toward a far end it cannot reach', () => {
  it.each([
    { address: '127.0.0.1', port: 0 },
    { address: '127.0.0.1', port: 70000 },
    { address: '127.0.0.1', port: 1.5 },
    { address: 'not an address', port: 4000 },
    { address: '::1', port: 4000 }, // another family than the udp4 socket
  ])('never throws for $address:$port and counts what it could not send', async (remote) => {
    const session = await RtpSession.open({ law: 'pcmu', echo: true });
    session.start(remote);
    await until('frames counted as not sent', () => session.stats.sendErrors >= 3, 2000);
    await session.close();
  });
});

describe('an answering endpoint whose call fails after ringing', () => {
  it('answers 500 when the media of the call cannot open, and logs one line', async () => {
    const lines: string[] = [];
    const uas = await AnsweringEndpoint.start({
      timers,
      log: (line) => lines.push(line),
      behaviours: {
        '+15550000500': {
          kind: 'answer',
          ringMs: 10,
          media: () => Promise.reject(new Error('no RTP port left')),
        },
      },
    });
    const peer = await SipPeer.open();
    try {
      const callId = newCallIdOf('factory');
      peer.send(
        rawInvite(peer.address, {
          callId,
          number: '+15550000500',
          target: uas.address,
          body: GOOD_OFFER(4000),
        }),
        uas.address,
      );
      expect((await peer.finalResponse(callId)).status).toBe(500);
      expect(lines).toEqual([expect.stringContaining('no RTP port left')]);
    } finally {
      await Promise.all([peer.close(), uas.close()]);
    }
  });

  it('ends an answered call the caller never ACKs with BYE after 64*T1, closing its media', async () => {
    const uas = await AnsweringEndpoint.start({
      timers,
      log: () => {},
      behaviours: { '+15550000200': { kind: 'answer', ringMs: 0, media: 'echo' } },
    });
    const peer = await SipPeer.open();
    const rtp = createSocket('udp4');
    await new Promise<void>((resolve) => rtp.bind(0, '127.0.0.1', resolve));
    try {
      const callId = newCallIdOf('noack');
      peer.send(
        rawInvite(peer.address, {
          callId,
          number: '+15550000200',
          target: uas.address,
          body: GOOD_OFFER(rtp.address().port),
        }),
        uas.address,
      );
      expect((await peer.finalResponse(callId)).status).toBe(200);
      await until('the BYE of the unacknowledged call', () =>
        peer.messages.some(
          (m) => m.kind === 'request' && m.method === 'BYE' && m.headers.get('call-id') === callId,
        ),
      );
      expect(uas.calls.get(callId)?.byeSent).toBe(true);
    } finally {
      await new Promise<void>((resolve) => rtp.close(() => resolve()));
      await Promise.all([peer.close(), uas.close()]);
    }
  });

  it('ends a call nobody hangs up after maxCallMs with BYE, and refuses calls beyond maxMediaCalls with 503', async () => {
    const uas = await AnsweringEndpoint.start({
      // A long T1: the 2xx is not given up for want of an ACK within this test.
      timers: { t1Ms: 500, t2Ms: 4000, t4Ms: 5000 },
      log: () => {},
      maxCallMs: 150,
      maxMediaCalls: 1,
      behaviours: { '+15550000201': { kind: 'answer', ringMs: 0, media: 'echo' } },
    });
    const peer = await SipPeer.open();
    const rtp = createSocket('udp4');
    await new Promise<void>((resolve) => rtp.bind(0, '127.0.0.1', resolve));
    const invite = (callId: string) =>
      peer.send(
        rawInvite(peer.address, {
          callId,
          number: '+15550000201',
          target: uas.address,
          body: GOOD_OFFER(rtp.address().port),
        }),
        uas.address,
      );
    try {
      const first = newCallIdOf('long');
      invite(first);
      expect((await peer.finalResponse(first)).status).toBe(200);
      const second = newCallIdOf('second');
      invite(second);
      const busy = await peer.finalResponse(second);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('5');
      await until('the BYE of the call nobody ended', () =>
        peer.messages.some(
          (m) => m.kind === 'request' && m.method === 'BYE' && m.headers.get('call-id') === first,
        ),
      );
    } finally {
      await new Promise<void>((resolve) => rtp.close(() => resolve()));
      await Promise.all([peer.close(), uas.close()]);
    }
  });
});
