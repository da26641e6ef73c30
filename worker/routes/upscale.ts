import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import { localiseJobFailure } from '../i18n/job-failures';
import { ServiceError } from '../contract/errors';
import { upscaleOptionsResponse, upscaleStartedResponse, upscaleStatusResponse } from '../contract/responses/upscale';
import { upscaleRequest } from '../contract/upscale';
import { createRouter, errors, formDoc, okJson, signedIn } from '../http/openapi';
import { validateValue } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { callerLocale } from '../middleware/errors';
import { checkUploadedImage } from '../services/generation/uploads';
import { getUpscaleStatus, startUpscale, upscaleOptions } from '../jobs/start/upscale';
import { readForm } from './generation';

const upscale = { tags: ['Upscale'], ...signedIn };

/** Spec §7 Upscale: `/api/image-upscale/*`, served as the spec writes it. */
export const upscaleRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/options',
      tags: ['Upscale'],
      summary: 'Upscale factors, input limits and costs (public)',
      security: [],
      responses: { 200: okJson(upscaleOptionsResponse, 'What the page shows before upload') },
    }),
    async (c) => c.json(await upscaleOptions(c.get('deps')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/upload',
      summary: 'Start an upscale job (refused before any debit when the output would be too large, unless fitToBudget)',
      ...upscale,
      request: {
        body: formDoc({ files: { image: { description: 'PNG, JPEG or WebP, at most 10 MB' } }, fields: upscaleRequest }),
      },
      responses: { 200: okJson(upscaleStartedResponse, 'The job, started'), ...errors(402, 404, 415, 422, 429, 503) },
    }),
    async (c) => {
      const form = await readForm(c, 'image');
      // A file where a field belongs is refused like any other bad value ('' fails validation).
      const field = (name: string) => {
        const value = form.get(name);
        return value === null ? undefined : typeof value === 'string' ? value : '';
      };
      const input = validateValue('form', upscaleRequest, {
        scaleFactor: field('scaleFactor'),
        faceEnhancement: field('faceEnhancement'),
        fitToBudget: field('fitToBudget'),
        sourceRecordId: field('sourceRecordId'),
      });
      const files = form.getAll('image').length;
      if (files === 0) throw new ServiceError('VALIDATION_FAILED', 'uploadFirst', { field: 'image' });
      if (files > 1) throw new ServiceError('VALIDATION_FAILED', 'oneImageAtATime', { field: 'image' });
      const image = await checkUploadedImage(c.get('deps'), requireUser(c).id, form.get('image'), { field: 'image' });
      return c.json(await startUpscale(c.get('deps'), requireUser(c).id, input, image), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/status/{id}',
      summary: 'Upscale job status (job or record id)',
      ...upscale,
      request: { params: z.object({ id: z.string().describe('Job id, or the id of the creation record it fills') }) },
      responses: { 200: okJson(upscaleStatusResponse, 'The job’s state'), ...errors(404) },
    }),
    async (c) =>
      c.json(localiseJobFailure(await getUpscaleStatus(c.get('deps'), requireUser(c).id, c.req.valid('param').id), callerLocale(c)), 200),
  );
