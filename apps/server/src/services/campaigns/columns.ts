import { campaigns } from '../../db/schema/index.ts';

/** A campaign's parameters as columns: what a list row shows and a run copies. */
export const CAMPAIGN_PARAMETER_COLUMNS = {
  type: campaigns.type,
  name: campaigns.name,
  description: campaigns.description,
  tags: campaigns.tags,
  fromNumber: campaigns.fromNumber,
  toNumber: campaigns.toNumber,
  totalCalls: campaigns.totalCalls,
  noAnswerTimeout: campaigns.noAnswerTimeout,
  callDuration: campaigns.callDuration,
  callsPerSecond: campaigns.callsPerSecond,
  answerTreatment: campaigns.answerTreatment,
};
