import { pickLocale } from '../contract/locales';

/**
 * The public, visitor-readable GET routes whose answers are the same for everyone: the
 * one list behind the in-process cache, the Cache-Control/ETag headers and the Workers Cache API.
 * None of them depends on who asks; pricing depends on the language, which is part of every key.
 */
export const PUBLIC_READ_MAX_AGE = 30;

interface PublicRead {
  pattern: RegExp;
  /** Cached by the `publicReadCache` middleware (routes/public.ts) because the route file is another area's; the others call `sendPublicRead` themselves. */
  viaMiddleware: boolean;
}

const PUBLIC_READS: PublicRead[] = [
  { pattern: /^\/api\/public\/pricing\/all$/, viaMiddleware: false },
  { pattern: /^\/api\/showcase\/images$/, viaMiddleware: false },
  { pattern: /^\/api\/system\/config\/registration-bonus$/, viaMiddleware: false },
  { pattern: /^\/api\/generate-image\/models$/, viaMiddleware: true },
  { pattern: /^\/api\/referral\/info\/[^/]+$/, viaMiddleware: true },
];

export function publicReadOf(path: string): PublicRead | null {
  return PUBLIC_READS.find((read) => read.pattern.test(path)) ?? null;
}

/**
 * Answers already as they must leave: headers final (Vary included), body encoded for the client.
 * The Node server sends these without passing them through `compress`, which would read their
 * header table back into a Headers object (scripts/lib/node-server.ts).
 */
export const completeAnswers = new WeakSet<Response>();

/** What the Workers entry needs of `caches.default` (a structural type, so Node typechecks it too). */
export interface EdgeCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

/**
 * The Cache API in front of the app for public reads on Workers: a hit in this data centre costs no
 * isolate work beyond the lookup (no app, no database connection). Only anonymous GETs: a request
 * with a token goes through the app, so a revoked token still gets its 401. The key carries the
 * language (the edge cache ignores `Vary`), and If-None-Match is answered here from the stored ETag.
 */
export async function withEdgeCache(
  request: Request,
  cache: EdgeCache | undefined,
  waitUntil: (promise: Promise<unknown>) => void,
  run: () => Promise<Response>,
): Promise<Response> {
  const url = new URL(request.url);
  if (!cache || request.method !== 'GET' || request.headers.has('authorization') || !publicReadOf(url.pathname)) return run();
  // Normalised like the pricing route does, so browsers' many Accept-Language variants share two entries.
  url.searchParams.set(
    '__lang',
    pickLocale(url.searchParams.get('lang') ?? undefined, request.headers.get('accept-language') ?? undefined),
  );
  const key = new Request(url.toString(), { method: 'GET' });
  const hit = await cache.match(key);
  if (hit) {
    const etag = hit.headers.get('etag');
    const match = request.headers.get('if-none-match');
    if (etag && match?.split(',').some((tag) => tag.trim() === etag)) {
      return new Response(null, {
        status: 304,
        headers: { etag, 'cache-control': hit.headers.get('cache-control') ?? '', 'x-cache': 'HIT' },
      });
    }
    const response = new Response(hit.body, hit);
    response.headers.set('x-cache', 'HIT');
    return response;
  }
  const response = await run();
  if (response.status === 200 && /\bpublic\b/.test(response.headers.get('cache-control') ?? '')) {
    const stored = new Response(response.clone().body, response);
    // The stored copy answers other requests: this request's id must not travel with it.
    stored.headers.delete('x-request-id');
    waitUntil(cache.put(key, stored));
  }
  return response;
}
