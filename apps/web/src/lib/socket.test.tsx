import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import '../test/setup.ts';
import { makeToken } from '../test/factories.ts';
import { clearSession, setSession } from './session.ts';

type Listener = (...args: unknown[]) => void;

/** Just enough of a socket.io client socket. */
class FakeSocket {
  connected = false;
  auth: unknown;
  transports: unknown;
  listeners = new Map<string, Set<Listener>>();
  emitted: [string, unknown][] = [];
  /** The acknowledgement callbacks of the emitted events, by index in `emitted`. */
  acks: (Listener | undefined)[] = [];
  constructor(options: { auth: unknown; transports?: unknown }) {
    this.auth = options.auth;
    this.transports = options.transports;
  }
  on(event: string, fn: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(fn);
    return this;
  }
  off(event: string, fn: Listener) {
    this.listeners.get(event)?.delete(fn);
    return this;
  }
  emit(event: string, arg: unknown, ack?: Listener) {
    this.emitted.push([event, arg]);
    this.acks.push(ack);
    return this;
  }
  connect() {
    this.connected = true;
    this.fire('connect');
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.listeners.get(event) ?? []) fn(...args);
  }
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (options: { auth: unknown; transports?: unknown }) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket;
  },
}));

const { usePageMessages, closeSocket } = await import('./socket.ts');

function Subscriber({ page, onMessage }: { page: string; onMessage: (data: unknown) => void }) {
  usePageMessages(page, onMessage);
  return null;
}

describe('usePageMessages', () => {
  beforeEach(() => {
    sockets.length = 0;
    setSession(makeToken({ accessToken: 'token-1' }));
  });
  afterEach(() => {
    closeSocket();
    clearSession();
  });

  it('connects with the access token, subscribes and delivers only its page', () => {
    const onHome = vi.fn();
    const view = render(<Subscriber page="home" onMessage={onHome} />);
    expect(sockets).toHaveLength(1);
    const socket = sockets[0] as FakeSocket;
    expect(socket.auth).toEqual({ token: 'token-1' });
    // WebSocket only: no long-polling, which would need sticky sessions across processes.
    expect(socket.transports).toEqual(['websocket']);
    expect(socket.emitted).toEqual([['subscribeToPage', 'home']]);
    socket.fire('message', { page: 'home', data: { calls: 3 } });
    socket.fire('message', { page: 'explorer', data: { calls: 9 } });
    expect(onHome).toHaveBeenCalledTimes(1);
    expect(onHome).toHaveBeenCalledWith({ calls: 3 }, { page: 'home', data: { calls: 3 } });
    view.unmount();
    expect(socket.emitted.at(-1)).toEqual(['unsubscribeFromPage', 'home']);
  });

  it('shares one subscription between two users of a page', () => {
    const first = render(<Subscriber page="home" onMessage={() => {}} />);
    const second = render(<Subscriber page="home" onMessage={() => {}} />);
    const socket = sockets[0] as FakeSocket;
    expect(socket.emitted.filter(([e]) => e === 'subscribeToPage')).toHaveLength(1);
    first.unmount();
    expect(socket.emitted.some(([e]) => e === 'unsubscribeFromPage')).toBe(false);
    second.unmount();
    expect(socket.emitted.filter(([e]) => e === 'unsubscribeFromPage')).toHaveLength(1);
  });

  it('reconnects with a renewed token and joins its pages again', () => {
    render(<Subscriber page="home" onMessage={() => {}} />);
    const socket = sockets[0] as FakeSocket;
    socket.emitted.length = 0;
    act(() => setSession(makeToken({ accessToken: 'token-2' })));
    expect(socket.auth).toEqual({ token: 'token-2' });
    expect(socket.emitted).toEqual([['subscribeToPage', 'home']]);
  });

  it('says a refused subscription in the console, not an accepted one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Subscriber page="explorer" onMessage={() => {}} />);
    render(<Subscriber page="monitorJobs" onMessage={() => {}} />);
    const socket = sockets[0] as FakeSocket;
    expect(socket.emitted).toEqual([
      ['subscribeToPage', 'explorer'],
      ['subscribeToPage', 'monitorJobs'],
    ]);
    socket.acks[0]?.({ ok: true });
    expect(warn).not.toHaveBeenCalled();
    socket.acks[1]?.({ ok: false, error: 'You do not have permission to do this.' });
    expect(warn).toHaveBeenCalledWith(
      'Push page "monitorJobs" refused: You do not have permission to do this.',
    );
    warn.mockRestore();
  });

  it('does nothing while signed out', () => {
    clearSession();
    render(<Subscriber page="home" onMessage={() => {}} />);
    expect(sockets).toHaveLength(0);
  });
});
