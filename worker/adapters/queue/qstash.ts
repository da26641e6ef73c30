import type { JobQueue } from '../../ports';

/**
 * Production queue: QStash publishes to our callback URL and retries until it answers 2xx. Engine
 * jobs carry a flow-control key, so QStash itself holds them until the fleet has a free slot.
 *
 * One call of QStash's REST API (`POST /v2/publish/<destination>` with `Upstash-*` headers), made
 * with fetch: the `@upstash/qstash` client and its `neverthrow` came to ≈ 40 KB minified in the
 * request Worker for this one request.
 */
export function createQstashQueue(options: { token: string; baseUrl: string; publicUrl: string }): JobQueue {
  return {
    async publish(message) {
      const destination = new URL(message.path, options.publicUrl).toString();
      const headers: Record<string, string> = {
        authorization: `Bearer ${options.token}`,
        'content-type': 'application/json',
        'upstash-retries': String(message.retries ?? 3),
      };
      if (message.timeoutSeconds) headers['upstash-timeout'] = `${message.timeoutSeconds}s`;
      if (message.delaySeconds) headers['upstash-delay'] = `${message.delaySeconds}s`;
      if (message.flowControl) {
        headers['upstash-flow-control-key'] = message.flowControl.key;
        headers['upstash-flow-control-value'] = `parallelism=${message.flowControl.parallelism}`;
      }
      const response = await fetch(`${options.baseUrl.replace(/\/+$/, '')}/v2/publish/${destination}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(message.body),
      });
      const answer = (await response.json().catch(() => ({}))) as { messageId?: unknown; error?: unknown };
      if (!response.ok || typeof answer.messageId !== 'string')
        throw new Error(
          `QStash refused the publish (${response.status}): ${typeof answer.error === 'string' ? answer.error : 'no message id'}`,
        );
      return { messageId: answer.messageId };
    },
  };
}
