import type { EditRequest, ErrorCategory, TextToImageRequest } from '../../contract/generation';
import type { GenerationStatus } from '../../contract/responses/generation';
import { ServiceError } from '../../contract/errors';
import { jobFailureText } from '../../i18n/job-failures';
import type { ModelName } from '../../contract/generation';
import type { ImageOperation, TextOperation } from '../../contract/operations';
import { appliedOffline, faceSwapOption } from '../../contract/face-swap';
import { toolById } from '../../contract/tools';
import { batchJobIds, getJob, jobKinds, queuePlace, startJobs, type JobContext } from '..';
import { ENGINE_IGNORED_OPTIONS } from '../kind';
import { GENERATION_OPTIONS, ignoredOptions, type GenerationOption, type Sampler } from '../../contract/generation-options';
import { checkSourceRecord, linkJobSource } from '../../services/generation/records';
import { presentFileUrl } from '../../services/files/files';
import { logoVectorUrl } from './logo-vector';
import type { CheckedImage } from '../../services/generation/uploads';
import { appliedOfflineLine, faceSwapEngineParams, offlineApplies } from '../../contract/face-swap-words';
import { startWithUploads } from '../../services/generation/uploads';
import { say } from '../../contract/messages';
import { offlineEditRefusal, readEditInstructions } from '../../contract/edit-instructions';

/** Seeds are chosen on the server when absent, so a job's output is reproducible from its stored input. */
const seedOf = (seed: number | undefined) => seed ?? crypto.getRandomValues(new Uint32Array(1))[0]! % 2 ** 31;

/** The seed stored in a job's input, for the status response (regenerate the same picture). */
const seedIn = (input: unknown): number | null => {
  const seed = (input as { seed?: unknown } | null)?.seed;
  return typeof seed === 'number' && Number.isInteger(seed) ? seed : null;
};

/**
 * The seeds of a run's images: the request's seed (or one chosen here) for the first, the next
 * numbers for the variations, so each image of a batch is its own picture and its seed, reused
 * alone, makes that picture again.
 */
const seedsOf = (seed: number | undefined, count: number) => {
  const first = seedOf(seed);
  return Array.from({ length: count }, (_, i) => (first + i) % 2 ** 31);
};

/** The advanced options a request carries into the job payload (contract/generation-options.ts). */
const tuningFields = (request: { negativePrompt?: string; steps?: number; cfgScale?: number; strength?: number; sampler?: Sampler }) => ({
  negativePrompt: request.negativePrompt || undefined,
  steps: request.steps,
  cfgScale: request.cfgScale,
  strength: request.strength,
  sampler: request.sampler,
});

/**
 * `operation`: what to make, built from the request by `resolveTextToImageTool` (tool-requests.ts).
 * `count` > 1 makes variations: that many jobs with consecutive seeds, one debit (pipeline.ts).
 * Answers the first job's status; `batch.jobIds` lists them all.
 */
export async function startTextToImage(
  ctx: JobContext,
  userId: string,
  request: TextToImageRequest & { operation: TextOperation; userWords: string },
) {
  const payloads = seedsOf(request.seed, request.count).map((seed) => ({
    prompt: request.prompt,
    style: request.style,
    width: request.width,
    height: request.height,
    seed,
    model: request.model,
    toolId: request.toolId,
    operation: request.operation,
    ...tuningFields(request),
  }));
  const [jobId] = await startJobs(ctx, jobKinds.textToImage, userId, payloads, {
    updateRecordId: request.updateRecordId,
    userWords: request.userWords,
  });
  return getGenerationStatus(ctx, userId, jobId!);
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
  if (images.length === 0) throw new ServiceError('VALIDATION_FAILED', 'uploadFirst', { field: 'images' });
  const asTool = runsOnEngine(ctx, operation, request.model);
  if (!asTool && !ctx.images.forModel(request.model))
    throw new ServiceError('VALIDATION_FAILED', say('modelUnavailable', { model: request.model }), { field: 'model' });
  // Face swap on the offline engine: the description's words it can act on become options; when it
  // can act on nothing, the photo would come back unchanged, so it is refused before any charge.
  const tool = asTool ? engineTool(operation) : undefined;
  if (tool?.toolId === 'face-swap' && !offlineApplies(tool.params))
    throw new ServiceError('VALIDATION_FAILED', 'faceSwapOfflineNothingToApply', { field: 'extra' });
  if (!asTool) refuseUndoableOfflineEdit(ctx, request, operation, images.length);
  // The creation the first input came from (Re-edit from My creations) must be the caller's own.
  await checkSourceRecord(ctx.db, userId, request.sourceRecordId);
  const jobIds = await startWithUploads(ctx, userId, images, async (stored) => {
    const first = images[0]!;
    // Output keeps the first image's aspect ratio, within the engine's 2048 px limit.
    const scale = Math.min(1, 2048 / Math.max(first.width, first.height));
    const common = {
      prompt: request.prompt,
      style: request.style,
      width: request.width ?? Math.round(first.width * scale),
      height: request.height ?? Math.round(first.height * scale),
      model: request.model,
      sourceKeys: stored.map((s) => s.key),
      ...tuningFields(request),
    };
    const seeds = seedsOf(request.seed, request.count);
    const meta = { updateRecordId: request.updateRecordId, sourceUrls: stored.map((s) => s.url), userWords: request.userWords };
    // A face swap's record says what the engine will apply (options and the words it read).
    const applied = tool?.toolId === 'face-swap' ? appliedOfflineLine(tool.params) : '';
    return tool
      ? startJobs(
          ctx,
          jobKinds.tool,
          userId,
          seeds.map((seed) => ({ ...common, seed, ...tool, ...(applied ? { prompt: `${common.prompt}\n\n${applied}` } : {}) })),
          meta,
        )
      : startJobs(
          ctx,
          jobKinds.edit,
          userId,
          seeds.map((seed) => ({ ...common, seed, toolId: request.toolId, operation })),
          meta,
        );
  });
  for (const jobId of jobIds) await linkJobSource(ctx.db, jobId, request.sourceRecordId);
  return getGenerationStatus(ctx, userId, jobIds[0]!);
}

