/** API keys (spec 000 §2.5 API Management). */
export const API_KEY = {
  /** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
  prefix: 'cs_',
  /** Characters of the key kept in clear (prefix included) to show a masked key in the table. */
  visibleLength: 7,
  /** "Last used" is written at most this often per key, so busy ingestion writes rarely. */
  lastUsedWriteIntervalMs: 60_000,
  nameMaxLength: 100,
} as const;

/** Texts of spec 000 §2.5, §7 and §8 for API Management, letter for letter. */
export const API_TOKEN_TEXTS = {
  title: 'API Management',
  createButton: 'Create New Key',
  emptyState: "Create an API key to access the product's API",
  never: 'Never',
  copied: 'Copied!',
  created: 'API token created successfully',
  createFailed: 'Failed to create API token',
  revoked: 'API token revoked successfully',
  revokeFailed: 'Failed to revoke API token',
  fetchFailed: 'Failed to fetch api tokens',
  missingKey: 'API key required: send Authorization: Bearer <API key>',
  invalidKey: 'Invalid API key',
  revokedKey: 'This API key has been revoked',
  otherGroup: 'This API key belongs to another group.',
  archivedGroup: "This API key's group is archived.",
  // Not in the spec: the answer while the group's "API access" setting is off.
  accessDisabled: 'API access is turned off for this group.',
} as const;

/** The table's view of a key: its clear prefix followed by a fixed mask. */
export function maskApiKey(visiblePrefix: string): string {
  return `${visiblePrefix}${'•'.repeat(12)}`;
}
