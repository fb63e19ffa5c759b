import { formatDisplayDate, type ImportExecution, type ImportType } from '@callsight/shared';

/** A timestamp as the admin tables show it (DD-MM-YYYY HH:mm:ss); '-' when absent. */
export function formatDate(iso: string | null | undefined): string {
  return formatDisplayDate(iso);
}

export const versionText = (version: number | null | undefined) =>
  version === null || version === undefined ? '-' : `v${version}`;

/** The newest successful execution of a type (the version the group has deployed). */
export function latestSuccessful(
  executions: readonly ImportExecution[],
  type: ImportType,
): ImportExecution | null {
  return executions
    .filter((e) => e.type === type && e.status.toLowerCase() === 'success')
    .reduce<ImportExecution | null>(
      (a, e) => (a === null || e.createdAt > a.createdAt ? e : a),
      null,
    );
}
