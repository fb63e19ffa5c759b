/** The root of the Heartbeat Tagging queries of a group. */
export const taggingQueryKey = (groupId: string) => ['tagging', groupId] as const;
