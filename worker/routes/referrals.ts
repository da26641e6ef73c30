import { createRoute } from '@hono/zod-openapi';
import { processPurchaseRequest, processRegistrationRequest, referralCodeParam, referredUsersQuery } from '../contract/referrals';
import { okMessageBody, PAGED_LIST } from '../contract/responses/common';
import {
  referralAppliedBody,
  referralCodeCheckBody,
  referralLinkBody,
  referralStatsBody,
  referredUsersBody,
  referrerInfoBody,
} from '../contract/responses/referrals';
import { createRouter, errors, jsonBody, okJson, signedIn } from '../http/openapi';
import { publicOrigin } from '../http/public-origin';
import { requireUser } from '../middleware/auth';
import {
  processRegistration,
  referralLink,
  referralStats,
  referredUsers,
  referrerInfo,
  validateCode,
} from '../services/referrals/referrals';

const tags = ['Referrals'];
const params = { params: referralCodeParam };

const info = createRoute({
  method: 'get',
  path: '/info/{code}',
  tags,
  summary: 'Who invited the visitor (public, cached)',
  request: params,
  responses: { 200: okJson(referrerInfoBody, 'The inviter'), 304: { description: 'Not modified (If-None-Match)' }, ...errors(404) },
});
const check = createRoute({
  method: 'get',
  path: '/validate/{code}',
  tags,
  summary: 'Whether a referral code exists',
  request: params,
  responses: { 200: okJson(referralCodeCheckBody, 'Whether it exists') },
});
const linkRoute = (summary: string) =>
  createRoute({ method: 'get', path: '/link', tags, ...signedIn, summary, responses: { 200: okJson(referralLinkBody, 'Invite link') } });
const statsRoute = (path: '/stats' | '/') =>
  createRoute({
    method: 'get',
    path,
    tags,
    ...signedIn,
    summary: 'Referral statistics',
    responses: { 200: okJson(referralStatsBody, 'Counts and rewards') },
  });
const invited = createRoute({
  method: 'get',
  path: '/referred-users',
  tags,
  ...signedIn,
  summary: 'Invited users, e-mails masked',
  description: PAGED_LIST,
  request: { query: referredUsersQuery },
  responses: { 200: okJson(referredUsersBody, 'One page of invited users') },
});
const registration = createRoute({
  method: 'post',
  path: '/process-registration',
  tags,
  ...signedIn,
  summary: 'Link a fresh account to its inviter',
  request: { body: jsonBody(processRegistrationRequest) },
  responses: { 200: okJson(referralAppliedBody, 'Linked'), ...errors(404, 409) },
});
// Purchase bonuses are paid automatically once an invitee's order is past the refund window;
// this call only acknowledges, so a client retry can never pay twice.
const purchase = createRoute({
  method: 'post',
  path: '/process-purchase',
  tags,
  ...signedIn,
  summary: 'Acknowledged only: purchase rewards are automatic',
  request: { body: jsonBody(processPurchaseRequest) },
  responses: { 200: okJson(okMessageBody, 'Acknowledged') },
});

export const referralRoutes = createRouter()
  // Public: the login page shows who invited the visitor.
  .openapi(info, async (c) => c.json(await referrerInfo(c.get('deps').db, c.req.valid('param').code), 200))
  .openapi(check, async (c) => c.json(await validateCode(c.get('deps').db, c.req.valid('param').code), 200))
  .openapi(linkRoute('Invite link and code'), async (c) =>
    c.json(await referralLink(c.get('deps').db, requireUser(c).id, publicOrigin(c)), 200),
  )
  .openapi(statsRoute('/stats'), async (c) => c.json(await referralStats(c.get('deps').db, requireUser(c).id), 200))
  .openapi(invited, async (c) => c.json(await referredUsers(c.get('deps').db, requireUser(c).id, c.req.valid('query')), 200))
  .openapi(registration, async (c) =>
    c.json(
      await processRegistration(c.get('deps').db, requireUser(c).id, c.req.valid('json').referralCode, c.get('deps').clock.now()),
      200,
    ),
  )
  .openapi(purchase, (c) =>
    c.json({ success: true as const, message: 'Purchase rewards are granted automatically after the refund window' }, 200),
  );

/** `/api/credits/referral` and `/api/credits/referral/link` (spec §7 Credits). */
export const creditReferralRoutes = createRouter()
  .openapi(statsRoute('/'), async (c) => c.json(await referralStats(c.get('deps').db, requireUser(c).id), 200))
  .openapi(linkRoute('Invite link and code (Credits path)'), async (c) =>
    c.json(await referralLink(c.get('deps').db, requireUser(c).id, publicOrigin(c)), 200),
  );
