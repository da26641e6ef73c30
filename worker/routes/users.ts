import { createRoute } from '@hono/zod-openapi';
import { updateProfileRequest } from '../contract/auth';
import { userProfile } from '../contract/responses/auth';
import { createRouter, errors, jsonBody, okJson, signedIn } from '../http/openapi';
import { requireSession, requireUser } from '../middleware/auth';
import { toUserProfile, updateProfile } from '../services/auth/users';

const tags = ['Users'];
const me = createRoute({
  method: 'get',
  path: '/me',
  tags,
  ...signedIn,
  summary: 'The signed-in profile',
  responses: { 200: okJson(userProfile, 'The profile (no envelope)') },
});
const rename = createRoute({
  method: 'put',
  path: '/me',
  tags,
  ...signedIn,
  summary: 'Rename',
  request: { body: jsonBody(updateProfileRequest) },
  responses: { 200: okJson(userProfile, 'The updated profile'), ...errors(404) },
});

export const userRoutes = createRouter()
  // The auth middleware already read the whole profile: no second read of the user.
  .openapi(me, (c) => c.json(toUserProfile(requireSession(c)), 200))
  .openapi(rename, async (c) => c.json(await updateProfile(c.get('deps').db, requireUser(c).id, c.req.valid('json')), 200));
