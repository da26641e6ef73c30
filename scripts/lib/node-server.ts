import { serve, type HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from 'hono/compress';
import type { App } from '@worker/app';
import { completeAnswers } from '@worker/lib/public-reads';
import { type Config, isLoopbackHost } from '@worker/env';
import { type PageHeads, pageHeadFor, pageLocale, renderPageShell } from '@worker/lib/page-head';
import { SPA_SECURITY_HEADERS } from './security-headers';

/** Content-hashed build output: the name changes whenever the bytes do, so browsers may keep it for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The SPA shell: always revalidated, so a deploy is picked up on the next navigation. */
export const REVALIDATE = 'no-cache';
/** Other public files (favicon, showcase images): fresh for a day. */
export const PUBLIC_FILE = 'public, max-age=86400';

/** Which precompressed copy the client accepts: br, then gzip, then none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/** Page shells kept compressed at most: the public pages × 2 languages, with room for a few origins. */
const SHELL_VARIANTS_MAX = 200;

/**
 * index.html for every client-side route, in the visitor's language (`<html lang>`) and, on the
 * public pages, with their Open Graph tags (worker/lib/page-head.ts). Each variant is compressed
 * once, on first use (nothing is sent uncompressed to a client that takes br or gzip).
 */
function spaShell(html: string, heads: PageHeads | undefined, publicUrl: string | undefined) {
  const variants = new Map<string, { html: string; br: Buffer; gzip: Buffer }>();
  return (c: Context) => {
    const url = new URL(c.req.url);
    const locale = pageLocale(url, c.req.header('cookie'), c.req.header('accept-language'));
    const path = heads?.[url.pathname] ? url.pathname : '';
    // As worker/http/public-origin.ts: the configured address, else a loopback request's own origin.
    const origin = publicUrl ?? (isLoopbackHost(url.hostname) ? url.origin : `http://localhost:${url.port || 80}`);
    const key = `${locale} ${path && origin} ${path}`;
    let variant = variants.get(key);
    if (!variant) {
      const page = renderPageShell(html, pageHeadFor(heads, path, locale, origin), locale);
      variant = {
        html: page,
        br: brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(page, { level: 9 }),
      };
      if (variants.size >= SHELL_VARIANTS_MAX) variants.clear();
      variants.set(key, variant);
    }
    c.header('cache-control', REVALIDATE);
    c.header('vary', 'Accept-Encoding, Accept-Language, Cookie');
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    if (!encoding) return c.html(variant.html);
    c.header('content-encoding', encoding);
    c.header('content-type', 'text/html; charset=UTF-8');
    return c.body(new Uint8Array(variant[encoding]));
  };
}

/** Headers a client could send to pose as another address; only the one TRUST_PROXY names reaches the app. */
const CLIENT_ADDRESS_HEADERS = ['cf-connecting-ip', 'x-client-ip', 'x-real-ip', 'x-forwarded-for', 'true-client-ip', 'forwarded'];

export interface NodeServerOptions {
  port: number;
  staticDir?: string;
  /** The proxy header to pass on (config TRUST_PROXY); unset = the app sees only the socket address. */
  trustProxy?: Config['TRUST_PROXY'];
  /** The public address (config PUBLIC_URL when set): the pages' Open Graph links are built from it. */
  publicUrl?: string;
  /** Interface to bind; unset = all interfaces. */
  hostname?: string;
  onListen?: (port: number) => void;
}

/**
 * An answer sent before the request body was read (a 413 from the body limit, a 401 or 429 in front
 * of an upload) says `Connection: close`. The server cannot reuse that socket: what is left of the
 * body is still on it, and @hono/node-server drops the socket if draining it takes more than a
 * moment. Said as keep-alive, the client's next request on it failed (`UND_ERR_SOCKET`); said as
 * close, the client opens a fresh connection.
 */
function closeIfBodyUnread(response: Response, env: HttpBindings): Response {
  const incoming = env?.incoming;
  if (!incoming || incoming.complete) return response;
  const hasBody = Number(incoming.headers['content-length'] ?? 0) > 0 || incoming.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return response;
  const headers = new Headers(response.headers);
  headers.set('connection', 'close');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const VARY_HAS_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * `compress` adds `Vary: Accept-Encoding` to every answer it may compress, through `c.header` once
 * the answer exists, which rebuilds it: @hono/node-server's lightweight Response (a small JSON
 * answer, written straight to the socket) becomes a WHATWG Response read back through a stream.
 * Said on the answer's own headers first, for the same answers (a compressible type, no encoding
 * yet, not a HEAD or a range, not known to be under compress's 1 KB threshold, no `no-transform`), it leaves compress nothing to
 * add and the answer keeps its fast path.
 */
export function varyOnEncoding(answer: Response, method: string): void {
  const headers = answer.headers;
  const type = headers.get('content-type');
  const length = headers.get('content-length');
  if (method === 'HEAD' || !type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || headers.has('content-encoding')) return;
  if ((length && Number(length) < 1024) || answer.status === 206 || NO_TRANSFORM.test(headers.get('cache-control') ?? '')) return;
  const vary = headers.get('vary');
  if (vary === '*' || (vary && VARY_HAS_ENCODING.test(vary))) return;
  try {
    headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  } catch {
    // Immutable headers (an answer fetched from elsewhere, passed on): compress adds it its own way.
  }
}

/**
 * Serves the app on Node: `/api/*` from the Hono app, everything else from the built SPA, with
 * unknown paths answered by index.html (the SPA's router decides) — the same behaviour as the
 * Workers assets binding with `not_found_handling = "single-page-application"`. The app receives
 * the socket as `c.env` (worker/http/client-ip.ts reads the peer address and the real local port).
 */
export function serveNode(app: App, options: NodeServerOptions) {
  const root = new Hono<{ Bindings: HttpBindings }>();
  // JSON and HTML answers over 1 KB go out compressed too (images and other binary types are left alone),
  // except those the app sent complete (a cached public read, already in the client's encoding).
  const compressing = compress();
  const api = async (c: Context<{ Bindings: HttpBindings }>) => {
    const answer = await app.fetch(c.req.raw, c.env);
    if (completeAnswers.has(answer)) return answer;
    varyOnEncoding(answer, c.req.method);
    await compressing(c, async () => {
      c.res = answer;
    });
    return c.res;
  };
  root.all('/api/*', api);
  root.all('/api', api);
  // Shared creations' public pages (server-rendered HTML, docs/decisions/036).
  root.get('/s/*', (c) => app.fetch(c.req.raw, c.env));
  // Crawler files with absolute addresses (worker/routes/site.ts).
  root.get('/robots.txt', (c) => app.fetch(c.req.raw, c.env));
  root.get('/sitemap.xml', (c) => app.fetch(c.req.raw, c.env));
  if (options.staticDir && existsSync(join(options.staticDir, 'index.html'))) {
    const rel = relative(process.cwd(), options.staticDir);
    const indexHtml = readFileSync(join(options.staticDir, 'index.html'), 'utf8');
    const headsFile = join(options.staticDir, 'page-heads.json');
    const pageHeads = existsSync(headsFile) ? (JSON.parse(readFileSync(headsFile, 'utf8')) as PageHeads) : undefined;
    root.use('*', async (c, next) => {
      await next();
      for (const [name, value] of Object.entries(SPA_SECURITY_HEADERS)) c.header(name, value);
    });
    const shell = spaShell(indexHtml, pageHeads, options.publicUrl?.replace(/\/+$/, ''));
    // Cloudflare's assets binding reads _headers and never serves it; neither do we (nor the other build notes).
    root.get('/_headers', shell);
    root.get('/.assetsignore', shell);
    // Files are sent as the build precompressed them (vite.config.ts writes .br and .gz beside each).
    root.use('/assets/*', serveStatic({ root: rel, precompressed: true, onFound: (_path, c) => c.header('cache-control', IMMUTABLE) }));
    root.get('/', shell);
    root.get('/index.html', shell);
    root.use('*', serveStatic({ root: rel, precompressed: true, onFound: (_path, c) => c.header('cache-control', PUBLIC_FILE) }));
    root.get('*', shell);
  }
  const spoofable = CLIENT_ADDRESS_HEADERS.filter((name) => name !== options.trustProxy);
  return serve(
    {
      fetch: async (request, env) => {
        // Rate limits key on the client address: never let a client-sent address header reach the app.
        if (spoofable.some((name) => request.headers.has(name))) {
          const headers = new Headers(request.headers);
          for (const name of spoofable) headers.delete(name);
          request = new Request(request, { headers });
        }
        return closeIfBodyUnread(await root.fetch(request, env as HttpBindings), env as HttpBindings);
      },
      port: options.port,
      hostname: options.hostname,
    },
    (info) => options.onListen?.(info.port),
  );
}
