import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createLocalMailAdapter } from './local-mail.ts';
import { createSmtpMailAdapter } from './smtp-mail.ts';
import type { MailAdapter } from './mail-adapter.ts';

export * from './mail-adapter.ts';

/** SMTP when SMTP_URL is set, otherwise the local outbox. */
export function createMailAdapter(config: AppConfig, db: Db): MailAdapter {
  if (!config.SMTP_URL) return createLocalMailAdapter(db);
  return createSmtpMailAdapter({
    url: config.SMTP_URL,
    from: config.SMTP_FROM,
    timeoutMs: config.WORKFLOW_ACTION_TIMEOUT_MS,
    retry: { attempts: config.WORKFLOW_ACTION_MAX_ATTEMPTS, backoffMs: 500 },
  });
}
