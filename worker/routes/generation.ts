import { Hono } from 'hono';
import { localiseJobFailure } from '../contract/error-messages';
import { ServiceError } from '../contract/errors';
import { UPLOAD, editRequest, recordsQuery, textToImageRequest } from '../contract/generation';
import type { AppEnv } from '../lib/hono-env';
import { validate, validateValue } from '../lib/validate';
import { requireSignIn, requireUser } from '../middleware/auth';
import { callerLocale } from '../middleware/errors';
import { readSystemConfig } from '../services/config/system-config';
import { modelCatalogue } from '../services/generation/models';
import { getGenerationStatus, startEdit, startTextToImage } from '../services/generation/generation';
import { logoVector } from '../services/generation/logo-vector';
import { deleteRecord, listRecords, recordStats } from '../services/generation/records';
import { presentFileUrl } from '../services/files/files';
import { resolveTextToImageTool, resolveToolRequest } from '../services/generation/tool-requests';
import { checkUploadedImage, storeUpload } from '../services/generation/uploads';

/** Multipart → plain fields + files, refusing a malformed form with a 400 instead of a 500. */
export async function readForm(c: { req: { formData(): Promise<FormData> } }, field = 'images') {
  try {
    return await c.req.formData();
  } catch {
    throw new ServiceError('VALIDATION_FAILED', 'Send the images as multipart/form-data', { field });
  }
}

const fieldsOf = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;

export const generationRoutes = new Hono<AppEnv>()
  // Costs ride along so the workbench can show "count × cost" before the user starts (spec §9).
  .get('/models', async (c) =>
    c.json({
      success: true,
      models: modelCatalogue(c.get('deps').images),
      costs: await readSystemConfig(c.get('deps').db, 'imageGeneration'),
    }),
  )
  .use('*', requireSignIn)
  .post('/', validate('json', textToImageRequest), async (c) =>
    c.json(await startTextToImage(c.get('deps'), requireUser(c).id, resolveTextToImageTool(c.req.valid('json')))),
  )
  .post('/generate', validate('json', textToImageRequest), async (c) =>
    c.json(await startTextToImage(c.get('deps'), requireUser(c).id, resolveTextToImageTool(c.req.valid('json')))),
  )
  .post('/edit', async (c) => {
    const form = await readForm(c);
    const fields = fieldsOf(form);
    // Multipart text goes through the same checks as every validated field (control characters, broken Unicode).
    const input = validateValue('form', editRequest, fields);
    // A catalogue tool's inputs are checked here and its prompt compiled by the server (contract/tools.ts).
    const tool = resolveToolRequest(input, fields);
    const files = [...form.getAll('images'), ...form.getAll('image')];
    if (files.length === 0) throw new ServiceError('VALIDATION_FAILED', 'Please upload an image first', { field: 'images' });
    if (files.length > UPLOAD.maxImagesPerEdit) {
      throw new ServiceError('VALIDATION_FAILED', `At most ${UPLOAD.maxImagesPerEdit} images per edit`, { field: 'images' });
    }
    const allowGif = input.toolId !== undefined;
    const userId = requireUser(c).id;
    const images = await Promise.all(files.map((file) => checkUploadedImage(c.get('deps'), userId, file, { allowGif, field: 'images' })));
    const request = { ...input, prompt: tool.prompt, style: tool.style ?? input.style, ...tool.size };
    return c.json(await startEdit(c.get('deps'), requireUser(c).id, request, images, tool.operation));
  })
  .get('/status/:id', async (c) =>
    c.json(localiseJobFailure(await getGenerationStatus(c.get('deps'), requireUser(c).id, c.req.param('id')), callerLocale(c))),
  );

/** `GET /api/images/{id}`: the same status, by job or record id (spec §7). */
export const imageRoutes = new Hono<AppEnv>()
  .use('*', requireSignIn)
  .get('/:id', async (c) =>
    c.json(localiseJobFailure(await getGenerationStatus(c.get('deps'), requireUser(c).id, c.req.param('id')), callerLocale(c))),
  );

export const uploadRoutes = new Hono<AppEnv>().use('*', requireSignIn).post('/image', async (c) => {
  const form = await readForm(c, 'image');
  const image = await checkUploadedImage(c.get('deps'), requireUser(c).id, form.get('image'), { allowGif: true });
  const stored = await storeUpload(c.get('deps').blobs, requireUser(c).id, image);
  return c.json({ success: true, id: stored.id, url: stored.url, imageUrl: stored.url, width: image.width, height: image.height });
});

export const recordRoutes = new Hono<AppEnv>()
  .use('*', requireSignIn)
  .get('/', validate('query', recordsQuery), async (c) => {
    const { db, config, clock } = c.get('deps');
    const sign = (url: string | null) => presentFileUrl(config.AUTH_SECRET, url, clock.now());
    const page = await listRecords(db, requireUser(c).id, c.req.valid('query'), sign);
    const locale = callerLocale(c);
    const records = page.records.map((record) => localiseJobFailure(record, locale));
    return c.json({ ...page, records, content: records });
  })
  .get('/stats', validate('query', recordsQuery.pick({ type: true })), async (c) =>
    c.json(await recordStats(c.get('deps').db, requireUser(c).id, c.req.valid('query').type)),
  )
  .get('/:id/logo.svg', async (c) => {
    const svg = await logoVector(c.get('deps'), requireUser(c).id, c.req.param('id'));
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'content-disposition': 'attachment; filename="logo.svg"',
      'cache-control': 'private, no-store',
      // Opened on its own, the SVG is a document of this origin: it may draw, never run anything.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  })
  .delete('/:id', async (c) => {
    const { db, blobs, clock } = c.get('deps');
    return c.json(await deleteRecord(db, blobs, requireUser(c).id, c.req.param('id'), clock.now()));
  });
