/** The root query key of a group's heartbeat tests; mutations invalidate under it. */
export const testsQueryKey = (groupId: string) => ['groups', groupId, 'heartbeat-tests'] as const;

/** The API path of the tests, or of one test or resource under it ('{id}/disable', 'options'). */
export const testPath = (...rest: string[]) =>
  ['/gsm/heartbeat', ...rest.map(encodeURIComponent)].join('/');
