/** Query keys of the Dashboard Manager; ['dashboard-manager'] prefixes them all. */
export const dashboardManagerKeys = {
  all: ['dashboard-manager'] as const,
  imports: () => ['dashboard-manager', 'imports'] as const,
  preview: (importId: string) => ['dashboard-manager', 'preview', importId] as const,
  datasets: (importId: string) => ['dashboard-manager', 'datasets', importId] as const,
  executions: (groupId?: string) =>
    groupId
      ? (['dashboard-manager', 'executions', groupId] as const)
      : (['dashboard-manager', 'executions'] as const),
  /** Under executions(): a publish invalidates it with the groups' own lists. */
  latestExecutions: () => ['dashboard-manager', 'executions', 'latest'] as const,
  groupDashboards: (groupId: string) => ['dashboard-manager', 'group-dashboards', groupId] as const,
  logicalDashboards: (groupId: string) =>
    ['dashboard-manager', 'logical-dashboards', groupId] as const,
};

/** The API's own message of a failure (the reason in the spec's failure texts). */
export function reasonOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Unknown error';
}
