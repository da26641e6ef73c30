import { Hono } from 'hono';
import { updateProfileRequest } from '../contract/auth';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';
import { requireSession, requireSignIn, requireUser } from '../middleware/auth';
import { toUserProfile, updateProfile } from '../services/auth/users';

export const userRoutes = new Hono<AppEnv>()
  .use('/me', requireSignIn)
  // The auth middleware already read the whole profile: no second read of the user (issue 17).
  .get('/me', (c) => c.json(toUserProfile(requireSession(c))))
  .put('/me', validate('json', updateProfileRequest), async (c) =>
    c.json(await updateProfile(c.get('deps').db, requireUser(c).id, c.req.valid('json'))),
  );
