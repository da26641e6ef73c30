import { Hono } from 'hono';
import { localiseJobFailure } from '../contract/error-messages';
import { ServiceError } from '../contract/errors';
import { upscaleRequest } from '../contract/upscale';
import type { AppEnv } from '../lib/hono-env';
import { validateValue } from '../lib/validate';
import { requireSignIn, requireUser } from '../middleware/auth';
import { callerLocale } from '../middleware/errors';
import { checkUploadedImage } from '../services/generation/uploads';
import { getUpscaleStatus, startUpscale, upscaleOptions } from '../services/generation/upscale';
import { readForm } from './generation';

/** Spec §7 Upscale: `/api/image-upscale/*`, served as the spec writes it. */
export const upscaleRoutes = new Hono<AppEnv>()
  .get('/options', async (c) => c.json(await upscaleOptions(c.get('deps'))))
  .use('*', requireSignIn)
  .post('/upload', async (c) => {
    const form = await readForm(c, 'image');
    // A file where a field belongs is refused like any other bad value ('' fails validation).
    const field = (name: string) => {
      const value = form.get(name);
      return value === null ? undefined : typeof value === 'string' ? value : '';
    };
    const input = validateValue('form', upscaleRequest, { scaleFactor: field('scaleFactor'), faceEnhancement: field('faceEnhancement') });
    const files = form.getAll('image').length;
    if (files === 0) throw new ServiceError('VALIDATION_FAILED', 'Please upload an image first', { field: 'image' });
    if (files > 1) throw new ServiceError('VALIDATION_FAILED', 'Upload one image at a time', { field: 'image' });
    const image = await checkUploadedImage(c.get('deps'), requireUser(c).id, form.get('image'), { field: 'image' });
    return c.json(await startUpscale(c.get('deps'), requireUser(c).id, input, image));
  })
  .get('/status/:id', async (c) =>
    c.json(localiseJobFailure(await getUpscaleStatus(c.get('deps'), requireUser(c).id, c.req.param('id')), callerLocale(c))),
  );
