import type { z } from 'zod';
import { RECORD_COUNT_HEADER } from '@callsight/shared';
import { apiRequestWithHeaders, type RequestOptions } from './api-client.ts';

export interface CountedAnswer<T> {
  data: T;
  /** The total of the list from the recordcount header (spec 001 §7); null when absent. */
  total: number | null;
}

/** A GET whose total travels in the recordcount header. */
export async function getWithCount<S extends z.ZodType>(
  path: string,
  schema: S,
  query: RequestOptions<S>['query'],
  signal?: AbortSignal,
): Promise<CountedAnswer<z.output<S>>> {
  const { data, headers } = await apiRequestWithHeaders(path, { schema, query, signal });
  const header = headers.get(RECORD_COUNT_HEADER);
  const total = header === null || header.trim() === '' ? NaN : Number(header);
  return { data, total: Number.isFinite(total) ? total : null };
}
