/** The root query key of a group's monitors; mutations invalidate under it. */
export const monitorsQueryKey = (groupId: string) => ['groups', groupId, 'gsm-monitors'] as const;

/** The API path of the monitors, or of one monitor and what is under it ('disable'). */
export const monitorPath = (...rest: string[]) =>
  ['/gsm/monitors', ...rest.map(encodeURIComponent)].join('/');