/**
 * An edit on the offline engine (the `local` engine: `nano` embedded, or the engine service) does only
 * what it reads in the prompt (contract/edit-instructions.ts, the engine's own reading): a prompt with
 * a part it cannot do, or with nothing it can, is refused here, before any credit moves. Generative
 * models take free text.
 */
function refuseUndoableOfflineEdit(
  ctx: JobContext,
  request: { model: ModelName; style: string },
  operation: ImageOperation,
  uploads: number,
) {
  if (operation.op !== 'edit' || ctx.images.forModel(request.model)?.name !== 'local') return;
  const refusal = offlineEditRefusal(readEditInstructions(operation.prompt, { style: request.style, uploads }));
  if (!refusal) return;
  const message = refusal.id === 'editOfflineCannotDo' ? say('editOfflineCannotDo', { part: refusal.part }) : refusal.id;
  throw new ServiceError('VALIDATION_FAILED', message, { field: 'prompt' });
}

/**
 * A photo operation as the `tool` job's typed fields: face swap is the engine's `face-swap` tool on
 * the chosen options, plus those its description names (face-swap-words.ts).
 */
const engineTool = (operation: PhotoOperation) =>
  operation.op === 'face-swap'
    ? { toolId: 'face-swap' as const, params: faceSwapEngineParams(operation.description, operation.selection) }
    : { toolId: operation.toolId, params: operation.params };

/**
 * A face swap run by the offline engine: the options of its params that change the photo. Only
 * values in FACE_SWAP_OFFLINE count (an expression or a hairstyle is words for a model, and a photo
 * shows neither); the engine's own test pins that list to what its drawing steps report as drawn
 * (engine/face-swap/applied.ts). The engine's extras (a second accessory, tints) have no name on
 * the page.
 */
function appliedFaceSwapOptions(job: { kind: string; input: unknown }): Record<string, string> | null {
  const input = job.input as { toolId?: unknown; params?: Record<string, unknown> } | null;
  if (job.kind !== 'tool' || input?.toolId !== 'face-swap' || !input.params) return null;
  return Object.fromEntries(
    Object.entries(input.params).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && !!faceSwapOption(entry[0]) && appliedOffline(entry[0], entry[1]),
    ),
  );
}

/** The advanced options stored in a job's input (null: not set, or a job from before them). */
function optionsIn(input: unknown): GenerationStatus['options'] {
  const p = (input ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    negativePrompt: typeof p.negativePrompt === 'string' && p.negativePrompt ? p.negativePrompt : null,
    steps: num(p.steps),
    cfgScale: num(p.cfgScale),
    strength: num(p.strength),
    sampler: typeof p.sampler === 'string' ? p.sampler : null,
  };
}

/**
 * The options this job set that its engine does not honour (said on the result); null for work the
 * options do not apply to (photo tools, logos, face swap). The engine is the one this deployment
 * serves the job's model with.
 */
function ignoredBy(ctx: Pick<JobContext, 'images'>, job: { kind: string; input: unknown }): GenerationOption[] | null {
  const input = (job.input ?? {}) as { model?: unknown; operation?: { op?: unknown } };
  const op = input.operation?.op;
  const work =
    job.kind === 'text-to-image' && (op === undefined || op === 'text-to-image')
      ? 'textToImage'
      : job.kind === 'edit' && (op === undefined || op === 'edit')
        ? 'edit'
        : null;
  if (!work || typeof input.model !== 'string') return null;
  const engine = ctx.images.forModel(input.model as ModelName);
  // An engine without a capability table (a test double) is not said to ignore anything.
  if (!engine?.options) return [];
  const options = optionsIn(job.input);
  const foundByEngine = (input as Record<string, unknown>)[ENGINE_IGNORED_OPTIONS];
  const byTable = ignoredOptions(
    work,
    {
      negativePrompt: options.negativePrompt ?? undefined,
      steps: options.steps ?? undefined,
      cfgScale: options.cfgScale ?? undefined,
      strength: options.strength ?? undefined,
      sampler: (options.sampler ?? undefined) as Sampler | undefined,
    },
    engine.options,
  );
  if (!Array.isArray(foundByEngine)) return byTable;
  return GENERATION_OPTIONS.filter((option) => byTable.includes(option) || foundByEngine.includes(option));
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
    options: optionsIn(job.input),
    ignoredOptions: ignoredBy(ctx, job),
    batch: job.batchId ? { id: job.batchId, jobIds: await batchJobIds(ctx, job.batchId) } : null,
    queue: await queuePlace(ctx, job),
  };
}
