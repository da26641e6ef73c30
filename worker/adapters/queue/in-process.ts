import type { JobQueue, Logger } from '../../ports';
import { signLikeQstash } from '../../lib/qstash-signature';
import { backoff, retry } from '../../lib/retry';

export interface InProcessQueueOptions {
  /** Base URL the callbacks are addressed to (the signature covers the full URL, as with QStash). */
  publicUrl: string;
  signingKey: string;
  /** Delivers a request to the app, normally `app.fetch`; no network hop. */
  deliver: (request: Request) => Promise<Response>;
  log: Logger;
  /** Workers only: keeps the isolate alive until delivery ends (`ctx.waitUntil`). */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** Delay before retry n (1-based); QStash backs off exponentially, so do we (with jitter, lib/retry.ts). */
  backoffMs?: (attempt: number) => number;
}

/**
 * Embedded stand-in for QStash: at-least-once delivery of signed POSTs to the app's own callback
 * routes, retried on any non-2xx answer. `drain()` lets tests and shutdown wait for in-flight jobs.
 */
export function createInProcessQueue(options: InProcessQueueOptions): JobQueue & { drain(): Promise<void> } {
  const inFlight = new Set<Promise<void>>();
  const retryDelayMs = options.backoffMs ?? backoff({ baseMs: 250, maxMs: 10_000 });

  /** One delivery; a non-2xx answer or a failed call is logged and thrown, so that it is tried again. */
  async function deliverOnce(messageId: string, url: string, body: string, attempt: number) {
    let response: Response;
    try {
      const signature = await signLikeQstash({ url, body, signingKey: options.signingKey });
      response = await options.deliver(
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
    } catch (error) {
      options.log.warn('job delivery failed', { messageId, url, attempt, error: String(error) });
      throw error;
    }
    if (response.ok) return;
    options.log.warn('job delivery answered non-2xx', { messageId, url, status: response.status, attempt });
    throw new Error(`job delivery answered ${response.status}`);
  }

  async function deliverWithRetries(messageId: string, url: string, body: string, retries: number, startMs: number) {
    if (startMs > 0) await new Promise((r) => setTimeout(r, startMs));
    await retry((attempt) => deliverOnce(messageId, url, body, attempt), { retries, delayMs: retryDelayMs }).catch(() =>
      options.log.error('job delivery gave up', { messageId, url }),
    );
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
