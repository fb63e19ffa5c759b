/** One POST to the ingestion API and what the collector should do about its answer. */

export type PostOutcome =
  /** 200/207: committed; `rejected` items were malformed and are not resent. */
  | { kind: 'stored'; rejectedCount: number; firstRejection: string | null }
  /** 400/422: nothing in the batch can ever be stored. */
  | { kind: 'invalid'; status: number; message: string }
  /** 413: the batch is too large; send it in smaller parts. */
  | { kind: 'too-large'; message: string }
  /** Network failure, 5xx, 401/403, 404, 429 ...: send again later (after Retry-After if given). */
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null; message: string };

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // Not our JSON error shape (a proxy's page): fall back to the status.
  }
  return `HTTP ${response.status}`;
}

/** Posts `body` as JSON with the API key and classifies the answer. */
export async function postBatch(
  fetchImpl: typeof fetch,
  url: string,
  apiKey: string,
  body: unknown,
  now: () => number,
): Promise<PostOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify(body),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      kind: 'retry',
      status: null,
      retryAfterMs: null,
      message: `Network error: ${message}`,
    };
  }

  if (response.status === 200 || response.status === 207) {
    let rejectedCount = 0;
    let firstRejection: string | null = null;
    try {
      const result = (await response.json()) as {
        rejectedCount?: number;
        rejected?: { index: number; fields: Record<string, string> }[];
      };
      rejectedCount = result.rejectedCount ?? 0;
      const first = result.rejected?.[0];
      if (first) {
        const fields = Object.entries(first.fields).map(([k, v]) => `${k}: ${v}`);
        firstRejection = `item ${first.index}: ${fields.join('; ')}`;
      }
    } catch {
      // Stored all the same: the answer body is informative only.
    }
    return { kind: 'stored', rejectedCount, firstRejection };
  }
  const message = await errorMessage(response);
  if (response.status === 400 || response.status === 422) {
    return { kind: 'invalid', status: response.status, message };
  }
  if (response.status === 413) return { kind: 'too-large', message };
  return {
    kind: 'retry',
    status: response.status,
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()),
    message,
  };
}
