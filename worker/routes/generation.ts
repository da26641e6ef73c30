import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import { localiseJobFailure } from '../i18n/job-failures';
import { ServiceError } from '../contract/errors';
import { UPLOAD, editRequest, recordsQuery, recordsTypeQuery, textToImageRequest } from '../contract/generation';
import { PAGED_LIST } from '../contract/responses/common';
import {
  creationRecordsResponse,
  creationStatsResponse,
  deletedRecordResponse,
  generationStatusResponse,
  modelsResponse,
  uploadedImageResponse,
} from '../contract/responses/generation';
import { createRouter, errors, formDoc, jsonBody, okJson, optionalSignIn, signedIn } from '../http/openapi';
import { clientNetwork } from '../http/client-ip';
import { validateValue } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { callerLocale } from '../middleware/errors';
import { readSystemConfig } from '../services/config/system-config';
import { presentFileUrl } from '../services/files/files';
import { getGenerationStatus, startEdit, startTextToImage } from '../jobs/start/generation';
import { logoVector } from '../jobs/start/logo-vector';
import { modelCatalogue } from '../services/generation/models';
import { preflightTextToImage } from '../services/generation/preflight';
import { imagePreflightRequest, imagePreflightResponse } from '../contract/image-preflight';
import { deleteRecord, listRecords, recordStats } from '../services/generation/records';
import { resolveTextToImageTool, resolveToolRequest } from '../services/generation/tool-requests';
import { checkUploadedImage, storeUpload } from '../services/generation/uploads';
import { say } from '../contract/messages';

/** Multipart → plain fields + files, refusing a malformed form with a 400 instead of a 500. */
export async function readForm(c: { req: { formData(): Promise<FormData> } }, field = 'images') {
  try {
    return await c.req.formData();
  } catch {
    throw new ServiceError('VALIDATION_FAILED', 'sendImagesMultipart', { field });
  }
}

const fieldsOf = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;

const generation = { tags: ['Generation'], ...signedIn };
const jobId = z.object({ id: z.string().describe('Job id, or the id of the creation record it fills') });
const image = 'PNG, JPEG or WebP (GIF too for catalogue tools), at most 10 MB';

/** Starting a job: refused before any debit when credits, the queue or the engine say no. */
const startErrors = errors(402, 404, 429, 503);

const textToImage = (path: string, summary: string) =>
  createRoute({
    method: 'post',
    path,
    summary,
    ...generation,
    request: { body: jsonBody(textToImageRequest) },
    responses: { 200: okJson(generationStatusResponse, 'The job, started (debited once, refunded on failure)'), ...startErrors },
  });

const status = (path: string, summary: string) =>
  createRoute({
    method: 'get',
    path,
    summary,
    ...generation,
    request: { params: jobId },
    responses: { 200: okJson(generationStatusResponse, 'The job’s state'), ...errors(404) },
  });

export const generationRoutes = createRouter()
  // Costs ride along so the workbench can show "count × cost" before the user starts (spec §9).
  .openapi(
    createRoute({
      method: 'get',
      path: '/models',
      tags: ['Generation'],
      summary: 'Models and per-image costs (public)',
      security: [],
      responses: { 200: okJson(modelsResponse, 'Models keyed by name, and the credit costs') },
    }),
    async (c) => {
      const { images, db } = c.get('deps');
      return c.json({ success: true as const, models: modelCatalogue(images), costs: await readSystemConfig(db, 'imageGeneration') }, 200);
    },
  )
  .openapi(textToImage('/', 'Start a text-to-image job'), async (c) =>
    c.json(await startTextToImage(c.get('deps'), requireUser(c).id, resolveTextToImageTool(c.req.valid('json'))), 200),
  )
  .openapi(textToImage('/generate', 'Same as POST /api/generate-image'), async (c) =>
    c.json(await startTextToImage(c.get('deps'), requireUser(c).id, resolveTextToImageTool(c.req.valid('json'))), 200),
  )
  // Before Start, which options the engine will ignore for this prompt (a negative prompt naming
  // nothing the offline renderer draws or this scene holds): no job, no debit.
  .openapi(
    createRoute({
      method: 'post',
      path: '/preflight',
      summary: 'Options the engine will ignore for a text-to-image request (public; nothing drawn or debited)',
      tags: ['Generation'],
      ...optionalSignIn,
      request: { body: jsonBody(imagePreflightRequest) },
      responses: { 200: okJson(imagePreflightResponse, 'What the engine will not use'), ...errors(429, 503) },
    }),
    async (c) => {
      // The workbench asks while a signed-out visitor types too: limited per user, else per network.
      const user = c.get('user');
      const caller = user ? `user:${user.id}` : `ip:${clientNetwork(c)}`;
      const answer = await preflightTextToImage(c.get('deps'), caller, c.req.valid('json'));
      return c.json({ success: true as const, ...answer }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/edit',
      summary: 'Start an image edit or tool job from uploaded images',
      description:
        'A catalogue tool (`toolId`) may take further text parts, its own inputs; the server checks them and compiles the prompt. The files may also come as `image`.',
      ...generation,
      request: {
        body: formDoc({
          files: { images: { description: `${image}; up to ${UPLOAD.maxImagesPerEdit}`, multiple: true } },
          fields: editRequest,
        }),
      },
      responses: {
        200: okJson(generationStatusResponse, 'The job, started (debited once, refunded on failure)'),
        ...startErrors,
        ...errors(415, 422),
      },
    }),
    async (c) => {
      const form = await readForm(c);
      const fields = fieldsOf(form);
      // Multipart text goes through the same checks as every validated field (control characters, broken Unicode).
      const input = validateValue('form', editRequest, fields);
      // A catalogue tool's inputs are checked here and its prompt compiled by the server (contract/tools.ts).
      const tool = resolveToolRequest(input, fields);
      const files = [...form.getAll('images'), ...form.getAll('image')];
      if (files.length === 0) throw new ServiceError('VALIDATION_FAILED', 'uploadFirst', { field: 'images' });
      if (files.length > UPLOAD.maxImagesPerEdit) {
        throw new ServiceError('VALIDATION_FAILED', say('tooManyImagesPerEdit', { max: UPLOAD.maxImagesPerEdit }), { field: 'images' });
      }
      const allowGif = input.toolId !== undefined;
      const userId = requireUser(c).id;
      const images = await Promise.all(files.map((file) => checkUploadedImage(c.get('deps'), userId, file, { allowGif, field: 'images' })));
      const request = { ...input, prompt: tool.prompt, userWords: tool.userWords, style: tool.style ?? input.style, ...tool.size };
      return c.json(await startEdit(c.get('deps'), userId, request, images, tool.operation), 200);
    },
  )
  .openapi(status('/status/{id}', 'Job status by job or record id'), async (c) =>
    c.json(localiseJobFailure(await getGenerationStatus(c.get('deps'), requireUser(c).id, c.req.valid('param').id), callerLocale(c)), 200),
  );

