import { Hono } from 'hono';
import { updateProfileRequest } from '../contract/auth';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/auth';
import { getProfile, updateProfile } from '../services/auth/users';

export const userRoutes = new Hono<AppEnv>()
  .use('/me', requireUser)
  .get('/me', async (c) => c.json(await getProfile(c.get('deps').db, c.get('user')!.id)))
  .put('/me', validate('json', updateProfileRequest), async (c) =>
    c.json(await updateProfile(c.get('deps').db, c.get('user')!.id, c.req.valid('json'))),
  );
