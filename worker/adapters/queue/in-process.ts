import type { JobQueue, Logger } from '../../ports';
import { signLikeQstash } from '../../lib/qstash-signature';

export interface InProcessQueueOptions {
  /** Base URL the callbacks are addressed to (the signature covers the full URL, as with QStash). */
  publicUrl: string;
  signingKey: string;
  /** Delivers a request to the app, normally `app.fetch`; no network hop. */
  deliver: (request: Request) => Promise<Response>;
  log: Logger;
  /** Workers only: keeps the isolate alive until delivery ends (`ctx.waitUntil`). */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** Delay before retry n (1-based); QStash backs off exponentially, so do we. */
  backoffMs?: (attempt: number) => number;
}

/**
 * Embedded stand-in for QStash: at-least-once delivery of signed POSTs to the app's own callback
 * routes, retried on any non-2xx answer. `drain()` lets tests and shutdown wait for in-flight jobs.
 */
export function createInProcessQueue(options: InProcessQueueOptions): JobQueue & { drain(): Promise<void> } {
  const inFlight = new Set<Promise<void>>();
  const backoff = options.backoffMs ?? ((attempt) => Math.min(250 * 2 ** (attempt - 1), 10_000));

  async function deliverWithRetries(messageId: string, url: string, body: string, retries: number, delayMs: number) {
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, backoff(attempt)));
      try {
        const signature = await signLikeQstash({ url, body, signingKey: options.signingKey });
        const response = await options.deliver(
          new Request(url, {
            method: 'POST',
            body,
            headers: {
              'content-type': 'application/json',
              'upstash-signature': signature,
              'upstash-message-id': messageId,
              'upstash-retried': String(attempt),
            },
          }),
        );
        if (response.ok) return;
        options.log.warn('job delivery answered non-2xx', { messageId, url, status: response.status, attempt });
      } catch (error) {
        options.log.warn('job delivery failed', { messageId, url, attempt, error: String(error) });
      }
    }
    options.log.error('job delivery gave up', { messageId, url });
  }

  return {
    async publish(message) {
      const messageId = `msg_${crypto.randomUUID()}`;
      const url = new URL(message.path, options.publicUrl).toString();
      const delayMs = (message.delaySeconds ?? 0) * 1000;
      const task = deliverWithRetries(messageId, url, JSON.stringify(message.body), message.retries ?? 3, delayMs).finally(() =>
        inFlight.delete(task),
      );
      inFlight.add(task);
      options.waitUntil?.(task);
      return { messageId };
    },
    async drain() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
