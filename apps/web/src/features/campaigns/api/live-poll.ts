import { CAMPAIGN_LIMITS } from '@callsight/shared';

/** The run view polls every 2 s while the run is live, and stops once it is not (spec 001 §4). */
export const livePoll = (live: boolean) => (live ? CAMPAIGN_LIMITS.callLogPollMs : false);
