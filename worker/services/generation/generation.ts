import type { EditRequest, ErrorCategory, GenerationStatus, TextToImageRequest } from '../../contract/generation';
import { ServiceError } from '../../contract/errors';
import { jobFailureText } from '../../contract/job-failures';
import type { ModelName } from '../../contract/generation';
import type { ImageOperation, TextOperation } from '../../contract/operations';
import { faceSwapOption } from '../../contract/face-swap';
import { toolById } from '../../contract/tools';
import { getJob, jobKinds, queuePlace, startJob, type JobContext } from '../../jobs';
import { presentFileUrl } from '../files/files';
import { logoVectorUrl } from './logo-vector';
import type { CheckedImage } from './uploads';
import { appliedOfflineLine, faceSwapEngineParams, offlineApplies } from './face-swap-words';
import { storeUpload } from './uploads';

/** Seeds are chosen on the server when absent, so a job's output is reproducible from its stored input. */
const seedOf = (seed: number | undefined) => seed ?? crypto.getRandomValues(new Uint32Array(1))[0]! % 2 ** 31;

/** The seed stored in a job's input, for the status response (regenerate the same picture). */
const seedIn = (input: unknown): number | null => {
  const seed = (input as { seed?: unknown } | null)?.seed;
  return typeof seed === 'number' && Number.isInteger(seed) ? seed : null;
};

/** `operation`: what to make, built from the request by `resolveTextToImageTool` (tool-requests.ts). */
export async function startTextToImage(
  ctx: JobContext,
  userId: string,
  request: TextToImageRequest & { operation: TextOperation; userWords: string },
) {
  const jobId = await startJob(
    ctx,
    jobKinds.textToImage,
    userId,
    {
      prompt: request.prompt,
      negativePrompt: request.negativePrompt,
      style: request.style,
      width: request.width,
      height: request.height,
      seed: seedOf(request.seed),
      model: request.model,
      toolId: request.toolId,
      operation: request.operation,
    },
    { updateRecordId: request.updateRecordId, userWords: request.userWords },
  );
  return getGenerationStatus(ctx, userId, jobId);
}

type PhotoOperation = Extract<ImageOperation, { op: 'tool' | 'face-swap' }>;

/**
 * Whether a photo tool (or face swap's image mode) runs as the engine's algorithm (a `tool` job)
 * rather than as a model edit: needs the offline engine (the pool, or the engine service in
 * production); an `exact` tool (ID photo, restoration) always takes it, a style tool only when the
 * chosen model is not a generative provider (the embedded `local` engine renders nano offline).
 */
function runsOnEngine(ctx: JobContext, operation: ImageOperation, model: ModelName): operation is PhotoOperation {
  if (operation.op === 'edit' || !ctx.images.offline) return false;
  const toolId = operation.op === 'face-swap' ? 'face-swap' : operation.toolId;
  const modelEngine = ctx.images.forModel(model);
  return toolById(toolId).exact || modelEngine?.name === 'local' || (!modelEngine && model === 'nano');
}

/**
 * POST /generate-image/edit: a photo tool on the engine (see runsOnEngine) is a `tool` job on the
 * user's photo; everything else is an `edit` job on the chosen model, carrying the same typed
 * operation (the provider adapter compiles its words from it). The request shape is the same.
 */
