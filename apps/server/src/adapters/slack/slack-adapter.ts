import type { WebhookAdapter, WebhookResponse } from '../http/webhook-adapter.ts';

/** Slack through an incoming-webhook URL: a JSON { text } posted (or put) to it. */
export interface SlackAdapter {
  post(url: string, method: 'post' | 'put', text: string): Promise<WebhookResponse>;
}

/** Slack on the shared HTTP adapter (same time-outs and retries as webhooks). */
export function createSlackAdapter(http: WebhookAdapter): SlackAdapter {
  return {
    post: (url, method, text) =>
      http.send({
        url,
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      }),
  };
}
