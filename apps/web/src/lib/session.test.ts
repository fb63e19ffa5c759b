import { describe, expect, it, vi } from 'vitest';
import '../test/setup.ts';
import { makeToken } from '../test/factories.ts';
import {
  clearSession,
  getSession,
  idleTimeoutMs,
  registerRefresher,
  renewDelayMs,
  renewLeadSeconds,
  renewSession,
  setSession,
} from './session.ts';

describe('token renewal scheduling', () => {
  it('renews 600 s before expiry when the lifetime is at least 1200 s', () => {
    expect(renewLeadSeconds(3600)).toBe(600);
    expect(renewLeadSeconds(1200)).toBe(600);
  });

  it('renews at half the lifetime when the lifetime is shorter than 1200 s', () => {
    expect(renewLeadSeconds(1199)).toBe(599.5);
    expect(renewLeadSeconds(900)).toBe(450);
    expect(renewLeadSeconds(60)).toBe(30);
  });

  it('computes the delay from now to the renewal time', () => {
    const now = 1_000_000;
    expect(renewDelayMs({ expiresAt: now + 3600_000, lifetimeSeconds: 3600 }, now)).toBe(3000_000);
    expect(renewDelayMs({ expiresAt: now + 900_000, lifetimeSeconds: 900 }, now)).toBe(450_000);
    // Half a lifetime already passed (the page was reloaded): renew 450 s before expiry.
    expect(renewDelayMs({ expiresAt: now + 600_000, lifetimeSeconds: 900 }, now)).toBe(150_000);
  });

  it('renews at once when the renewal time has passed', () => {
    const now = 1_000_000;
    expect(renewDelayMs({ expiresAt: now + 100_000, lifetimeSeconds: 3600 }, now)).toBe(0);
    expect(renewDelayMs({ expiresAt: now - 1, lifetimeSeconds: 3600 }, now)).toBe(0);
  });

  it('caps the delay at what setTimeout accepts', () => {
    expect(renewDelayMs({ expiresAt: 10 ** 13, lifetimeSeconds: 10 ** 9 }, 0)).toBe(2 ** 31 - 1);
  });

  it('uses the token lifetime in seconds times 1000 ms as the idle timeout', () => {
    expect(idleTimeoutMs(900)).toBe(900_000);
  });
});

describe('session store', () => {
  it('keeps the token in memory and the markers in local storage', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    // The server's clock is an hour behind: the expiry is re-based on this browser's clock.
    const token = makeToken({
      expiresAt: 123_456,
      lifetimeSeconds: 900,
      claims: { permissions: ['user:viewer'] },
    });
    // The team chosen for dashboards (currentRoleId) survives a refreshed session.
    localStorage.setItem('currentRoleId', 'team-north');
    setSession(token);
    expect(getSession()).toEqual({ ...token, expiresAt: 1_000_000 + 900_000 - 5000 });
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    expect(localStorage.getItem('tokenExpiry')).toBe(String(1_000_000 + 900_000 - 5000));
    vi.useRealTimers();
    expect(localStorage.getItem('currentRoleId')).toBe('team-north');
    expect(JSON.stringify(localStorage)).not.toContain(token.accessToken);
    clearSession();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
  });

  it('shares one refresh request between concurrent renewals', async () => {
    const token = makeToken({ accessToken: 'renewed' });
    const refresher = vi.fn(() => Promise.resolve(token));
    registerRefresher(refresher);
    const [a, b] = await Promise.all([renewSession(), renewSession()]);
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(a).toBe(token);
    expect(b).toBe(token);
    expect(getSession()?.accessToken).toBe('renewed');
    await renewSession();
    expect(refresher).toHaveBeenCalledTimes(2);
    clearSession();
  });

  it('does not bring back a session signed out while its renewal was on the wire', async () => {
    setSession(makeToken({ accessToken: 'before' }));
    let answer: (token: ReturnType<typeof makeToken>) => void = () => {};
    registerRefresher(() => new Promise((resolve) => (answer = resolve)));
    const renewal = renewSession();
    clearSession();
    answer(makeToken({ accessToken: 'late' }));
    await expect(renewal).rejects.toThrow('Signed out during the renewal');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
  });
});
