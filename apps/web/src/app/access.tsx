import { createContext, useContext, type ReactNode } from 'react';
import type { AccessContext, Group, Profile } from '@callsight/shared';

/** What the signed-in shell knows about the caller in the current group. */
export interface ShellContext {
  access: AccessContext;
  profile: Profile;
  /** The current group (name, region, heartbeat flag). */
  group: Pick<Group, 'id' | 'name' | 'region' | 'heartbeatEnabled'>;
}

const ShellContextValue = createContext<ShellContext | null>(null);

export function ShellProvider({ value, children }: { value: ShellContext; children: ReactNode }) {
  return <ShellContextValue.Provider value={value}>{children}</ShellContextValue.Provider>;
}

/** The shell context; only valid under the group layout. */
export function useShell(): ShellContext {
  const value = useContext(ShellContextValue);
  if (!value) throw new Error('useShell must be used under the group layout');
  return value;
}
