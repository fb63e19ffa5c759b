import {
  BatchMeterUsageCommand,
  MarketplaceMeteringClient,
  MarketplaceMeteringServiceException,
} from '@aws-sdk/client-marketplace-metering';
import {
  chunks,
  METERING_BATCH_SIZE,
  truncateToHour,
  usageRecordKey,
  type BatchMeterUsageResult,
  type MeteringAdapter,
  type UsageRecordInput,
} from './metering-adapter.ts';

export interface AwsMeteringOptions {
  /** AWS Marketplace Metering's region (SaaS products meter in us-east-1). */
  region: string;
  /** Static credentials; when absent the SDK's default chain (instance role, profile) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Another endpoint (tests, LocalStack). */
  endpoint?: string;
  requestTimeoutMs?: number;
  /** Attempts per call by the SDK (its retries of throttling and 5xx); the billing job retries hourly too. */
  maxAttempts?: number;
}

/** An SDK failure in words for the audit log: the AWS error name and message, or the network error. */
export function meteringFailureReason(err: unknown): string {
  if (err instanceof MarketplaceMeteringServiceException) {
    const status = err.$metadata.httpStatusCode;
    return `${err.name}: ${err.message}${status ? ` (HTTP ${status})` : ''}`;
  }
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/** AWS Marketplace Metering's BatchMeterUsage through the official SDK v3, 25 records per call. */
export function createAwsMeteringAdapter(opts: AwsMeteringOptions): MeteringAdapter {
  const client = new MarketplaceMeteringClient({
    region: opts.region,
    maxAttempts: opts.maxAttempts ?? 3,
    requestHandler: { connectionTimeout: 3000, requestTimeout: opts.requestTimeoutMs ?? 10_000 },
    ...(opts.credentials ? { credentials: opts.credentials } : {}),
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
  });

  async function sendChunk(
    productCode: string,
    records: UsageRecordInput[],
  ): Promise<BatchMeterUsageResult> {
    try {
      const out = await client.send(
        new BatchMeterUsageCommand({
          ProductCode: productCode,
          UsageRecords: records.map((r) => ({
            CustomerIdentifier: r.customerIdentifier,
            Dimension: r.dimension,
            Quantity: r.quantity,
            Timestamp: r.timestamp,
          })),
        }),
      );
      const byKey = new Map(records.map((r) => [usageRecordKey(r), r]));
      const results: BatchMeterUsageResult['results'] = [];
      for (const result of out.Results ?? []) {
        const u = result.UsageRecord;
        const sent =
          u?.CustomerIdentifier && u.Dimension && u.Timestamp
            ? byKey.get(
                usageRecordKey({
                  customerIdentifier: u.CustomerIdentifier,
                  dimension: u.Dimension,
                  timestamp: u.Timestamp,
                }),
              )
            : undefined;
        if (!sent) continue;
        byKey.delete(usageRecordKey(sent));
        results.push({
          ...sent,
          status: result.Status ?? 'Unknown',
          ...(result.MeteringRecordId ? { meteringRecordId: result.MeteringRecordId } : {}),
        });
      }
      // Listed as unprocessed, or not answered at all: both are to be sent again.
      const unprocessed = [...byKey.values()].map((r) => ({
        ...r,
        reason: 'Unprocessed by AWS Marketplace Metering (to be retried)',
      }));
      return { results, unprocessed };
    } catch (err) {
      const reason = meteringFailureReason(err);
      return { results: [], unprocessed: records.map((r) => ({ ...r, reason })) };
    }
  }

  return {
    provider: 'aws-marketplace',
    name: `AWS Marketplace Metering (${opts.region}${opts.endpoint ? `, ${opts.endpoint}` : ''})`,
    async batchMeterUsage(productCode, records) {
      const hourly = records.map((r) => ({ ...r, timestamp: truncateToHour(r.timestamp) }));
      const out: BatchMeterUsageResult = { results: [], unprocessed: [] };
      for (const part of chunks(hourly, METERING_BATCH_SIZE)) {
        const answer = await sendChunk(productCode, part);
        out.results.push(...answer.results);
        out.unprocessed.push(...answer.unprocessed);
      }
      return out;
    },
  };
}
