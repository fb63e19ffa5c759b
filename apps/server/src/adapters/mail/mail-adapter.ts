/** One e-mail of a workflow action. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail: SMTP when configured, otherwise the local outbox table. */
export interface MailAdapter {
  readonly kind: 'smtp' | 'local';
  /** Answers what the server said (or where the mail was kept) and the attempts made. */
  send(message: MailMessage): Promise<{ response: string; attempts: number }>;
  close(): void;
}
