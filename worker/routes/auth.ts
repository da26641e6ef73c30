import { Hono } from 'hono';
import { sendCodeRequest, verifyCodeRequest } from '../contract/auth';
import { clientIp } from '../lib/client-ip';
import type { AppEnv } from '../lib/hono-env';
import { validate } from '../lib/validate';
import { sendLoginCode, verifyLoginCode } from '../services/auth/login-codes';

export const authRoutes = new Hono<AppEnv>()
  .post('/login/send-code', validate('json', sendCodeRequest), async (c) =>
    c.json(await sendLoginCode(c.get('deps'), { ...c.req.valid('json'), ip: clientIp(c) })),
  )
  .post('/login/verify-code', validate('json', verifyCodeRequest), async (c) =>
    c.json({ success: true as const, ...(await verifyLoginCode(c.get('deps'), { ...c.req.valid('json'), ip: clientIp(c) })) }),
  );
