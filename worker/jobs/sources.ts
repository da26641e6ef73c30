import { EngineError } from '../services/generation/engine';
import type { JobContext } from './kind';

/** A job's uploaded input, read back from blob storage. A missing file cannot come back: no retry. */
export async function readSource(ctx: Pick<JobContext, 'blobs'>, key: string): Promise<{ bytes: Uint8Array; contentType: string }> {
  const blob = await ctx.blobs.get(key);
  if (!blob) throw new EngineError('source image not found', false);
  return { bytes: new Uint8Array(await new Response(blob.body).arrayBuffer()), contentType: blob.contentType };
}

/** The offline engine, or a non-retryable failure when this deployment has none (config changed under a job). */
export function offlineEngine(ctx: Pick<JobContext, 'images'>) {
  if (!ctx.images.offline) throw new EngineError('the offline image engine is not configured', false);
  return ctx.images.offline;
}
