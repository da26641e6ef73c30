/** The job queue port: in-process.ts (embedded), qstash.ts (production). */

export interface JobMessage {
  /** Path of the callback route under the app, e.g. `/api/jobs/run` (worker/jobs). */
  path: string;
  body: unknown;
  /** Ask the queue to retry a failed delivery up to this many times (QStash `Upstash-Retries`). */
  retries?: number;
  /** How long one delivery may take before the queue gives up on it (QStash `Upstash-Timeout`). */
  timeoutSeconds?: number;
}

export interface JobQueue {
  publish(message: JobMessage): Promise<{ messageId: string }>;
}
