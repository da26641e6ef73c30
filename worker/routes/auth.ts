import { Hono } from 'hono';
import { sendCodeRequest, verifyCodeRequest, verifyEmailRequest } from '../contract/auth';
import { clientNetwork } from '../lib/client-ip';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';
import { requireSignIn, requireUser } from '../middleware/auth';
import { emailVerificationStatus, sendEmailVerificationCode, verifyEmail } from '../services/auth/email-verification';
import { sendLoginCode, verifyLoginCode } from '../services/auth/login-codes';

export const authRoutes = new Hono<AppEnv>()
  .post('/login/send-code', validate('json', sendCodeRequest), async (c) =>
    c.json(await sendLoginCode(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c) })),
  )
  .post('/login/verify-code', validate('json', verifyCodeRequest), async (c) =>
    c.json({ success: true as const, ...(await verifyLoginCode(c.get('deps'), { ...c.req.valid('json'), ip: clientNetwork(c) })) }),
  )
  // E-mail verification of the signed-in (password) account; the address is always the account's own.
  .use('/email-verification', requireSignIn)
  .use('/email-verification/*', requireSignIn)
  .get('/email-verification', async (c) => c.json(await emailVerificationStatus(c.get('deps'), requireUser(c).id)))
  .post('/email-verification/send-code', async (c) =>
    c.json(await sendEmailVerificationCode(c.get('deps'), { userId: requireUser(c).id, ip: clientNetwork(c) })),
  )
  .post('/email-verification/verify', validate('json', verifyEmailRequest), async (c) =>
    c.json(await verifyEmail(c.get('deps'), { ...c.req.valid('json'), userId: requireUser(c).id, ip: clientNetwork(c) })),
  );
