import { Client } from '@upstash/qstash';
import type { JobQueue } from '../../ports';

/**
 * Production queue: QStash publishes to our callback URL and retries until it answers 2xx. Engine
 * jobs carry a flow-control key, so QStash itself holds them until the fleet has a free slot.
 */
export function createQstashQueue(options: { token: string; baseUrl: string; publicUrl: string }): JobQueue {
  const client = new Client({ token: options.token, baseUrl: options.baseUrl });
  return {
    async publish(message) {
      const result = await client.publishJSON({
        url: new URL(message.path, options.publicUrl).toString(),
        body: message.body,
        retries: message.retries ?? 3,
        ...(message.timeoutSeconds ? { timeout: message.timeoutSeconds } : {}),
        ...(message.delaySeconds ? { delay: message.delaySeconds } : {}),
        ...(message.flowControl ? { flowControl: message.flowControl } : {}),
      });
      return { messageId: 'messageId' in result ? result.messageId : String(result) };
    },
  };
}
