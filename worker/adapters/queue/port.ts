/** The job queue port: in-process.ts (embedded), qstash.ts (production). */

export interface JobMessage {
  /** Path of the callback route under the app, e.g. `/api/jobs/run` (worker/jobs). */
  path: string;
  body: unknown;
  /** Ask the queue to retry a failed delivery up to this many times (QStash `Upstash-Retries`). */
  retries?: number;
  /** How long one delivery may take before the queue gives up on it (QStash `Upstash-Timeout`). */
  timeoutSeconds?: number;
  /** Deliver no sooner than this (QStash `Upstash-Delay`): a job waiting for capacity asks again later. */
  delaySeconds?: number;
  /**
   * At most `parallelism` messages with this key are delivered at once (QStash flow control): how
   * the engine fleet is handed only as much work as it can run.
   */
  flowControl?: { key: string; parallelism: number };
}

export interface JobQueue {
  publish(message: JobMessage): Promise<{ messageId: string }>;
}
