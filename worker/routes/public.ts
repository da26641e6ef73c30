import { Hono } from 'hono';
import type { AppEnv } from '../lib/hono-env';
import { readSystemConfig } from '../services/config/system-config';
import { listPricing, pickLocale } from '../services/pricing/pricing';

/** Visitor-readable data (spec §6): pricing and the sign-up bonus advertised on the login screen. */
export const publicRoutes = new Hono<AppEnv>().get('/pricing/all', async (c) => {
  const locale = pickLocale(c.req.query('lang'), c.req.header('accept-language'));
  c.header('cache-control', 'public, max-age=60');
  return c.json(await listPricing(c.get('deps').db, locale));
});

export const systemRoutes = new Hono<AppEnv>().get('/config/registration-bonus', async (c) =>
  c.json({ success: true, data: await readSystemConfig(c.get('deps').db, 'newUserBonus') }),
);
