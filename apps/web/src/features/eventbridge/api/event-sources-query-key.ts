/** The root query key of a group's EventBridge data; mutations invalidate under it. */
export const eventBridgeQueryKey = (groupId: string) => ['groups', groupId, 'eventbridge'] as const;
