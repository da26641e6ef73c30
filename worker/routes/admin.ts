import { Hono } from 'hono';
import { creditSystemConfigUpdate } from '../contract/admin';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';
import { requireAdmin } from '../middleware/auth';
import { readCreditSystemConfig, updateCreditSystemConfig } from '../services/config/credit-system-config';

export const adminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/credit-system-config', async (c) => c.json({ success: true, data: await readCreditSystemConfig(c.get('deps').db) }))
  .put('/credit-system-config', validate('json', creditSystemConfigUpdate), async (c) =>
    c.json({ success: true, data: await updateCreditSystemConfig(c.get('deps'), c.req.valid('json')) }),
  );
