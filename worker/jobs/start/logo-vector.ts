import { ServiceError } from '../../contract/errors';
import { EngineBusyError, type ImageEngines } from '../../adapters/images/port';
import { legacyTextOperation } from '../legacy-payloads';
import { textToImageJob } from '../text-to-image';
import type { ServiceContext } from '../../services/context';
import { jobOfCompletedRecord } from '../../services/generation/records';

/**
 * The SVG of a logo. The offline logo generator draws type and an icon, so each of its
 * logos exists as a vector drawing. It is drawn again on request from the job's own input (the
 * brief, size, seed): the generator is deterministic, so this is the drawing the PNG was made from,
 * and nothing more is stored. A logo another engine made (Gemini in production) is a picture only.
 */

/** The job's input when the offline logo generator drew it (and still can), else undefined. */
function offlineLogoInput(images: ImageEngines, job: { kind: string; input: unknown }) {
  if (job.kind !== 'text-to-image' || !images.offline) return undefined;
  const input = textToImageJob.payload.safeParse(job.input);
  if (!input.success || images.forModel(input.data.model)?.name !== 'local') return undefined;
  const operation = input.data.operation ?? legacyTextOperation(input.data);
  return operation.op === 'logo' ? { ...input.data, brief: operation.brief } : undefined;
}

/** Where a finished job's SVG downloads from, or null when it has none. */
export function logoVectorUrl(images: ImageEngines, job: { kind: string; input: unknown; status: string; recordId: string }) {
  return job.status === 'COMPLETED' && offlineLogoInput(images, job) ? `/api/creation-records/${job.recordId}/logo.svg` : null;
}

export async function logoVector(ctx: ServiceContext<'db' | 'images'>, userId: string, recordId: string): Promise<string> {
  const job = await jobOfCompletedRecord(ctx.db, userId, recordId);
  const input = job && offlineLogoInput(ctx.images, job);
  if (!input || !ctx.images.offline) throw new ServiceError('NOT_FOUND', 'logoSvgOnlyOffline');
  const { brief, width, height, seed } = input;
  const output = await ctx.images.offline.run({ op: 'logo-svg', brief, width, height, seed }).catch((error: unknown) => {
    // Drawn on request, so a full engine answers like a full queue: try again shortly, nothing lost.
    if (error instanceof EngineBusyError) throw new ServiceError('ENGINE_BUSY', 'engineBusyShort', { retryAfter: error.retryAfterSeconds });
    throw error;
  });
  return new TextDecoder().decode(output.bytes);
}
