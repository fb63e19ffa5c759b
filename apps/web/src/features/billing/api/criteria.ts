import type { BillingCriteria, TimeRange } from '@callsight/shared';

/** The browser's IANA time zone; days and months of the criteria are counted in it. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The billing criteria of a picked range: relative ends as they are (the server resolves them
 * at request time), absolute ones as ISO instants, with the browser's time zone.
 */
export function toBillingCriteria(range: TimeRange, timezone = browserTimeZone()): BillingCriteria {
  return { fromTime: range.from, toTime: range.to, timezone };
}

/** Spec 001 §9: a group with no region is billed in Australia. */
export const DEFAULT_BILLING_REGION = 'ap-southeast-2';