/** `GET /api/images/{id}`: the same status, by job or record id (spec §7). */
export const imageRoutes = createRouter().openapi(
  status('/{id}', 'Job status by job or record id (same as /generate-image/status)'),
  async (c) =>
    c.json(localiseJobFailure(await getGenerationStatus(c.get('deps'), requireUser(c).id, c.req.valid('param').id), callerLocale(c)), 200),
);

export const uploadRoutes = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/image',
    summary: 'Upload an input image',
    ...generation,
    request: { body: formDoc({ files: { image: { description: image } } }) },
    responses: { 200: okJson(uploadedImageResponse, 'The stored image'), ...errors(415, 422, 429) },
  }),
  async (c) => {
    const form = await readForm(c, 'image');
    const image = await checkUploadedImage(c.get('deps'), requireUser(c).id, form.get('image'), { allowGif: true });
    const stored = await storeUpload(c.get('deps').blobs, requireUser(c).id, image);
    return c.json(
      { success: true as const, id: stored.id, url: stored.url, imageUrl: stored.url, width: image.width, height: image.height },
      200,
    );
  },
);

const recordId = z.object({ id: z.string().describe('Creation record id') });

export const recordRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'My creations, newest first, paged',
      description: PAGED_LIST,
      ...generation,
      request: { query: recordsQuery },
      responses: { 200: okJson(creationRecordsResponse, 'One page of creations (image URLs signed)') },
    }),
    async (c) => {
      const { db, config, clock } = c.get('deps');
      const sign = (url: string | null) => presentFileUrl(config.AUTH_SECRET, url, clock.now());
      const page = await listRecords(db, requireUser(c).id, c.req.valid('query'), sign);
      const locale = callerLocale(c);
      return c.json({ ...page, items: page.items.map((record) => localiseJobFailure(record, locale)) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/stats',
      summary: 'Counts of my creations by status',
      ...generation,
      request: { query: recordsTypeQuery },
      responses: { 200: okJson(creationStatsResponse, 'The counts') },
    }),
    async (c) => c.json(await recordStats(c.get('deps').db, requireUser(c).id, c.req.valid('query').type), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/logo.svg',
      summary: 'The SVG of a logo the offline logo generator drew (404 for any other creation)',
      ...generation,
      request: { params: recordId },
      responses: {
        200: {
          description: 'The logo sheet as SVG, glyphs outlined (no fonts needed); sent as an attachment',
          content: { 'image/svg+xml': { schema: { type: 'string' as const } } },
        },
        ...errors(404, 503),
      },
    }),
    async (c) => {
      const svg = await logoVector(c.get('deps'), requireUser(c).id, c.req.valid('param').id);
      return c.body(svg, 200, {
        'content-type': 'image/svg+xml; charset=utf-8',
        'content-disposition': 'attachment; filename="logo.svg"',
        'cache-control': 'private, no-store',
        // Opened on its own, the SVG is a document of this origin: it may draw, never run anything.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      summary: 'Delete a creation (not while it is still processing)',
      ...generation,
      request: { params: recordId },
      responses: { 200: okJson(deletedRecordResponse, 'Deleted'), ...errors(404, 409) },
    }),
    async (c) => {
      const { db, blobs, clock } = c.get('deps');
      return c.json(await deleteRecord(db, blobs, requireUser(c).id, c.req.valid('param').id, clock.now()), 200);
    },
  );
