/** Campaign types (spec 001 §3): only Full Load can be chosen today. */
export const CAMPAIGN_TYPES = [
  { value: 'fullload', label: 'Full Load', enabled: true },
  { value: 'avalanche', label: 'Avalanche', enabled: false },
  { value: 'ramp', label: 'Ramp', enabled: false },
  { value: 'soak', label: 'Soak', enabled: false },
] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number]['value'];
export const CAMPAIGN_TYPE_VALUES = CAMPAIGN_TYPES.map((t) => t.value) as [
  CampaignType,
  ...CampaignType[],
];
export const ENABLED_CAMPAIGN_TYPES: readonly CampaignType[] = CAMPAIGN_TYPES.filter(
  (t) => t.enabled,
).map((t) => t.value);

/** Limits of spec 001 §5 and §9, and our upload cap (issue 17). */
export const CAMPAIGN_LIMITS = {
  /** Approval is needed above these (spec 001 §9). */
  approvalTotalCalls: 300,
  approvalCallsPerSecond: 6,
  minimumDurationFactor: 1.5,
  /** A "To" number: a plus sign and 9 to 12 digits. */
  toNumberPattern: /^\+\d{9,12}$/,
  /** answerTreatmentData: one CSV file of at most 10 MB (issue 17). */
  maxUploadBytes: 10 * 1024 * 1024,
  nameMaxLength: 200,
  descriptionMaxLength: 2000,
  tagMaxLength: 100,
  maxTags: 50,
  answerTreatmentMaxLength: 1000,
  /** Sanity bounds of the numbers (not in the spec; decision C-limits). */
  maxTotalCalls: 100_000,
  maxSeconds: 86_400,
  callLogPollMs: 2000,
  chartBucketMs: 1000,
} as const;

/** Texts of spec 001 §5 and §8, letter for letter; the others are ours (marked). */
export const CAMPAIGN_TEXTS = {
  typeRequired: 'Please select the Campaign Type.',
  nameRequired: 'Please enter a Campaign Name.',
  fromNumberRequired: 'Please select/enter the From Number.',
  invalidPhoneNumber: 'Invalid phone number',
  invalidDetails: 'Please enter valid campaign details.',
  cpsLimit: (n: number) => `CPS limit is ${n}`,
  minimumValue: (n: number) => `Minimum value is ${n}`,
  reviewData: 'Please review your campaign data.',
  invalidAnswerTreatment: 'Please enter valid answer treatment',
  runDescriptionRequired: 'Please enter the run description to continue.',
  approvalRequired:
    'Please tick the approval checkbox to confirm you have the approval to run this campaign.',
  nameNotUnique: 'Campaign name must be unique',
  created: 'Campaign created successfully.',
  started: 'Campaign started successfully.',
  createFailed: 'An error occurred while creating the campaign',
  configurationFailed: 'An error occurred while receiving group configuration.',
  startFailed: 'An error occurred while starting the Campaign.',
  deleteFailed: 'An error occurred while deleting the Campaign.',
  deleteTitle: 'Delete Campaign',
  deleteQuestion: 'Are you sure you want to delete this Campaign?',
  stopTitle: 'Cancel/Stop Campaign Run',
  stopQuestion: 'Are you sure you want to stop this Campaign Run?',
  emptyTable: 'Sorry, no matching records found',
  // Ours (not in the spec):
  notFound: 'Campaign not found',
  runNotFound: 'Campaign run not found',
  hasRuns: 'Campaigns with runs cannot be deleted; open its History instead',
  runLive: 'A run in progress cannot be deleted; stop it first',
  notEnabled: 'Simulate is not enabled for this group',
  toNumberNotAllowed: 'This number is not one of the allowlisted "To" numbers',
  noToNumbers:
    'No "To" number to call: give the campaign one, or allowlist numbers in the Simulate settings',
  stopSent: 'A request to stop the run was sent.',
  notLive: 'This run is not in progress',
  recordingNotFound: 'This call has no recording',
  fileTooLarge: (mb: number) => `The CSV file may be at most ${mb} MB`,
  oneFileOnly: 'Upload accepts one .csv file only',
} as const;
