/** One usage record as a marketplace meters it: a customer's quantity of a dimension in an hour. */
export interface UsageRecordInput {
  /** The marketplace's customer identifier (our subscription's customer code). */
  customerIdentifier: string;
  dimension: string;
  quantity: number;
  /** Truncated to the hour before sending: a record is idempotent per customer, dimension and hour. */
  timestamp: Date;
}

/** The marketplace's answer for one record (AWS UsageRecordResult status, or another it adds). */
export type UsageRecordStatus = 'Success' | 'CustomerNotSubscribed' | 'DuplicateRecord' | string;

export interface UsageRecordResult {
  customerIdentifier: string;
  dimension: string;
  timestamp: Date;
  quantity: number;
  status: UsageRecordStatus;
  meteringRecordId?: string;
}

/** A record the marketplace did not process (its own error, a refused or failed call): retry it. */
export interface UnprocessedUsageRecord extends UsageRecordInput {
  /** Why, in the marketplace's words ("ThrottlingException: Rate exceeded", "HTTP 500 ..."). */
  reason: string;
}

export interface BatchMeterUsageResult {
  results: UsageRecordResult[];
  unprocessed: UnprocessedUsageRecord[];
}

/** Where usage is sent: AWS Marketplace Metering when configured, else the built-in local one. */
export interface MeteringAdapter {
  /** The billing audit log's provider. */
  readonly provider: 'aws-marketplace' | 'local';
  /** For logs and operators: which service and region. */
  readonly name: string;
  /**
   * Sends usage records of one product, 25 per call. Never throws for the marketplace's
   * refusals or failures: records of a failed call come back in `unprocessed` with the reason.
   */
  batchMeterUsage(
    productCode: string,
    records: readonly UsageRecordInput[],
  ): Promise<BatchMeterUsageResult>;
}

/** BatchMeterUsage takes at most this many records per call. */
export const METERING_BATCH_SIZE = 25;

/** The start of the UTC hour of an instant: the marketplace's unit of idempotency. */
export function truncateToHour(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / 3_600_000) * 3_600_000);
}

/** The record's identity at the marketplace: customer, dimension and hour. */
export function usageRecordKey(r: {
  customerIdentifier: string;
  dimension: string;
  timestamp: Date;
}): string {
  return `${r.customerIdentifier}\u0000${r.dimension}\u0000${truncateToHour(r.timestamp).toISOString()}`;
}

/** `items` in slices of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
