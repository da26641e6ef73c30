import type { Mailer } from '../../ports';

/**
 * Resend's REST API (https://resend.com/docs/api-reference/emails/send-email) over fetch, so it runs
 * on Workers and Node alike. `baseUrl` is configurable so tests talk to a local fake server.
 */
export function createResendMailer(options: { apiKey: string; from: string; baseUrl: string; fetch?: typeof fetch }): Mailer {
  const doFetch = options.fetch ?? fetch;
  return {
    async send(message) {
      const response = await doFetch(new URL('/emails', options.baseUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: options.from, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new Error(`Resend refused the e-mail (${response.status}): ${detail.slice(0, 300)}`);
      }
    },
  };
}
