import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { passwordResetConfirm, passwordResetRequest } from '../../contract/auth';
import { passwordResetRequestBody, signInBody } from '../../contract/responses/auth';
import { clientNetwork } from '../../http/client-ip';
import type { AppEnv } from '../../http/hono-env';
import { createRouter, errors, jsonBody, okJson } from '../../http/openapi';
import { callerLocale } from '../../middleware/errors';
import { confirmPasswordReset, requestPasswordReset } from '../../services/auth/password-reset';

/**
 * Work that should not hold up the answer: on Workers it is kept alive past the response
 * (`waitUntil`); on Node (no execution context) it simply runs on.
 */
function afterResponse(c: Context<AppEnv>): (work: Promise<unknown>) => void {
  return (work) => {
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      // Node: no execution context; the promise runs to completion on its own.
    }
  };
}

const tags = ['Auth'];
const request = createRoute({
  method: 'post',
  path: '/request',
  tags,
  summary: 'Send a password reset code (same answer for any address)',
  request: { body: jsonBody(passwordResetRequest) },
  responses: { 200: okJson(passwordResetRequestBody, 'Sent if the address has an account'), ...errors(429) },
});
const confirm = createRoute({
  method: 'post',
  path: '/confirm',
  tags,
  summary: 'Set a new password with the code; ends every other session',
  request: { body: jsonBody(passwordResetConfirm) },
  responses: { 200: okJson(signInBody, 'Password replaced and signed in'), ...errors(429) },
});

/** `/api/auth/password-reset/*`: mail a reset code, then code + new password → signed in. */
export const passwordResetRoutes = createRouter()
  .openapi(request, async (c) =>
    c.json(
      await requestPasswordReset(c.get('deps'), {
        ...c.req.valid('json'),
        ip: clientNetwork(c),
        locale: callerLocale(c),
        later: afterResponse(c),
      }),
      200,
    ),
  )
  .openapi(confirm, async (c) => c.json(await confirmPasswordReset(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c) }), 200));
