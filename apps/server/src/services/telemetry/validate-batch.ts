import type { z } from 'zod';
import {
  ERROR_CODES,
  fieldErrorsOf,
  INGEST_LIMITS,
  INGEST_TEXTS,
  type IngestRejectedItem,
  type IngestResult,
} from '@callsight/shared';
import { AppError, badRequest } from '../../lib/errors.ts';

/** The items of a batch that passed, each with its index in the batch, and the refused ones. */
export interface ValidatedBatch<T> {
  valid: { index: number; value: T }[];
  rejected: IngestRejectedItem[];
}

/** 413 for a batch with more items than allowed (answered before any item is read). */
export function assertBatchSize(count: number, max: number, noun: string) {
  if (count > max)
    throw new AppError(413, ERROR_CODES.tooLarge, INGEST_TEXTS.tooManyItems(count, max, noun));
}

/**
 * Checks each item on its own: a malformed item is refused with its field errors and the rest go
 * on. `timeOf` names the item's time field, refused when more than 24 h ahead of `nowMs`.
 * `plain`, when given, recognises items that are valid as they are (see isPlainValidSample): they
 * skip the schema; every other item goes through it.
 */
export function validateBatch<S extends z.ZodType>(
  items: readonly unknown[],
  schema: S,
  timeOf: (item: z.output<S>) => { field: string; ms: number },
  nowMs: number,
  plain?: (item: unknown) => item is z.output<S>,
): ValidatedBatch<z.output<S>> {
  const valid: { index: number; value: z.output<S> }[] = [];
  const rejected: IngestRejectedItem[] = [];
  const latest = nowMs + INGEST_LIMITS.maxFutureSkewMs;
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    let value: z.output<S>;
    if (plain?.(item)) {
      value = item;
    } else {
      const parsed = schema.safeParse(item);
      if (!parsed.success) {
        rejected.push({ index, fields: fieldErrorsOf(parsed.error) });
        continue;
      }
      value = parsed.data;
    }
    const time = timeOf(value);
    if (time.ms > latest) {
      rejected.push({ index, fields: { [time.field]: INGEST_TEXTS.futureTime } });
      continue;
    }
    valid.push({ index, value });
  }
  return { valid, rejected };
}

/**
 * 400 when a non-empty batch had no valid item: the error names the fields as `<key>.<index>.<path>`
 * (the first items only), like any body validation error.
 */
export function assertSomethingValid(batch: ValidatedBatch<unknown>, total: number, key: string) {
  if (total === 0 || batch.valid.length > 0) return;
  const fields: Record<string, string> = {};
  for (const item of batch.rejected.slice(0, 100)) {
    for (const [path, message] of Object.entries(item.fields))
      fields[`${key}.${item.index}.${path}`] = message;
  }
  throw badRequest(INGEST_TEXTS.allRejected(total, key), fields);
}

/** The answer of an ingestion call. */
export function ingestResult(
  accepted: number,
  duplicates: number,
  rejected: readonly IngestRejectedItem[],
): IngestResult {
  return {
    accepted,
    duplicates,
    rejectedCount: rejected.length,
    rejected: rejected.slice(0, INGEST_LIMITS.maxRejectedListed),
  };
}
