/** The root of every config query of a group: writes invalidate everything under it. */
export const configQueryKey = (groupId: string) => ['config', groupId] as const;
