/** The list filters of an insights page, by their URL parameter. */
export type InsightFilterKey = 'regions' | 'agentRegions' | 'agentType' | 'number';
export type InsightFilters = Partial<Record<InsightFilterKey, readonly string[]>>;

/** The jobs query parameter of each filter (spec 002 §7.1 criteria). */
const QUERY_PARAM: Record<InsightFilterKey, string> = {
  regions: 'connectRegions',
  agentRegions: 'agentRegions',
  agentType: 'agentType',
  number: 'targetPhoneNumber',
};

/**
 * A target phone number as typed (spec 002 §5): a leading space is a '+' that a URL query turned
 * into a space, so ' 61290002000' is '+61290002000'.
 */
export function normalizeTargetNumber(text: string): string {
  return text.startsWith(' ') ? `+${text.trim()}` : text.trim();
}

/** The filters as query parameters of GET …/jobs and …/jobs/stats (lists comma-joined). */
export function filterQuery(filters: InsightFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, values] of Object.entries(filters) as [InsightFilterKey, string[]][])
    if (values.length) query[QUERY_PARAM[key]] = values.join(',');
  return query;
}
