import { PermanentError, withRetries, type RetryPolicy } from './retry.ts';

/** One outgoing HTTP call of a workflow action (webhook, Slack). */
export interface WebhookRequest {
  url: string;
  method: 'post' | 'put';
  headers: Record<string, string>;
  body: string;
}

/** What the receiver answered, as recorded in the action history. */
export interface WebhookResponse {
  status: number;
  body: string;
  attempts: number;
}

/** Sends workflow HTTP calls; `send` throws (with `attempts`) when every attempt failed. */
export interface WebhookAdapter {
  send(request: WebhookRequest): Promise<WebhookResponse>;
}

const RESPONSE_TEXT_MAX = 1000;

/**
 * The HTTP adapter on fetch: each attempt has its own time-out; network failures, time-outs,
 * 429 and 5xx answers are retried, other 4xx answers are not.
 */
export function createWebhookAdapter(opts: {
  timeoutMs: number;
  retry: RetryPolicy;
}): WebhookAdapter {
  return {
    async send(request) {
      const { value, attempts } = await withRetries(opts.retry, async () => {
        let res: Response;
        try {
          res = await fetch(request.url, {
            method: request.method.toUpperCase(),
            headers: request.headers,
            body: request.body,
            redirect: 'manual',
            signal: AbortSignal.timeout(opts.timeoutMs),
          });
        } catch (err) {
          const cause =
            err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
          const timedOut = err instanceof Error && err.name === 'TimeoutError';
          throw new Error(
            timedOut
              ? `No answer within ${opts.timeoutMs} ms`
              : `${err instanceof Error ? err.message : String(err)}${cause}`,
            { cause: err },
          );
        }
        const text = (await res.text().catch(() => '')).slice(0, RESPONSE_TEXT_MAX);
        if (res.status === 429 || res.status >= 500)
          throw new Error(`HTTP ${res.status} ${text}`.trim());
        if (res.status >= 400) throw new PermanentError(`HTTP ${res.status} ${text}`.trim());
        return { status: res.status, body: text };
      });
      return { ...value, attempts };
    },
  };
}
