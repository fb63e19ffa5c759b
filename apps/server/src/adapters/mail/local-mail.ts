import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { MailAdapter } from './mail-adapter.ts';

/** Without SMTP: mails are kept in the mail_outbox table (nothing leaves the machine). */
export function createLocalMailAdapter(db: Db): MailAdapter {
  return {
    kind: 'local',
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ toAddress: message.to, subject: message.subject, body: message.text })
        .returning({ id: mailOutbox.id });
      return {
        response: `No SMTP server configured: kept in the local mail outbox (#${row?.id ?? '?'})`,
        attempts: 1,
      };
    },
    close() {},
  };
}
