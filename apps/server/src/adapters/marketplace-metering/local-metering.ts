import { createHash } from 'node:crypto';
import {
  truncateToHour,
  usageRecordKey,
  type MeteringAdapter,
  type UsageRecordInput,
} from './metering-adapter.ts';

/** A record the local marketplace accepted. */
export interface LocalMeteredRecord extends UsageRecordInput {
  productCode: string;
  meteringRecordId: string;
  receivedAt: Date;
}

export interface LocalMeteringAdapter extends MeteringAdapter {
  /** What was metered in this process, oldest first (for tests and operators). */
  readonly metered: readonly LocalMeteredRecord[];
}

/**
 * The built-in marketplace for installs without AWS Marketplace: keeps what it is sent in memory
 * (and logs it), and answers like AWS: Success with a record id derived from product, customer,
 * dimension and hour; the same record again is Success with the same id, another quantity for
 * that hour is DuplicateRecord. The billing run's own rows and audit log are the durable record.
 */
export function createLocalMeteringAdapter(
  log?: { info(obj: object, msg: string): void } | null,
): LocalMeteringAdapter {
  const metered: LocalMeteredRecord[] = [];
  const byKey = new Map<string, LocalMeteredRecord>();
  return {
    provider: 'local',
    name: 'Local metering (in memory)',
    metered,
    async batchMeterUsage(productCode, records) {
      const results = records.map((input) => {
        const r = { ...input, timestamp: truncateToHour(input.timestamp) };
        const key = `${productCode}\u0000${usageRecordKey(r)}`;
        const before = byKey.get(key);
        if (before) {
          return before.quantity === r.quantity
            ? { ...r, status: 'Success', meteringRecordId: before.meteringRecordId }
            : { ...r, status: 'DuplicateRecord' };
        }
        const meteringRecordId = `local-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
        const row = { ...r, productCode, meteringRecordId, receivedAt: new Date() };
        byKey.set(key, row);
        metered.push(row);
        log?.info(
          {
            productCode,
            customerIdentifier: r.customerIdentifier,
            dimension: r.dimension,
            quantity: r.quantity,
            timestamp: r.timestamp.toISOString(),
            meteringRecordId,
          },
          'usage metered locally',
        );
        return { ...r, status: 'Success', meteringRecordId };
      });
      return { results, unprocessed: [] };
    },
  };
}
