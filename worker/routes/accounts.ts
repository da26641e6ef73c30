import { createRoute } from '@hono/zod-openapi';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { googleOAuthRequest, googleStartRequest, googleVerifyRequest, loginRequest, registerRequest } from '../contract/auth';
import { ServiceError } from '../contract/errors';
import { avatarBody, googleConfigBody, googleStartBody, signInBody } from '../contract/responses/auth';
import { clientNetwork } from '../http/client-ip';
import { createRouter, errors, formDoc, jsonBody, okJson, signedIn } from '../http/openapi';
import { publicOrigin } from '../http/public-origin';
import { requireUser } from '../middleware/auth';
import { callerLocale } from '../middleware/errors';
import { uploadAvatar } from '../services/auth/avatars';
import { finishGoogleSignIn, googleConfig, OAUTH_FLOW_TTL_SECONDS, startGoogleSignIn, verifyGoogleIdToken } from '../services/auth/google';
import { loginWithPassword, registerWithPassword } from '../services/auth/password-accounts';

/** The browser-binding cookie of one Google sign-in; named per state so two tabs can sign in at once. */
const COOKIE_PATH = '/api/auth/google';
const flowCookie = (state: string) => `gsi_${state}`;

const tags = ['Auth'];
const googleErrors = errors(403, 409, 429, 503);

const register = createRoute({
  method: 'post',
  path: '/register',
  tags,
  summary: 'Register with a password',
  request: { body: jsonBody(registerRequest) },
  responses: { 200: okJson(signInBody, 'Registered and signed in'), ...errors(409, 429) },
});
const login = createRoute({
  method: 'post',
  path: '/login',
  tags,
  summary: 'Sign in with a password',
  request: { body: jsonBody(loginRequest) },
  responses: { 200: okJson(signInBody, 'Signed in'), ...errors(429) },
});
const googleSettings = createRoute({
  method: 'get',
  path: '/google/config',
  tags,
  summary: 'Whether Google sign-in is configured, and its client id',
  responses: { 200: okJson(googleConfigBody, 'Google sign-in settings') },
});
const googleStart = createRoute({
  method: 'post',
  path: '/google/start',
  tags,
  summary: 'Start Google sign-in (PKCE + state; sets the flow cookie)',
  request: { body: jsonBody(googleStartRequest) },
  responses: { 200: okJson(googleStartBody, 'Where to send the browser'), ...errors(429, 503) },
});
const googleFinish = createRoute({
  method: 'post',
  path: '/google/oauth2',
  tags,
  summary: 'Finish Google sign-in with the authorization code',
  request: { body: jsonBody(googleOAuthRequest) },
  responses: { 200: okJson(signInBody, 'Signed in'), ...googleErrors },
});
const googleIdToken = createRoute({
  method: 'post',
  path: '/google/v2/verify',
  tags,
  summary: 'Sign in with a Google ID token',
  request: { body: jsonBody(googleVerifyRequest) },
  responses: { 200: okJson(signInBody, 'Signed in'), ...googleErrors },
});

/** `/api/auth/*`: password register/login and Google sign-in (mounted beside the e-mail-code routes). */
export const accountAuthRoutes = createRouter()
  .openapi(register, async (c) =>
    c.json(await registerWithPassword(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c), locale: callerLocale(c) }), 200),
  )
  .openapi(login, async (c) =>
    c.json(await loginWithPassword(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c), locale: callerLocale(c) }), 200),
  )
  .openapi(googleSettings, (c) => c.json(googleConfig(c.get('deps').config), 200))
  .openapi(googleStart, async (c) => {
    const started = await startGoogleSignIn(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c), origin: publicOrigin(c) });
    setCookie(c, flowCookie(started.state), started.browserSecret, {
      httpOnly: true,
      sameSite: 'Lax',
      path: COOKIE_PATH,
      maxAge: OAUTH_FLOW_TTL_SECONDS,
      secure: started.secureCookie,
    });
    return c.json({ success: true as const, authorizationUrl: started.authorizationUrl }, 200);
  })
  .openapi(googleFinish, async (c) => {
    const input = c.req.valid('json');
    const name = flowCookie(input.state);
    const browserSecret = getCookie(c, name);
    // Cleared whatever happens (set before the call, so the error response carries it too): used or
    // failed, the flow is over for this browser.
    deleteCookie(c, name, { path: COOKIE_PATH, secure: publicOrigin(c).startsWith('https:') });
    return c.json(
      { success: true as const, ...(await finishGoogleSignIn(c.get('deps'), { ...input, browserSecret, locale: callerLocale(c) })) },
      200,
    );
  })
  .openapi(googleIdToken, async (c) =>
    c.json(
      { success: true as const, ...(await verifyGoogleIdToken(c.get('deps'), { ...c.req.valid('json'), locale: callerLocale(c) })) },
      200,
    ),
  );

const avatar = createRoute({
  method: 'post',
  path: '/me/avatar',
  tags: ['Users'],
  ...signedIn,
  summary: 'Upload an avatar (re-encoded to a 256×256 WebP)',
  request: { body: formDoc({ files: { avatar: { description: 'JPEG, PNG, GIF or WebP, at most 5 MB' } } }) },
  responses: { 200: okJson(avatarBody, 'The new avatar and profile'), ...errors(415, 422, 429) },
});

/** `/api/users/*`: avatar upload (`POST /api/users/me/avatar`, multipart field `avatar`). */
export const avatarRoutes = createRouter().openapi(avatar, async (c) => {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ServiceError('VALIDATION_FAILED', 'sendAvatarMultipart', { field: 'avatar' });
  }
  return c.json(await uploadAvatar(c.get('deps'), requireUser(c).id, form.get('avatar')), 200);
});
