import { ServiceError } from '../../contract/errors';
import { jobFailureText } from '../../i18n/job-failures';
import { UPSCALE, fitToUpscaleBudget, maxInputPixels, upscaleSizeProblem, type UpscaleRequest } from '../../contract/upscale';
import type { UpscaleOptions, UpscaleStarted, UpscaleStatus } from '../../contract/responses/upscale';
import { UPSCALE_FACTORS, type UpscaleFactor } from '../../contract/engine-operations';
import { getJob, jobKinds, queuePlace, startJob, type JobContext } from '..';
import { readSystemConfig } from '../../services/config/system-config';
import { presentFileUrl } from '../../services/files/files';
import type { CheckedImage } from '../../services/generation/uploads';
import { startWithUploads } from '../../services/generation/uploads';
import { checkSourceRecord, linkJobSource } from '../../services/generation/records';
import { say } from '../../contract/messages';

/**
 * POST /api/image-upscale/upload: refuses an image whose output would exceed the pixel budget
 * (413 naming `image`) before anything is stored or charged, unless the caller asked to fit it
 * (`fitToBudget`): then the job shrinks it to the largest size whose output fits. Starts an `upscale`
 * job and says the sizes it will use.
 */
export async function startUpscale(ctx: JobContext, userId: string, request: UpscaleRequest, image: CheckedImage): Promise<UpscaleStarted> {
  const problem = upscaleSizeProblem(image.width, image.height, request.scaleFactor);
  if (problem && !request.fitToBudget)
    throw new ServiceError('PAYLOAD_TOO_LARGE', say('upscaleTooLargeFit', problem), {
      field: 'image',
    });
  // Asked to fit: the engine shrinks the upload to this size before enlarging it.
  const size = fitToUpscaleBudget(image.width, image.height, request.scaleFactor);
  const fitted = size.width !== image.width || size.height !== image.height;
  if (!ctx.images.offline) throw new ServiceError('NOT_CONFIGURED', 'upscalerUnavailable', { field: 'image' });
  await checkSourceRecord(ctx.db, userId, request.sourceRecordId);
  const jobId = await startWithUploads(ctx, userId, [image], ([stored]) =>
    startJob(
      ctx,
      jobKinds.upscale,
      userId,
      {
        sourceKey: stored!.key,
        scaleFactor: request.scaleFactor,
        faceEnhancement: request.faceEnhancement,
        width: size.width,
        height: size.height,
        ...(fitted ? { fitted: true } : {}),
      },
      { sourceUrls: [stored!.url] },
    ),
  );
  await linkJobSource(ctx.db, jobId, request.sourceRecordId);
  const job = await getJob(ctx, userId, jobId);
  return {
    success: true,
    id: job.id,
    status: job.status,
    scaleFactor: request.scaleFactor,
    inputWidth: size.width,
    inputHeight: size.height,
    outputWidth: size.width * request.scaleFactor,
    outputHeight: size.height * request.scaleFactor,
    fitted,
    error: null,
    code: null,
  };
}

/** GET /api/image-upscale/status/{id} (job or record id); only upscale jobs are found here. */
export async function getUpscaleStatus(
  ctx: Pick<JobContext, 'db' | 'config' | 'clock' | 'images'>,
  userId: string,
  id: string,
): Promise<UpscaleStatus> {
  const job = await getJob(ctx, userId, id, [jobKinds.upscale.id]);
  const input = jobKinds.upscale.payload.parse(job.input);
  const done = job.status === 'COMPLETED';
  return {
    success: true,
    id: job.id,
    recordId: job.recordId,
    status: job.status,
    imageUrl: await presentFileUrl(ctx.config.AUTH_SECRET, job.imageUrl, ctx.clock.now()),
    scaleFactor: input.scaleFactor,
    faceEnhancement: input.faceEnhancement,
    width: done ? input.width * input.scaleFactor : null,
    height: done ? input.height * input.scaleFactor : null,
    errorMessage: job.status === 'FAILED' ? jobFailureText(job.failureCode ?? 'GENERATION_FAILED', 'en') : null,
    failureCode: job.status === 'FAILED' ? (job.failureCode ?? 'GENERATION_FAILED') : null,
    credits: job.cost,
    queue: await queuePlace(ctx, job),
  };
}

export async function upscaleOptions(ctx: Pick<JobContext, 'db'>): Promise<UpscaleOptions> {
  const { costByFactor } = await readSystemConfig(ctx.db, 'imageUpscale');
  const byFactor = <T>(f: (factor: UpscaleFactor) => T) =>
    Object.fromEntries(UPSCALE_FACTORS.map((factor) => [`${factor}`, f(factor)])) as Record<`${UpscaleFactor}`, T>;
  return {
    success: true,
    factors: UPSCALE_FACTORS,
    defaultFactor: UPSCALE.defaultFactor,
    costByFactor,
    maxInputPixelsByFactor: byFactor(maxInputPixels),
    maxOutputPixels: UPSCALE.maxOutputPixels,
  };
}
