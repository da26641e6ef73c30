import { Hono } from 'hono';
import { processPurchaseRequest, processRegistrationRequest, referralCodeParam, referredUsersQuery } from '../contract/referrals';
import type { AppEnv } from '../lib/hono-env';
import { publicOrigin } from '../lib/public-origin';
import { validate } from '../lib/validate';
import { requireSignIn, requireUser } from '../middleware/auth';
import {
  processRegistration,
  referralLink,
  referralStats,
  referredUsers,
  referrerInfo,
  validateCode,
} from '../services/referrals/referrals';

export const referralRoutes = new Hono<AppEnv>()
  // Public: the login page shows who invited the visitor.
  .get('/info/:code', validate('param', referralCodeParam), async (c) =>
    c.json(await referrerInfo(c.get('deps').db, c.req.valid('param').code)),
  )
  .get('/validate/:code', validate('param', referralCodeParam), async (c) =>
    c.json(await validateCode(c.get('deps').db, c.req.valid('param').code)),
  )
  .use('*', requireSignIn)
  .get('/link', async (c) => c.json(await referralLink(c.get('deps').db, requireUser(c).id, publicOrigin(c))))
  .get('/stats', async (c) => c.json(await referralStats(c.get('deps').db, requireUser(c).id)))
  .get('/referred-users', validate('query', referredUsersQuery), async (c) =>
    c.json(await referredUsers(c.get('deps').db, requireUser(c).id, c.req.valid('query'))),
  )
  .post('/process-registration', validate('json', processRegistrationRequest), async (c) =>
    c.json(await processRegistration(c.get('deps').db, requireUser(c).id, c.req.valid('json').referralCode, c.get('deps').clock.now())),
  )
  // Purchase bonuses are paid automatically once an invitee's order is past the refund window;
  // this call only acknowledges, so a client retry can never pay twice.
  .post('/process-purchase', validate('json', processPurchaseRequest), (c) =>
    c.json({ success: true, message: 'Purchase rewards are granted automatically after the refund window' }),
  );

/** `/api/credits/referral` and `/api/credits/referral/link` (spec §7 Credits). */
export const creditReferralRoutes = new Hono<AppEnv>()
  .use('*', requireSignIn)
  .get('/', async (c) => c.json(await referralStats(c.get('deps').db, requireUser(c).id)))
  .get('/link', async (c) => c.json(await referralLink(c.get('deps').db, requireUser(c).id, publicOrigin(c))));
