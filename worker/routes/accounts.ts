import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { googleOAuthRequest, googleStartRequest, googleVerifyRequest, loginRequest, registerRequest } from '../contract/auth';
import { ServiceError } from '../contract/errors';
import { clientNetwork } from '../lib/client-ip';
import { publicOrigin } from '../lib/public-origin';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';
import { requireSignIn, requireUser } from '../middleware/auth';
import { uploadAvatar } from '../services/auth/avatars';
import { finishGoogleSignIn, googleConfig, OAUTH_FLOW_TTL_SECONDS, startGoogleSignIn, verifyGoogleIdToken } from '../services/auth/google';
import { loginWithPassword, registerWithPassword } from '../services/auth/password-accounts';

/** The browser-binding cookie of one Google sign-in; named per state so two tabs can sign in at once. */
const COOKIE_PATH = '/api/auth/google';
const flowCookie = (state: string) => `gsi_${state}`;

/** `/api/auth/*`: password register/login and Google sign-in (mounted beside the e-mail-code routes). */
export const accountAuthRoutes = new Hono<AppEnv>()
  .post('/register', validate('json', registerRequest), async (c) =>
    c.json(await registerWithPassword(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c) })),
  )
  .post('/login', validate('json', loginRequest), async (c) =>
    c.json(await loginWithPassword(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c) })),
  )
  .get('/google/config', (c) => c.json(googleConfig(c.get('deps').config)))
  .post('/google/start', validate('json', googleStartRequest), async (c) => {
    const started = await startGoogleSignIn(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c), origin: publicOrigin(c) });
    setCookie(c, flowCookie(started.state), started.browserSecret, {
      httpOnly: true,
      sameSite: 'Lax',
      path: COOKIE_PATH,
      maxAge: OAUTH_FLOW_TTL_SECONDS,
      secure: started.secureCookie,
    });
    return c.json({ success: true as const, authorizationUrl: started.authorizationUrl });
  })
  .post('/google/oauth2', validate('json', googleOAuthRequest), async (c) => {
    const input = c.req.valid('json');
    const name = flowCookie(input.state);
    const browserSecret = getCookie(c, name);
    // Cleared whatever happens (set before the call, so the error response carries it too): used or
    // failed, the flow is over for this browser.
    deleteCookie(c, name, { path: COOKIE_PATH, secure: publicOrigin(c).startsWith('https:') });
    return c.json({ success: true as const, ...(await finishGoogleSignIn(c.get('deps'), { ...input, browserSecret })) });
  })
  .post('/google/v2/verify', validate('json', googleVerifyRequest), async (c) =>
    c.json({ success: true as const, ...(await verifyGoogleIdToken(c.get('deps'), c.req.valid('json'))) }),
  );

/** `/api/users/*`: avatar upload (`POST /api/users/me/avatar`, multipart field `avatar`). */
export const avatarRoutes = new Hono<AppEnv>().use('/me/avatar', requireSignIn).post('/me/avatar', async (c) => {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ServiceError('VALIDATION_FAILED', 'Send the avatar as multipart/form-data', { field: 'avatar' });
  }
  return c.json(await uploadAvatar(c.get('deps'), requireUser(c).id, form.get('avatar')));
});
