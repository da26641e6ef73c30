/** The mailer port: dev-mailbox.ts (embedded), resend.ts (production). */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Embedded mode only: lets the dev mailbox route and e2e tests read what was "sent". */
export interface DevMailbox extends Mailer {
  list(email: string): (MailMessage & { sentAt: string })[];
}
