import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import { EngineInputError, type EngineOperation, type EngineOutput } from './operations';
import type { PoolResult } from './pool-task';

export interface EnginePool {
  run(op: EngineOperation): Promise<EngineOutput>;
  /** Threads the pool may use (fixed at creation). */
  readonly threads: number;
  close(): Promise<void>;
}

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
      // Operations queue when every thread is busy; the job deadline bounds how long that can last.
      maxQueue: 'auto',
    }));
  return {
    threads,
    async run(op) {
      if (closed) throw new Error('engine pool is closed');
      const result = (await start().run(op)) as PoolResult;
      if (result.ok) return { ...result.output, bytes: new Uint8Array(result.output.bytes) };
      if (result.inputError) throw new EngineInputError(result.inputError, result.message);
      throw new Error(result.message);
    },
    async close() {
      closed = true;
      await pool?.destroy();
      pool = undefined;
    },
  };
}
