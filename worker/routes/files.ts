import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import { createRouter, errors, mountedAt, optionalSignIn } from '../http/openapi';
import { contentDisposition, downloadName } from '../services/files/file-names';
import { clientHasCurrent, fileEtag, readFile } from '../services/files/files';

// Hono decodes the key (a malformed escape such as `%E0%A4%A` stays as written, and then matches no key: 404).
const fileParam = z.object({ key: z.string().max(512).describe('The blob key, slashes included') });
const grantQuery = z.object({
  exp: z.string().max(20).optional().describe('Signed grant: expiry (Unix seconds)'),
  sig: z.string().max(64).optional().describe('Signed grant: signature'),
});

/** What a stored file can be: creations and uploads, avatars, logos, the data export. */
const FILE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml', 'application/zip'];

const file = createRoute({
  method: 'get',
  path: '/{key}',
  tags: ['Files'],
  ...optionalSignIn,
  summary: "A stored file: public ones to anyone, private ones to their owner's token or a signed grant (exp + sig)",
  request: { params: fileParam, query: grantQuery },
  responses: {
    200: {
      description: 'The file bytes, with a strong ETag, Last-Modified and a Content-Disposition naming the file',
      content: Object.fromEntries(FILE_TYPES.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }])),
    },
    304: { description: 'Unchanged since the copy named by If-None-Match or If-Modified-Since' },
    ...errors(404),
  },
});

/** `GET /api/files/<key>`: streams a blob; private keys need their owner's token or a signed URL. */
export const fileRoutes = createRouter().openapi(
  // The key spans slashes: mounted on Hono's `/:key{.+}`, documented as `/{key}`.
  mountedAt(file, '/:key{.+}'),
  async (c) => {
    const { blobs, config, clock, db } = c.get('deps');
    const { exp, sig } = c.req.valid('query');
    const key = c.req.valid('param').key;
    const found = await readFile(blobs, key, c.get('user'), { secret: config.AUTH_SECRET, exp, sig, now: clock.now() });
    const validators: Record<string, string> = {
      etag: await fileEtag(key, found),
      'cache-control': found.public ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
      ...(found.writtenAt && { 'last-modified': found.writtenAt.toUTCString() }),
    };
    const conditions = { ifNoneMatch: c.req.header('if-none-match'), ifModifiedSince: c.req.header('if-modified-since') };
    if (clientHasCurrent(conditions, validators.etag!, found.writtenAt)) {
      await found.body.cancel();
      return new Response(null, { status: 304, headers: validators });
    }
    const name = await downloadName(db, key, found.writtenAt);
    return new Response(found.body, {
      headers: {
        ...validators,
        'content-type': found.contentType,
        'content-length': String(found.size),
        // Images show in the page and save under this name; the data export downloads.
        'content-disposition': contentDisposition(found.contentType === 'application/zip' ? 'attachment' : 'inline', name),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      },
    });
  },
);
