import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import * as z from 'zod';
import { localiseJobFailure } from '../i18n/job-failures';
import { ServiceError } from '../contract/errors';
import { pickLocale } from '../contract/locales';
import { creationDetailResponse, revokedShareResponse, SHARE_TOKEN_PATTERN, shareRequest, shareResponse } from '../contract/shares';
import { clientNetwork } from '../http/client-ip';
import type { AppEnv } from '../http/hono-env';
import { createRouter, errors, jsonBody, okJson, signedIn } from '../http/openapi';
import { publicOrigin } from '../http/public-origin';
import { requireUser } from '../middleware/auth';
import { callerLocale } from '../middleware/errors';
import { presentFileUrl } from '../services/files/files';
import { getRecordWithLineage } from '../services/generation/records';
import { renderSharedError, renderSharedPage, sharedDate } from '../services/shares/page';
import {
  admitSharedView,
  readShare,
  readSharedCreation,
  readSharedImage,
  revokeShare,
  sharedImageUrl,
  sharedPageUrl,
  shareCreation,
} from '../services/shares/shares';

const owner = { tags: ['Creations'], ...signedIn };
const recordId = z.object({ id: z.string().max(64).describe('Creation record id') });

/** `/api/creation-records/{id}` (detail with lineage) and `/{id}/share`: the owner's side (docs/decisions/036). */
export const shareRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      summary: 'One of my creations, with what it was made from and what was made from it',
      ...owner,
      request: { params: recordId },
      responses: { 200: okJson(creationDetailResponse, 'The creation and its lineage (image URLs signed)'), ...errors(404) },
    }),
    async (c) => {
      const { db, config, clock } = c.get('deps');
      const sign = (url: string | null) => presentFileUrl(config.AUTH_SECRET, url, clock.now());
      const detail = await getRecordWithLineage(db, requireUser(c).id, c.req.valid('param').id, sign);
      return c.json({ ...detail, record: localiseJobFailure(detail.record, callerLocale(c)) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/share',
      summary: 'The public link of my creation, if it is shared',
      ...owner,
      request: { params: recordId },
      responses: { 200: okJson(shareResponse, 'The link, or share: null'), ...errors(404) },
    }),
    async (c) => c.json(await readShare(c.get('deps').db, requireUser(c).id, c.req.valid('param').id, publicOrigin(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/share',
      summary: 'Share my finished creation as a public read-only page, or change whether it shows the prompt',
      ...owner,
      request: { params: recordId, body: jsonBody(shareRequest) },
      responses: { 200: okJson(shareResponse, 'The link (the same one when already shared)'), ...errors(404, 409) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      const id = c.req.valid('param').id;
      return c.json(await shareCreation(db, requireUser(c).id, id, c.req.valid('json'), publicOrigin(c), clock.now()), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}/share',
      summary: 'Stop sharing: the link and its image answer 404 from now on',
      ...owner,
      request: { params: recordId },
      responses: { 200: okJson(revokedShareResponse, 'Revoked'), ...errors(404) },
    }),
    async (c) => c.json(await revokeShare(c.get('deps').db, requireUser(c).id, c.req.valid('param').id), 200),
  );

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // Revoking must take effect at once: nothing keeps a copy.
  'cache-control': 'no-store',
  vary: 'accept-language',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // For the people the link is sent to, not for search engines (chat-app previews still work).
  'x-robots-tag': 'noindex',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; img-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

const tokenParam = z.object({ token: z.string().max(64).describe('The share token') });
const langQuery = z.object({ lang: z.string().max(16).optional().describe('`en` or `zh-Hant`; else Accept-Language decides') });
const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' as const } } } });

const pageLocale = (c: Context<AppEnv>, lang: string | undefined) => (lang ? pickLocale(lang, undefined) : callerLocale(c));

/**
 * The visitor's side, `/s/{token}` and `/s/{token}/image`, outside `/api`: a signed-out page with
 * nothing of the account in it. Rate-limited per client network before the token is read; an
 * unknown, revoked or deleted share is the same 404.
 */
async function sharedCreation(c: Context<AppEnv>, token: string) {
  const { db, limits } = c.get('deps');
  await admitSharedView(limits, clientNetwork(c));
  return SHARE_TOKEN_PATTERN.test(token) ? readSharedCreation(db, token) : null;
}

export const sharedPageRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{token}',
      tags: ['Sharing'],
      summary: 'A shared creation’s public page (server-rendered, with Open Graph tags)',
      request: { params: tokenParam, query: langQuery },
      responses: { 200: html('The page'), 404: html('No such link (revoked, deleted)'), 429: html('Too many views from this network') },
    }),
    async (c) => {
      const locale = pageLocale(c, c.req.valid('query').lang);
      const token = c.req.valid('param').token;
      try {
        const creation = await sharedCreation(c, token);
        if (!creation) return c.body(renderSharedError('not-found', locale), 404, HTML_HEADERS);
        const origin = publicOrigin(c);
        const page = renderSharedPage(creation, locale, {
          pageUrl: sharedPageUrl(origin, token),
          imageUrl: sharedImageUrl(origin, token),
          dateText: sharedDate(creation.createdAt, locale),
        });
        return c.body(page, 200, HTML_HEADERS);
      } catch (error) {
        if (!(error instanceof ServiceError) || error.code !== 'RATE_LIMITED') throw error;
        const retryAfter = String(error.details.retryAfter ?? 60);
        return c.body(renderSharedError('rate-limited', locale), 429, { ...HTML_HEADERS, 'retry-after': retryAfter });
      }
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{token}/image',
      tags: ['Sharing'],
      summary: 'A shared creation’s image (the page’s og:image)',
      request: { params: tokenParam },
      responses: {
        200: { description: 'The image', content: { 'image/*': { schema: { type: 'string' as const, format: 'binary' } } } },
        ...errors(404, 429),
      },
    }),
    async (c) => {
      const creation = await sharedCreation(c, c.req.valid('param').token);
      const blob = creation && (await readSharedImage(c.get('deps').blobs, creation));
      if (!blob) throw new ServiceError('NOT_FOUND', 'resourceNotFound');
      return new Response(blob.body, {
        headers: {
          'content-type': blob.contentType,
          'content-length': String(blob.size),
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
          'cross-origin-resource-policy': 'cross-origin',
        },
      });
    },
  );
