import nodemailer from 'nodemailer';
import { PermanentError, withRetries, type RetryPolicy } from '../http/retry.ts';
import type { MailAdapter } from './mail-adapter.ts';

/** SMTP through nodemailer; each attempt is bounded by the time-out; 5xx answers are not retried. */
export function createSmtpMailAdapter(opts: {
  url: string;
  from: string;
  timeoutMs: number;
  retry: RetryPolicy;
}): MailAdapter {
  const transport = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: opts.timeoutMs,
    greetingTimeout: opts.timeoutMs,
    socketTimeout: opts.timeoutMs,
  });
  return {
    kind: 'smtp',
    async send(message) {
      const { value, attempts } = await withRetries(opts.retry, async () => {
        try {
          const info = await transport.sendMail({
            from: opts.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
          });
          return info.response;
        } catch (err) {
          const code = (err as { responseCode?: unknown }).responseCode;
          const text = err instanceof Error ? err.message : String(err);
          // 5xx: the server refuses this mail for good (unknown mailbox, policy).
          if (typeof code === 'number' && code >= 500)
            throw new PermanentError(text, { cause: err });
          throw new Error(text, { cause: err });
        }
      });
      return { response: value, attempts };
    },
    close: () => transport.close(),
  };
}
