import { createRoute } from '@hono/zod-openapi';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { googleOAuthRequest, googleStartRequest, googleVerifyRequest } from '../../contract/auth';
import { googleConfigBody, googleStartBody, signInBody } from '../../contract/responses/auth';
import { clientNetwork } from '../../http/client-ip';
import { createRouter, errors, jsonBody, okJson } from '../../http/openapi';
import { publicOrigin } from '../../http/public-origin';
import { callerLocale } from '../../middleware/errors';
import {
  finishGoogleSignIn,
  googleConfig,
  OAUTH_FLOW_TTL_SECONDS,
  startGoogleSignIn,
  verifyGoogleIdToken,
} from '../../services/auth/google';

/** The browser-binding cookie of one Google sign-in; named per state so two tabs can sign in at once. */
const COOKIE_PATH = '/api/auth/google';
const flowCookie = (state: string) => `gsi_${state}`;

const tags = ['Auth'];
const googleErrors = errors(403, 409, 429, 503);

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

/** `/api/auth/google/*`: Google sign-in, by redirect (PKCE + state) or by ID token. */
export const googleRoutes = createRouter()
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
