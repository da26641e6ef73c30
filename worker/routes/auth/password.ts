import { createRoute } from '@hono/zod-openapi';
import { loginRequest, registerRequest } from '../../contract/auth';
import { signInBody } from '../../contract/responses/auth';
import { clientNetwork } from '../../http/client-ip';
import { createRouter, errors, jsonBody, okJson } from '../../http/openapi';
import { callerLocale } from '../../middleware/errors';
import { loginWithPassword, registerWithPassword } from '../../services/auth/password-accounts';

const tags = ['Auth'];

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
/** `/api/auth/register` and `/api/auth/login`: accounts with a password. */
export const passwordRoutes = createRouter()
  .openapi(register, async (c) =>
    c.json(await registerWithPassword(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c), locale: callerLocale(c) }), 200),
  )
  .openapi(login, async (c) =>
    c.json(await loginWithPassword(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c), locale: callerLocale(c) }), 200),
  );
