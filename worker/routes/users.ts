import { createRoute } from '@hono/zod-openapi';
import { updateProfileRequest } from '../contract/auth';
import { ServiceError } from '../contract/errors';
import { avatarBody, userProfile } from '../contract/responses/auth';
import { createRouter, errors, formDoc, jsonBody, okJson, signedIn } from '../http/openapi';
import { requireSession, requireUser } from '../middleware/auth';
import { uploadAvatar } from '../services/auth/avatars';
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
const avatar = createRoute({
  method: 'post',
  path: '/me/avatar',
  tags,
  ...signedIn,
  summary: 'Upload an avatar (re-encoded to a 256×256 WebP)',
  request: { body: formDoc({ files: { avatar: { description: 'JPEG, PNG, GIF or WebP, at most 5 MB' } } }) },
  responses: { 200: okJson(avatarBody, 'The new avatar and profile'), ...errors(415, 422, 429) },
});

/** `/api/users/me`: the profile, its name and its avatar (multipart field `avatar`). */
export const userRoutes = createRouter()
  // The auth middleware already read the whole profile: no second read of the user.
  .openapi(me, (c) => c.json(toUserProfile(requireSession(c)), 200))
  .openapi(rename, async (c) => c.json(await updateProfile(c.get('deps').db, requireUser(c).id, c.req.valid('json')), 200))
  .openapi(avatar, async (c) => {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ServiceError('VALIDATION_FAILED', 'sendAvatarMultipart', { field: 'avatar' });
    }
    return c.json(await uploadAvatar(c.get('deps'), requireUser(c).id, form.get('avatar')), 200);
  });
