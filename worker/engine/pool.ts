import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import { EngineBusyError, EngineInputError, type EngineOperation, type EngineOutput } from '../contract/engine-operations';
import type { PoolResult } from './pool-task';
import type { TextToImagePreflight, TextToImagePreflightInput } from '../contract/image-preflight';

export interface EnginePool {
  /** Runs an operation on a free thread, or waits in the pool's short queue; a full queue throws EngineBusyError. */
  run(op: EngineOperation): Promise<EngineOutput>;
  /**
   * The text-to-image preflight, on the calling thread: it draws nothing (a few milliseconds), so it
   * does not wait behind renders for a worker thread. The renderer's modules load on the first call.
   */
  preflight(input: TextToImagePreflightInput): Promise<TextToImagePreflight>;
  /** Threads the pool may use (fixed at creation). */
  readonly threads: number;
  /** Operations running or queued right now. */
  readonly pending: number;
  close(): Promise<void>;
}

/**
 * Operations that may wait for a thread, per thread. The job queue hands the pool at most one job
 * per thread, so this room is for the engine service's callers and request-path work (a logo's SVG);
 * past it the pool says busy instead of piling up work that would outlive its callers.
 */
const QUEUE_PER_THREAD = 4;

/**
 * One core stays with the event loop so requests keep flowing while images render; the rest render.
 * Image work is CPU-bound, so more threads than cores only adds memory.
 */
export const defaultEngineThreads = () => Math.max(1, availableParallelism() - 1);

/**
 * The offline engine in worker threads (piscina), so sharp/tfjs work never blocks a request.
 * Threads start on the first operation, not at construction: tests and servers that never render
 * pay nothing. `close()` waits for running operations, then stops the threads.
 */
export function createEnginePool(options: { threads?: number; idleTimeoutMs?: number } = {}): EnginePool {
  const threads = options.threads ?? defaultEngineThreads();
  let pool: Piscina | undefined;
  let closed = false;
  const start = () =>
    (pool ??= new Piscina({
      filename: fileURLToPath(new URL('./pool-worker.mjs', import.meta.url)),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: options.idleTimeoutMs ?? 60_000,
      maxQueue: threads * QUEUE_PER_THREAD,
    }));
  let pending = 0;
  return {
    threads,
    get pending() {
      return pending;
    },
    async run(op) {
      if (closed) throw new Error('engine pool is closed');
      // Checked here rather than by catching piscina's "Task queue is at limit", so busy is never a failure.
      if (pending >= threads * (QUEUE_PER_THREAD + 1))
        throw new EngineBusyError('the engine pool is full', Math.max(1, Math.ceil(pending / threads)) * 5);
      pending++;
      let result: PoolResult;
      try {
        result = (await start().run(op)) as PoolResult;
      } finally {
        pending--;
      }
      if (result.ok) return { ...result.output, bytes: new Uint8Array(result.output.bytes) };
      if (result.inputError) throw new EngineInputError(result.inputError, result.message);
      throw new Error(result.message);
    },
    async preflight(input) {
      return (await import('./render/preflight')).preflightTextToImage(input);
    },
    async close() {
      closed = true;
      await pool?.destroy();
      pool = undefined;
    },
  };
}
