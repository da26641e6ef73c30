import { type Context, Hono } from 'hono';
import { passwordResetConfirm, passwordResetRequest } from '../contract/auth';
import { clientNetwork } from '../lib/client-ip';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';
import { confirmPasswordReset, requestPasswordReset } from '../services/auth/password-reset';

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

/** `/api/auth/password-reset/*` (issue 19): mail a reset code, then code + new password → signed in. */
export const passwordResetRoutes = new Hono<AppEnv>()
  .post('/request', validate('json', passwordResetRequest), async (c) =>
    c.json(await requestPasswordReset(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c), later: afterResponse(c) })),
  )
  .post('/confirm', validate('json', passwordResetConfirm), async (c) =>
    c.json(await confirmPasswordReset(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c) })),
  );
