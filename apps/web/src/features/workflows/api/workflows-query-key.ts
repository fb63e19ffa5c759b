/** The root query key of a group's workflows; mutations invalidate under it. */
export const workflowsQueryKey = (groupId: string) => ['groups', groupId, 'workflows'] as const;
