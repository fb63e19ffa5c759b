import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  InviteClientTransaction,
  NonInviteClientTransaction,
  type TimerConfig,
} from './client-transaction.ts';
import {
  buildRequest,
  buildResponse,
  topBranch,
  type SipRequest,
  type SipResponse,
} from './message.ts';
import { ServerTransaction } from './server-transaction.ts';

const config: TimerConfig = { t1Ms: 500, t2Ms: 4000, t4Ms: 5000 };
const peer = { address: '127.0.0.1', port: 5070 };

function request(method: string): SipRequest {
  return buildRequest({
    method,
    uri: 'sip:1001@127.0.0.1:5070',
    via: { host: '127.0.0.1', port: 5060 },
    from: '<sip:a@x>',
    fromTag: 'f',
    to: '<sip:1001@127.0.0.1>',
    callId: 'c1',
    cseq: 1,
  });
}

function harness() {
  const sent: { message: SipRequest | SipResponse; atMs: number }[] = [];
  const start = Date.now();
  const sender = {
    send: (message: SipRequest | SipResponse) => sent.push({ message, atMs: Date.now() - start }),
  };
  const user = { onResponse: vi.fn<(r: SipResponse) => void>(), onTimeout: vi.fn<() => void>() };
  return { sent, sender, user };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('INVITE client transaction', () => {
  it('retransmits at T1, 2T1, 4T1 ... and times out with Timer B at 64*T1', () => {
    const { sent, sender, user } = harness();
    new InviteClientTransaction(request('INVITE'), peer, sender, config, user).start();
    vi.advanceTimersByTime(64 * 500 - 1);
    expect(sent.map((s) => s.atMs)).toEqual([0, 500, 1500, 3500, 7500, 15500, 31500]);
    expect(user.onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(user.onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100_000);
    expect(sent).toHaveLength(7);
  });

  it('a provisional response stops retransmissions and Timer B', () => {
    const { sent, sender, user } = harness();
    const invite = request('INVITE');
    const tx = new InviteClientTransaction(invite, peer, sender, config, user);
    tx.start();
    tx.receive(buildResponse(invite, 100));
    vi.advanceTimersByTime(100_000);
    expect(sent).toHaveLength(1);
    expect(tx.state).toBe('proceeding');
    expect(user.onTimeout).not.toHaveBeenCalled();
  });

  it('ACKs a non-2xx final on the INVITE branch, again for each retransmission, then ends after Timer D', () => {
    const { sent, sender, user } = harness();
    const invite = request('INVITE');
    const tx = new InviteClientTransaction(invite, peer, sender, config, user);
    tx.start();
    const busy = buildResponse(invite, 486, { toTag: 't' });
    tx.receive(busy);
    tx.receive(busy);
    const acks = sent.filter((s) => s.message.kind === 'request' && s.message.method === 'ACK');
    expect(acks).toHaveLength(2);
    expect(topBranch(acks[0]?.message as SipRequest)).toBe(topBranch(invite));
    expect(user.onResponse).toHaveBeenCalledTimes(1); // retransmissions are absorbed
    expect(tx.state).toBe('completed');
    vi.advanceTimersByTime(64 * 500);
    expect(tx.state).toBe('terminated');
  });

  it('does not ACK a 2xx itself: that is the dialog ACK', () => {
    const { sent, sender, user } = harness();
    const invite = request('INVITE');
    const tx = new InviteClientTransaction(invite, peer, sender, config, user);
    tx.start();
    tx.receive(buildResponse(invite, 200, { toTag: 't' }));
    expect(sent).toHaveLength(1);
    expect(tx.state).toBe('terminated');
    expect(user.onResponse).toHaveBeenCalledTimes(1);
  });
});

describe('non-INVITE client transaction', () => {
  it('Timer E doubles up to T2 and Timer F times out at 64*T1', () => {
    const { sent, sender, user } = harness();
    new NonInviteClientTransaction(request('BYE'), peer, sender, config, user).start();
    vi.advanceTimersByTime(64 * 500);
    // 0, then +500, +1000, +2000, +4000 (capped at T2) ...
    expect(sent.map((s) => s.atMs)).toEqual([
      0, 500, 1500, 3500, 7500, 11500, 15500, 19500, 23500, 27500, 31500,
    ]);
    expect(user.onTimeout).toHaveBeenCalledTimes(1);
  });

  it('after a provisional it retransmits every T2; a final ends it after Timer K', () => {
    const { sent, sender, user } = harness();
    const bye = request('BYE');
    const tx = new NonInviteClientTransaction(bye, peer, sender, config, user);
    tx.start();
    tx.receive(buildResponse(bye, 100));
    vi.advanceTimersByTime(500 + 4000);
    expect(sent.map((s) => s.atMs)).toEqual([0, 500, 4500]);
    tx.receive(buildResponse(bye, 200));
    expect(tx.state).toBe('completed');
    vi.advanceTimersByTime(5000);
    expect(tx.state).toBe('terminated');
    expect(sent).toHaveLength(3);
    expect(user.onResponse).toHaveBeenCalledTimes(2);
  });
});

describe('server transactions', () => {
  it('INVITE: retransmits a non-2xx final with Timer G until the ACK', () => {
    const { sent, sender } = harness();
    const invite = request('INVITE');
    const tx = new ServerTransaction(invite, peer, sender, config);
    tx.respond(buildResponse(invite, 100));
    tx.receiveRetransmission();
    expect(sent).toHaveLength(2); // the 100 again
    tx.respond(buildResponse(invite, 503, { toTag: 't' }));
    vi.advanceTimersByTime(500 + 1000 + 1);
    expect(sent.map((s) => (s.message.kind === 'response' ? s.message.status : 0))).toEqual([
      100, 100, 503, 503, 503,
    ]);
    tx.receiveAck();
    expect(tx.state).toBe('confirmed');
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(5);
    expect(tx.state).toBe('terminated');
  });

  it('INVITE: without ACK, Timer H gives up at 64*T1', () => {
    const { sender } = harness();
    const invite = request('INVITE');
    const tx = new ServerTransaction(invite, peer, sender, config);
    tx.respond(buildResponse(invite, 486, { toTag: 't' }));
    vi.advanceTimersByTime(64 * 500 - 1);
    expect(tx.state).toBe('completed');
    vi.advanceTimersByTime(1);
    expect(tx.state).toBe('terminated');
  });

  it('non-INVITE: a retransmitted request gets the cached final response', () => {
    const { sent, sender } = harness();
    const bye = request('BYE');
    const tx = new ServerTransaction(bye, peer, sender, config);
    tx.respond(buildResponse(bye, 200));
    tx.receiveRetransmission();
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(64 * 500);
    expect(tx.state).toBe('terminated');
  });
});
