import type { WatcherFamily } from '@callsight/shared';

/** The path of one watcher of either family (docs/workflows-api.md). */
export function watcherPath(groupId: string, family: WatcherFamily, id: string): string {
  const enc = encodeURIComponent;
  return family === 'group'
    ? `/groups/${enc(groupId)}/watchers/${enc(id)}`
    : `/watchdog/watcher/${enc(id)}`;
}
