/** The root query key of a group's history lists. */
export const historyQueryKey = (groupId: string) => ['groups', groupId, 'history'] as const;
