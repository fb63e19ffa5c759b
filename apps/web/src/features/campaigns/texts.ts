import { CAMPAIGN_LIMITS } from '@callsight/shared';

/**
 * Texts of the campaign screens that CAMPAIGN_TEXTS does not hold yet: the spec's titles and
 * buttons (spec 001 §2, §4), then our own (marked).
 */
export const CAMPAIGN_SCREEN_TEXTS = {
  createButton: 'Create Campaign',
  createTitle: 'Create New Campaign',
  copyTitle: 'Edit Campaign',
  copySuffix: ' (Copy)',
  runTitle: 'Run Campaign',
  runButton: 'Run Campaign',
  saveButton: 'Save',
  stopButton: 'Stop',
  view: 'View',
  // Ours (not in the spec):
  pageTitle: 'Simulate Campaigns',
  pageSubtitle: 'Simulated call load tests against your contact centre.',
  searchLabel: 'Search Campaigns',
  runOf: 'A run of the campaign',
  approvalWarning: `This campaign needs approval: above ${CAMPAIGN_LIMITS.approvalTotalCalls} calls or ${CAMPAIGN_LIMITS.approvalCallsPerSecond} calls per second, a cloud simulation must be approved by your provider before it runs.`,
  approvalLabel: 'I confirm I have the approval to run this campaign.',
  stopSent: 'The request to stop the run was sent.',
  stopFailed: 'The run could not be stopped.',
  loadFailed: 'The campaigns could not be loaded.',
  campaignLoadFailed: 'The campaign could not be loaded.',
  runsLoadFailed: 'The runs could not be loaded.',
  runLoadFailed: 'The run could not be loaded.',
  recordingFailed: 'The recording could not be loaded.',
} as const;
