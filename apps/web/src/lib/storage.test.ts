import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../test/setup.ts';
import {
  clearSessionMarkers,
  isAuthenticatedAt,
  readCurrentRoleId,
  saveCurrentRoleId,
  readIsLoggedIn,
  readRedirectUrl,
  readSidebarExpanded,
  readStoredState,
  readTokenExpiry,
  saveRedirectUrl,
  saveSessionMarkers,
  updateStoredState,
} from './storage.ts';

describe('local storage parsing', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('reads isLoggedIn only when it is exactly "true"', () => {
    expect(readIsLoggedIn()).toBe(false);
    localStorage.setItem('isLoggedIn', 'TRUE');
    expect(readIsLoggedIn()).toBe(false);
    localStorage.setItem('isLoggedIn', 'true');
    expect(readIsLoggedIn()).toBe(true);
  });

  it('reads a numeric token expiry and ignores an unparseable one with a warning', () => {
    localStorage.setItem('tokenExpiry', '1700000000000');
    expect(readTokenExpiry()).toBe(1700000000000);
    expect(warn).not.toHaveBeenCalled();

    localStorage.setItem('tokenExpiry', 'soon');
    expect(readTokenExpiry()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('"tokenExpiry"');
  });

  it('ignores state that is not JSON, or JSON of the wrong shape, with a warning', () => {
    localStorage.setItem('state', '{"redirectUrl":');
    expect(readStoredState()).toEqual({});
    localStorage.setItem('state', '[1,2]');
    expect(readStoredState()).toEqual({});
    localStorage.setItem('state', '{"redirectUrl":42}');
    expect(readRedirectUrl()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('keeps other state fields when the redirect URL changes', () => {
    localStorage.setItem('state', JSON.stringify({ other: 'kept' }));
    saveRedirectUrl('/g1/admin/users?x=1');
    expect(JSON.parse(localStorage.getItem('state') ?? 'null')).toEqual({
      other: 'kept',
      redirectUrl: '/g1/admin/users?x=1',
    });
    updateStoredState({ redirectUrl: undefined });
    expect(JSON.parse(localStorage.getItem('state') ?? 'null')).toEqual({ other: 'kept' });
  });

  it('overwrites unparseable state instead of failing', () => {
    localStorage.setItem('state', 'not json');
    saveRedirectUrl('/g1/home');
    expect(readRedirectUrl()).toBe('/g1/home');
  });

  it('treats the sidebar as expanded when the value is missing, empty or "true"', () => {
    expect(readSidebarExpanded()).toBe(true);
    localStorage.setItem('sidebarExpanded', '');
    expect(readSidebarExpanded()).toBe(true);
    localStorage.setItem('sidebarExpanded', 'true');
    expect(readSidebarExpanded()).toBe(true);
    localStorage.setItem('sidebarExpanded', 'false');
    expect(readSidebarExpanded()).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    localStorage.setItem('sidebarExpanded', 'collapsed');
    expect(readSidebarExpanded()).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('writes and clears the session markers', () => {
    saveCurrentRoleId('team-north');
    saveSessionMarkers(1_800_000);
    expect(localStorage.getItem('isLoggedIn')).toBe('true');
    expect(localStorage.getItem('tokenExpiry')).toBe('1800000');
    expect(readCurrentRoleId()).toBe('team-north');
    localStorage.setItem('sidebarExpanded', 'false');
    clearSessionMarkers();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
    expect(localStorage.getItem('tokenExpiry')).toBeNull();
    expect(localStorage.getItem('currentRoleId')).toBeNull();
    expect(localStorage.getItem('sidebarExpanded')).toBe('false');
  });

  it('is authenticated only while now is before the stored expiry', () => {
    expect(isAuthenticatedAt(1000)).toBe(false);
    localStorage.setItem('tokenExpiry', '5000');
    expect(isAuthenticatedAt(4999)).toBe(true);
    expect(isAuthenticatedAt(5000)).toBe(false);
  });
});

describe('saveRedirectUrl', () => {
  it('keeps a page of the app and ignores public pages such as /login', () => {
    saveRedirectUrl('/g-1/explorer?x=1');
    expect(readRedirectUrl()).toBe('/g-1/explorer?x=1');
    saveRedirectUrl('/login');
    saveRedirectUrl('/activated?x=1');
    expect(readRedirectUrl()).toBe('/g-1/explorer?x=1');
  });
});
