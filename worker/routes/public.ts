import { createRoute } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono/types';
import type { JSONParsed } from 'hono/utils/types';
import { pricingListBody, registrationBonusBody } from '../contract/responses/public';
import type { AppEnv } from '../http/hono-env';
import { createRouter, okJson } from '../http/openapi';
import { completeAnswers, PUBLIC_READ_MAX_AGE, publicReadOf } from '../lib/public-reads';
import { cachedPublicBody, cachedPublicRead, type CachedBody, peekPublicBody } from '../services/config/read-cache';
import { readSystemConfig } from '../services/config/system-config';
import { pickLocale } from '../contract/locales';
import { requestIdentity } from '../middleware/request-id';
import { API_SECURITY_HEADERS, setAnswerHeaders } from '../middleware/response-headers';
import { listPricing } from '../services/pricing/pricing';
import { langQuery } from './credits';

const CACHE_CONTROL = `public, max-age=${PUBLIC_READ_MAX_AGE}, stale-while-revalidate=60`;

/**
 * Responses differ by ?lang / Accept-Language (pricing) and by query (showcase pages), and the Node
 * server compresses JSON by Accept-Encoding. Saying both here matters on Node: hono's `compress`
 * otherwise adds `Vary: Accept-Encoding` with `c.header` after the fact, which turns the answer
 * into a full WHATWG Response read back through a stream (a third of a cached read's CPU).
 */
const cacheHeaders = (cached: CachedBody) => ({
  'cache-control': CACHE_CONTROL,
  etag: cached.etag,
  vary: 'accept-language, accept-encoding',
});

const revalidates = (match: string | undefined, cached: CachedBody) => match?.split(',').some((tag) => tag.trim() === cached.etag);

function answer(c: Context<AppEnv>, cached: CachedBody): Response {
  for (const [name, value] of Object.entries(cacheHeaders(cached))) c.header(name, value);
  if (revalidates(c.req.header('if-none-match'), cached)) return c.body(null, 304);
  c.header('content-type', 'application/json');
  return c.body(cached.body);
}

/** The bodiless answer to a revalidation whose ETag still matches; every public read documents it. */
export const notModified = { description: 'Not modified: the If-None-Match ETag is current (no body)' };

/**
 * Answers a public read from the in-process cache with an ETag: a browser or edge cache revalidating
 * with If-None-Match gets a bodiless 304. `max-age` matches the cache's TTL, so no layer serves a
 * value older than a change made elsewhere by more than that. Typed as the JSON of what `load`
 * returns, so the route's response schema checks it (the cached text is that JSON).
 */
export async function sendPublicRead<T>(
  c: Context<AppEnv>,
  key: string,
  load: () => Promise<T>,
): Promise<Response & TypedResponse<JSONParsed<T>, 200, 'json'>> {
  return answer(c, await cachedPublicRead(c.get('deps').config, key, load)) as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}

class NotCacheable extends Error {}

/**
 * The cache key of a request's answer. Anonymous reads are keyed by the raw path and query plus the
 * language the route would pick, so a hit is answered here, before the query validator and the
 * handler run (the answer is the same bytes, hence the same ETag). Compression happens outside the
 * app (scripts/lib/node-server.ts), so Accept-Encoding does not change the bytes. A request with a
 * token is keyed by route, as authentication has already run for it.
 */
function keyOf(c: Context<AppEnv>, viaMiddleware: boolean): string | null {
  if (c.req.header('authorization')) return viaMiddleware ? `route:${c.req.path}` : null;
  return urlKeyOf(c);
}

function urlKeyOf(c: Context<AppEnv>): string {
  const url = c.req.url;
  const locale = pickLocale(undefined, c.req.header('accept-language'));
  return `url:${locale}:${url.slice(url.indexOf('/', url.indexOf('//') + 2))}`;
}

/**
 * The same cache in front of every public read's route (listed in lib/public-reads.ts): the
 * route's own 200 JSON body is cached as it was sent. The routes whose files belong to other areas
 * (the model catalogue, referral info) rely on it alone; the others also cache by meaning with
 * `sendPublicRead`, which a query spelt another way still hits. Mounted after `authenticate`, so a
 * bad token still gets its 401. Non-200 answers (an unknown referral code, a bad query, a 304) are
 * never cached.
 */
export const publicReadCache = createMiddleware<AppEnv>(async (c, next) => {
  const read = c.req.method === 'GET' ? publicReadOf(c.req.path) : null;
  const key = read && keyOf(c, read.viaMiddleware);
  if (!key) return next();
  let ranHere = false;
  try {
    const cached = await cachedPublicBody(c.get('deps').config, key, async () => {
      ranHere = true;
      await next();
      if (c.res.status !== 200) throw new NotCacheable();
      return c.res.clone().text();
    });
    if (!ranHere) return answer(c, cached);
    // In place: `c.header` on an answer already made would rebuild it (see `cacheHeaders`).
    setAnswerHeaders(c, cacheHeaders(cached));
  } catch (error) {
    if (!(error instanceof NotCacheable)) throw error;
    // Our own uncacheable answer stands; a request that waited on someone else's asks for itself.
    if (!ranHere) await next();
  }
});

