import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../lib/hono-env';
import { cachedPublicRead, type CachedBody } from '../services/config/read-cache';
import { readSystemConfig } from '../services/config/system-config';
import { listPricing, pickLocale } from '../services/pricing/pricing';

/**
 * Answers a public read from the in-process cache with an ETag: a browser or edge cache revalidating
 * with If-None-Match gets a bodiless 304. `max-age` matches the cache's TTL, so no layer serves a
 * value older than a change made elsewhere by more than that.
 */
export async function sendPublicRead(c: Context<AppEnv>, key: string, load: () => Promise<unknown>) {
  const cached: CachedBody = await cachedPublicRead(c.get('deps').db, key, load);
  // Responses differ by ?lang / Accept-Language (pricing) and by query (showcase pages).
  c.header('cache-control', 'public, max-age=30, stale-while-revalidate=60');
  c.header('etag', cached.etag);
  c.header('vary', 'accept-language');
  const match = c.req.header('if-none-match');
  if (match && match.split(',').some((tag) => tag.trim() === cached.etag)) return c.body(null, 304);
  c.header('content-type', 'application/json');
  return c.body(cached.body);
}

/** Visitor-readable data (spec §6): pricing and the sign-up bonus advertised on the login screen. */
export const publicRoutes = new Hono<AppEnv>().get('/pricing/all', (c) => {
  const locale = pickLocale(c.req.query('lang'), c.req.header('accept-language'));
  return sendPublicRead(c, `pricing:${locale}`, () => listPricing(c.get('deps').db, locale));
});

export const systemRoutes = new Hono<AppEnv>().get('/config/registration-bonus', (c) =>
  sendPublicRead(c, 'config:newUserBonus', async () => ({ success: true, data: await readSystemConfig(c.get('deps').db, 'newUserBonus') })),
);
