import { z } from 'zod';
import { STORAGE_KEYS } from '@callsight/shared';
import { isPublicPath } from './paths.ts';

/**
 * Typed access to the local storage keys of spec 000 §3. Every reader tolerates a missing
 * store (private mode, tests) and logs then ignores a value it cannot parse (spec 000 §4).
 */

/** The JSON kept under the "state" key. Unknown fields are kept so that other code may add some. */
export const StoredStateSchema = z.looseObject({ redirectUrl: z.string().optional() });
export type StoredState = z.infer<typeof StoredStateSchema>;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch (err) {
    console.warn(`Could not save "${key}" in local storage`, err);
  }
}

function remove(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing stored can be left behind when the store is unavailable.
  }
}

function ignored(key: string, raw: string): void {
  console.warn(`Ignoring unparseable local storage value for "${key}": ${JSON.stringify(raw)}`);
}

/** True when the "isLoggedIn" marker is exactly "true". */
export function readIsLoggedIn(): boolean {
  return read(STORAGE_KEYS.isLoggedIn) === 'true';
}

/** The stored token expiry (epoch ms), or null when missing or unparseable. */
export function readTokenExpiry(): number | null {
  const raw = read(STORAGE_KEYS.tokenExpiry);
  if (raw === null || raw === '') return null;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) {
    ignored(STORAGE_KEYS.tokenExpiry, raw);
    return null;
  }
  return value;
}

/** The stored "state" object; {} when missing or unparseable. */
export function readStoredState(): StoredState {
  const raw = read(STORAGE_KEYS.state);
  if (raw === null || raw === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    ignored(STORAGE_KEYS.state, raw);
    return {};
  }
  const parsed = StoredStateSchema.safeParse(json);
  if (!parsed.success) {
    ignored(STORAGE_KEYS.state, raw);
    return {};
  }
  return parsed.data;
}

/** Merges a patch into the stored "state"; keys set to undefined are removed. */
export function updateStoredState(patch: Partial<StoredState>): void {
  const next: Record<string, unknown> = { ...readStoredState(), ...patch };
  for (const [key, value] of Object.entries(next)) if (value === undefined) delete next[key];
  write(STORAGE_KEYS.state, JSON.stringify(next));
}

/** The saved redirect URL, if any. */
export function readRedirectUrl(): string | null {
  return readStoredState().redirectUrl ?? null;
}

/** Saves where to return after the next sign-in; public pages (login itself) are never saved. */
export function saveRedirectUrl(url: string): void {
  if (isPublicPath(url.split(/[?#]/)[0] ?? '')) return;
  updateStoredState({ redirectUrl: url });
}

export function clearRedirectUrl(): void {
  updateStoredState({ redirectUrl: undefined });
}

/** Sidebar state: expanded when the saved value is missing, empty or "true" (spec 000 §4). */
export function readSidebarExpanded(): boolean {
  const raw = read(STORAGE_KEYS.sidebarExpanded);
  if (raw === null || raw === '' || raw === 'true') return true;
  if (raw === 'false') return false;
  ignored(STORAGE_KEYS.sidebarExpanded, raw);
  return true;
}

export function saveSidebarExpanded(expanded: boolean): void {
  write(STORAGE_KEYS.sidebarExpanded, String(expanded));
}

/**
 * The team (data role) the user last chose for dashboards, or null (spec 002 §6: remembered as
 * currentRoleId). Logout forgets it; a session refresh or a group switch leaves it alone.
 */
export function readCurrentRoleId(): string | null {
  const raw = read(STORAGE_KEYS.currentRoleId);
  return raw === null || raw === '' ? null : raw;
}

const roleListeners = new Set<() => void>();

/** Remembers the picked team (null: none, every call for an exempt user) and tells listeners. */
export function saveCurrentRoleId(roleId: string | null): void {
  if (roleId) write(STORAGE_KEYS.currentRoleId, roleId);
  else remove(STORAGE_KEYS.currentRoleId);
  for (const listener of roleListeners) listener();
}

/** Calls `listener` whenever the picked team changes in this tab; returns the unsubscribe. */
export function subscribeCurrentRoleId(listener: () => void): () => void {
  roleListeners.add(listener);
  return () => roleListeners.delete(listener);
}

/** Records a live session: the logged-in marker and the expiry. */
export function saveSessionMarkers(expiresAt: number): void {
  write(STORAGE_KEYS.isLoggedIn, 'true');
  write(STORAGE_KEYS.tokenExpiry, String(expiresAt));
}

/** Removes what logout clears: isLoggedIn, tokenExpiry and currentRoleId. */
export function clearSessionMarkers(): void {
  remove(STORAGE_KEYS.isLoggedIn);
  remove(STORAGE_KEYS.tokenExpiry);
  remove(STORAGE_KEYS.currentRoleId);
}

/** A user is authenticated while the current time is before the stored token expiry. */
export function isAuthenticatedAt(now: number): boolean {
  const expiry = readTokenExpiry();
  return expiry !== null && now < expiry;
}

const LOGIN_NOTICE_KEY = 'callsight.loginNotice';

/** A one-time message for the next login page (kept per tab in session storage). */
export function saveLoginNotice(message: string): void {
  try {
    window.sessionStorage.setItem(LOGIN_NOTICE_KEY, message);
  } catch {
    // Without session storage the notice is simply not shown.
  }
}

/** The pending login notice, left in place (see clearLoginNotice). */
export function readLoginNotice(): string | null {
  try {
    return window.sessionStorage.getItem(LOGIN_NOTICE_KEY);
  } catch {
    return null;
  }
}

export function clearLoginNotice(): void {
  try {
    window.sessionStorage.removeItem(LOGIN_NOTICE_KEY);
  } catch {
    // Nothing to clear.
  }
}
