/** Texts of the GSM screens that spec 002 does not give (ours); the spec's are SYNTHETIC_TEXTS. */
export const GSM_SCREEN_TEXTS = {
  monitorsTitle: 'GSM Monitors',
  monitorsSubtitle: 'Scheduled test calls over the phone network, from every region you choose.',
  newMonitor: 'New Monitor',
  createMonitorTitle: 'Create Monitor',
  monitorSteps: ['Description', 'Connect Regions', 'Agent Regions', 'Schedule'],
  disableTitle: 'Disable Monitor',
  disableQuestion: 'Are you sure you want to disable this monitor? It will not run again.',
  deleteTitle: 'Delete Monitor',
  deleteQuestion: 'Are you sure you want to delete this monitor?',
  monitorDeleted: 'Monitor deleted successfully.',
  monitorDeleteFailed: 'An error occurred while deleting the monitor.',
  active: 'Active',
  logsTitle: 'GSM Logs',
  logsSubtitle: 'Every run of your GSM monitors.',
  logsLoadFailed: 'An error occurred while retrieving GSM logs.',
  reportTitle: 'GSM Job Report Card',
  contactFlowPlaceholder:
    'The contact flow of this call will be shown here: the path it took through the contact centre.',
  transcription: 'Transcription',
  softphone: 'Softphone',
} as const;