/** hono's `compress` leaves answers under this many bytes alone; so do the hits below. */
const COMPRESS_THRESHOLD = 1024;

/** What a hit sends, built once per cached body: header tables (the route's and `/api`'s) and the bytes. */
interface ReadyHit {
  notModified: Readonly<Record<string, string>>;
  ok: Readonly<Record<string, string>>;
  bytes: Uint8Array<ArrayBuffer>;
  gzip?: Promise<Uint8Array<ArrayBuffer>>;
}

const readyHits = new WeakMap<CachedBody, ReadyHit>();

function readyHitOf(cached: CachedBody): ReadyHit {
  let ready = readyHits.get(cached);
  if (!ready) {
    const notModified = { ...API_SECURITY_HEADERS, ...cacheHeaders(cached) };
    ready = { notModified, ok: { ...notModified, 'content-type': 'application/json' }, bytes: new TextEncoder().encode(cached.body) };
    readyHits.set(cached, ready);
  }
  return ready;
}

async function gzipOf(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Whether Accept-Encoding takes gzip (by name or `*`, with a q above 0), the encoding `compress` picks first. */
function acceptsGzip(header: string): boolean {
  let wildcard = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((item) => item.trim());
    const q = params.find((param) => param.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip') return accepted;
    if (name === '*') wildcard = accepted;
  }
  return wildcard;
}

function complete(response: Response): Response {
  completeAnswers.add(response);
  return response;
}

/**
 * A hit's answer with its header table: no Headers object is built, which on Node is most of what
 * a cached read costs beyond the socket. On the Node server (its bindings carry `incoming`) a client
 * that takes gzip gets the copy compressed once per cached body, and the answers that need nothing
 * from `compress` are marked complete for it (scripts/lib/node-server.ts).
 */
async function hitAnswer(c: Context<AppEnv>, cached: CachedBody): Promise<Response> {
  const ready = readyHitOf(cached);
  const ids = requestIdentity(c).answerHeaders();
  if (revalidates(c.req.header('if-none-match'), cached))
    return complete(new Response(null, { status: 304, headers: { ...ready.notModified, ...ids } }));
  if (!(c.env as { incoming?: unknown } | undefined)?.incoming) return new Response(cached.body, { headers: { ...ready.ok, ...ids } });
  const encoding = c.req.header('accept-encoding');
  const small = ready.bytes.byteLength < COMPRESS_THRESHOLD;
  if (encoding && !small && acceptsGzip(encoding)) {
    // A failed compression is not kept: the next client that takes gzip tries again.
    ready.gzip ??= gzipOf(ready.bytes).catch((error: unknown) => {
      ready.gzip = undefined;
      throw error;
    });
    return complete(new Response(await ready.gzip, { headers: { ...ready.ok, 'content-encoding': 'gzip', ...ids } }));
  }
  const plain = new Response(ready.bytes, { headers: { ...ready.ok, ...ids } });
  return encoding && !small ? plain : complete(plain);
}

/**
 * Mounted first on `/api/*`: an anonymous GET of a public read whose answer is cached under its URL
 * is answered here, before the request id, deps, security-header, body-limit, path, authentication
 * and route middleware run. It sends what they would: the security headers and the route's cache
 * headers are in the prebuilt table, the request id and trace are made as `requestId` makes them,
 * and a hit implies the same URL already passed the path check with no token. Not mounted when
 * CORS or request logging is on (their middleware would add to the answer).
 */
export function publicReadHit(scopeOf: (c: Context<AppEnv>) => object): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' || !publicReadOf(c.req.path) || c.req.header('authorization')) return next();
    const cached = peekPublicBody(scopeOf(c), urlKeyOf(c));
    return cached ? hitAnswer(c, cached) : next();
  };
}

const pricing = createRoute({
  method: 'get',
  path: '/pricing/all',
  tags: ['Public'],
  summary: 'Plans and packs (cached; ?lang or Accept-Language)',
  request: { query: langQuery },
  responses: { 200: okJson(pricingListBody, 'Every pricing item, in the caller’s language'), 304: notModified },
});
const registrationBonus = createRoute({
  method: 'get',
  path: '/config/registration-bonus',
  tags: ['Public'],
  summary: 'Sign-up bonus (cached)',
  responses: { 200: okJson(registrationBonusBody, 'Free credits for a new account'), 304: notModified },
});

/** Visitor-readable data (spec §6): pricing and the sign-up bonus advertised on the login screen. */
export const publicRoutes = createRouter().openapi(pricing, (c) => {
  const locale = pickLocale(c.req.valid('query').lang, c.req.header('accept-language'));
  return sendPublicRead(c, `pricing:${locale}`, () => listPricing(c.get('deps').db, locale));
});

export const systemRoutes = createRouter().openapi(registrationBonus, (c) =>
  sendPublicRead(c, 'config:newUserBonus', async () => ({
    success: true as const,
    data: await readSystemConfig(c.get('deps').db, 'newUserBonus'),
  })),
);
