import type { JobQueue } from '../ports';
import type { JobContext } from './kind';
import { JOB_CALLBACK_PATH, type RunOptions, runClaimedJob } from './pipeline';
import { claimNextJob } from '../services/generation/job-queue';

export interface JobDispatcherOptions extends RunOptions {
  /** Jobs this process runs at once: the engine pool's threads. */
  slots: number;
  /** How often to look for work nobody announced: another process's jobs, a crashed run, a delay that ran out. */
  pollMs?: number;
}

export interface JobDispatcher {
  /**
   * Something may be claimable (a job was queued, a slot freed); `delaySeconds` for a job that waits
   * on purpose. Resolves once an immediate wake's claims are made.
   */
  wake(delaySeconds?: number): Promise<void>;
  /** Resolves when nothing this process can start is waiting and nothing it started is running (tests, shutdown). */
  drain(): Promise<void>;
  /** Stops claiming and waits for the running jobs. */
  close(): Promise<void>;
}

/**
 * The embedded queue's runner: claims waiting jobs from the database in fair order
 * (services/generation/job-queue.ts) while it has free slots, and runs them. Nothing lives only in
 * memory: a job is a row from the moment it is paid for, so a restart (or a second process on the
 * same PostgreSQL) picks up whatever waits, and a crashed run's lapsed lease makes its job
 * claimable again.
 */
export function createJobDispatcher(ctx: () => JobContext, options: JobDispatcherOptions): JobDispatcher {
  const running = new Set<Promise<unknown>>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let filling: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function fill() {
    while (!closed && running.size < options.slots) {
      const deps = ctx();
      const job = await claimNextJob(deps);
      if (!job) return;
      const run = runClaimedJob(deps, job, options)
        .catch((error) => deps.log.error('job run failed unexpectedly', { jobId: job.id, error: String(error) }))
        .finally(() => {
          running.delete(run);
          void wake();
        });
      running.add(run);
    }
  }

  /** One fill at a time; a wake during a fill runs another fill after it, so no signal is lost. */
  function schedule(): Promise<void> {
    if (filling) {
      again = true;
      return filling;
    }
    filling = fill()
      .catch((error) => ctx().log.error('job dispatcher could not claim', { error: String(error) }))
      .finally(() => {
        filling = undefined;
        if (again && !closed) {
          again = false;
          void schedule();
        }
      });
    return filling;
  }

  async function wake(delaySeconds = 0) {
    if (closed) return;
    if (delaySeconds <= 0) return schedule();
    const timer = setTimeout(() => {
      timers.delete(timer);
      void schedule();
    }, delaySeconds * 1000);
    timers.add(timer);
  }

  const poll = setInterval(() => void schedule(), options.pollMs ?? 2000);
  // The poll alone must not keep a process (or a test worker) alive.
  (poll as { unref?: () => void }).unref?.();

  return {
    wake,
    async drain() {
      for (;;) {
        if (filling) {
          await filling;
          continue;
        }
        // A fill of our own: nothing claimable is left when it starts nothing and no wake came meanwhile.
        await schedule();
        if (running.size === 0 && !filling) return;
        if (running.size) await Promise.race(running);
      }
    },
    async close() {
      closed = true;
      clearInterval(poll);
      for (const timer of timers) clearTimeout(timer);
      await filling;
      await Promise.all(running);
    },
  };
}

/**
 * The embedded JobQueue: engine jobs are already rows in the queue, so publishing one only wakes
 * the dispatcher; every other message (the data export) goes to the in-process delivery.
 */
export function dispatchingQueue(dispatcher: JobDispatcher, others: JobQueue): JobQueue {
  return {
    async publish(message) {
      if (message.path !== JOB_CALLBACK_PATH) return others.publish(message);
      // Waits for the claim, so the start answer already says whether the job runs or waits.
      await dispatcher.wake(message.delaySeconds);
      return { messageId: `wake_${crypto.randomUUID()}` };
    },
  };
}