export async function startEdit(
  ctx: JobContext,
  userId: string,
  request: EditRequest & { prompt: string; userWords: string },
  images: CheckedImage[],
  operation: ImageOperation = { op: 'edit', prompt: request.prompt },
) {
  if (images.length === 0) throw new ServiceError('VALIDATION_FAILED', 'Please upload an image first', { field: 'images' });
  const asTool = runsOnEngine(ctx, operation, request.model);
  if (!asTool && !ctx.images.forModel(request.model))
    throw new ServiceError('VALIDATION_FAILED', `The model "${request.model}" is not available`, { field: 'model' });
  // Face swap on the offline engine: the description's words it can act on become options; when it
  // can act on nothing, the photo would come back unchanged, so it is refused before any charge.
  const tool = asTool ? engineTool(operation) : undefined;
  if (tool?.toolId === 'face-swap' && !offlineApplies(tool.params))
    throw new ServiceError('VALIDATION_FAILED', FACE_SWAP_OFFLINE_NOTHING_TO_APPLY, { field: 'extra' });
  const stored = await Promise.all(images.map((image) => storeUpload(ctx.blobs, userId, image)));
  const first = images[0]!;
  // Output keeps the first image's aspect ratio, within the engine's 2048 px limit.
  const scale = Math.min(1, 2048 / Math.max(first.width, first.height));
  const common = {
    prompt: request.prompt,
    negativePrompt: request.negativePrompt,
    style: request.style,
    width: request.width ?? Math.round(first.width * scale),
    height: request.height ?? Math.round(first.height * scale),
    seed: seedOf(request.seed),
    model: request.model,
    sourceKeys: stored.map((s) => s.key),
  };
  const meta = { updateRecordId: request.updateRecordId, sourceUrls: stored.map((s) => s.url), userWords: request.userWords };
  // A face swap's record says what the engine will apply (options and the words it read).
  const applied = tool?.toolId === 'face-swap' ? appliedOfflineLine(tool.params) : '';
  const jobId = tool
    ? await startJob(
        ctx,
        jobKinds.tool,
        userId,
        { ...common, ...tool, ...(applied ? { prompt: `${common.prompt}\n\n${applied}` } : {}) },
        meta,
      )
    : await startJob(ctx, jobKinds.edit, userId, { ...common, toolId: request.toolId, operation }, meta);
  return getGenerationStatus(ctx, userId, jobId);
}

/**
 * A photo operation as the `tool` job's typed fields: face swap is the engine's `face-swap` tool on
 * the chosen options, plus those its description names (face-swap-words.ts).
 */
const engineTool = (operation: PhotoOperation) =>
  operation.op === 'face-swap'
    ? { toolId: 'face-swap' as const, params: faceSwapEngineParams(operation.description, operation.selection) }
    : { toolId: operation.toolId, params: operation.params };

/** Why a face swap is refused offline: what the engine can do instead (words it reads, options it applies). */
export const FACE_SWAP_OFFLINE_NOTHING_TO_APPLY =
  'Without an AI model this server can only apply what it recognises: hair and eye colour, beards, glasses, hats and other head accessories, backgrounds, lighting, photo effects and art styles. Choose options, or describe one of these (for example "wearing sunglasses and a baseball cap", "blue hair", "on a beach")';

/**
 * A face swap run by the offline engine carries its options as the tool job's params; only catalogue
 * options are reported (the engine's own extras, such as accessory tints, have no name on the page).
 */
function appliedFaceSwapOptions(job: { kind: string; input: unknown }): Record<string, string> | null {
  const input = job.input as { toolId?: unknown; params?: Record<string, unknown> } | null;
  if (job.kind !== 'tool' || input?.toolId !== 'face-swap' || !input.params) return null;
  return Object.fromEntries(
    Object.entries(input.params).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !!faceSwapOption(entry[0])),
  );
}

/** Looks a job up by its id or its record's id; other users' jobs do not exist for the caller. */
export async function getGenerationStatus(
  ctx: Pick<JobContext, 'db' | 'config' | 'clock' | 'images'>,
  userId: string,
  id: string,
): Promise<GenerationStatus> {
  const job = await getJob(ctx, userId, id);
  // English here; the route says it in the caller's language from the code (localiseJobFailure).
  const failure = job.status === 'FAILED' ? jobFailureText(job.failureCode ?? 'GENERATION_FAILED', 'en') : null;
  return {
    success: true,
    id: job.id,
    recordId: job.recordId,
    status: job.status,
    imageUrl: await presentFileUrl(ctx.config.AUTH_SECRET, job.imageUrl, ctx.clock.now()),
    message: failure,
    error: failure,
    errorMessage: failure,
    failureCode: job.status === 'FAILED' ? (job.failureCode ?? 'GENERATION_FAILED') : null,
    errorCategory: job.errorCategory as ErrorCategory | null,
    credits: job.cost,
    svgUrl: logoVectorUrl(ctx.images, job),
    seed: seedIn(job.input),
    appliedOptions: appliedFaceSwapOptions(job),
    queue: await queuePlace(ctx, job),
  };
}
