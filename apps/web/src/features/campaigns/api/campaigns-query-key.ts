/** The root query key of a group's campaigns; mutations invalidate under it. */
export const campaignsQueryKey = (groupId: string) => ['groups', groupId, 'campaigns'] as const;

/** The key of one campaign: its definition, and under it its runs. */
export const campaignQueryKey = (groupId: string, campaignId: string) =>
  [...campaignsQueryKey(groupId), 'campaign', campaignId] as const;

/** The key of one run: the run, and under it its stats, graph and call log. */
export const runQueryKey = (groupId: string, campaignId: string, runId: string) =>
  [...campaignQueryKey(groupId, campaignId), 'runs', runId] as const;

/** The API path of a campaign, or of something under it ('runs', 'runs/{id}/stats'). */
export const campaignPath = (campaignId: string, ...rest: string[]) =>
  ['/campaigns', encodeURIComponent(campaignId), ...rest.map(encodeURIComponent)].join('/');
