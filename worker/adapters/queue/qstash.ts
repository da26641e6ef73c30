import { Client } from '@upstash/qstash';
import type { JobQueue } from '../../ports';

/** Production queue: QStash publishes to our callback URL and retries until it answers 2xx. */
export function createQstashQueue(options: { token: string; baseUrl: string; publicUrl: string }): JobQueue {
  const client = new Client({ token: options.token, baseUrl: options.baseUrl });
  return {
    async publish(message) {
      const result = await client.publishJSON({
        url: new URL(message.path, options.publicUrl).toString(),
        body: message.body,
        retries: message.retries ?? 3,
        ...(message.timeoutSeconds ? { timeout: message.timeoutSeconds } : {}),
      });
      return { messageId: 'messageId' in result ? result.messageId : String(result) };
    },
  };
}
