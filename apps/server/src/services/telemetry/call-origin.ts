import type { CallSummaryRow } from './call-summaries.ts';

/**
 * Where a batch of calls comes from, said by the server, never by the payload (the ingest
 * route passes none): `synthetic` for our own test calls (the synthetic results path: a GSM
 * monitor's or heartbeat test's agent leg). A call once marked stays marked (issue 33).
 */
export interface CallOrigin {
  synthetic?: boolean;
}

/** Marks the row as our own test call when the batch is (a collector's summary never unmarks it). */
export function applyOrigin(row: CallSummaryRow, origin: CallOrigin): void {
  if (origin.synthetic) row.synthetic = true;
}
