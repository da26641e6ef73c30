import { setPriority } from 'node:os';
import sharp from 'sharp';
import { runEngineOperation } from './index';

// This module runs only inside the pool's worker threads. The pool already uses every core but one,
// so each operation gets one libvips thread instead of one per core: renders do not crowd out the
// event loop's core. On Linux nice values are per thread, so this thread also yields to requests
// (elsewhere setpriority would renice the whole server process, so it is left alone).
sharp.concurrency(1);
if (process.platform === 'linux') {
  try {
    setPriority(0, 10);
  } catch {
    // Not permitted in some containers: the pool still works at normal priority.
  }
}
import { EngineInputError, type EngineOperation, type EngineOutput } from '../contract/engine-operations';

/**
 * What crosses back from a worker thread. Errors are flattened on purpose: structured clone keeps an
 * Error's message but not its class, and the job pipeline must tell an input failure (fail at once,
 * refund) from a machine failure (retry).
 */
export type PoolResult = { ok: true; output: EngineOutput } | { ok: false; inputError?: EngineInputError['code']; message: string };

export async function runSerialized(op: EngineOperation): Promise<PoolResult> {
  try {
    return { ok: true, output: await runEngineOperation(op) };
  } catch (error) {
    if (error instanceof EngineInputError) return { ok: false, inputError: error.code, message: error.message };
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
