import type { DevMailbox, Logger, MailMessage } from '../../ports';

const KEEP_PER_ADDRESS = 20;

/**
 * Embedded mode's mailer: keeps the last messages per address in memory (read through
 * `GET /api/dev/mailbox`) and prints them, so sign-in works with no mail account at all.
 */
export function createDevMailbox(log: Logger): DevMailbox {
  const boxes = new Map<string, (MailMessage & { sentAt: string })[]>();
  return {
    async send(message) {
      const to = message.to.toLowerCase();
      const box = boxes.get(to) ?? [];
      box.unshift({ ...message, to, sentAt: new Date().toISOString() });
      boxes.set(to, box.slice(0, KEEP_PER_ADDRESS));
      log.info(`[dev mailbox] to ${to}: ${message.subject}`);
    },
    list: (email) => boxes.get(email.toLowerCase()) ?? [],
  };
}
