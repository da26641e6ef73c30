/** Success bodies of `/api/referral/*` and `/api/credits/referral*` (spec §7 Referral). */
import * as z from 'zod';
import { pageOf } from './common';

const int = z.number().int();

export const referrerInfoBody = z
  .object({ success: z.literal(true), valid: z.literal(true), referrerName: z.string() })
  .meta({ id: 'ReferrerInfo' });

export const referralCodeCheckBody = z
  .object({ success: z.literal(true), valid: z.boolean(), referrerName: z.string().nullable() })
  .meta({ id: 'ReferralCodeCheck' });

export const referralLinkBody = z
  .object({
    success: z.literal(true),
    referralCode: z.string(),
    code: z.string().describe('Same as referralCode'),
    link: z.string().describe('`{origin}/login?ref={code}`'),
  })
  .meta({ id: 'ReferralLink' });

export const referralStatsBody = z
  .object({
    success: z.literal(true),
    totalReferrals: int,
    registrationRewards: int,
    totalPurchaseRewards: int,
    totalPaidCount: int,
    rewardBalance: int,
  })
  .meta({ id: 'ReferralStats' });

const referredUser = z
  .object({
    id: z.string(),
    invitationTime: z.string(),
    createdAt: z.string(),
    invitedUser: z.string().describe('Masked e-mail'),
    email: z.string().describe('Masked e-mail (same as invitedUser)'),
    status: z.enum(['pending', 'completed']),
    rewardAmount: int,
  })
  .meta({ id: 'ReferredUser' });

export const referredUsersBody = pageOf(referredUser, 'ReferredUsers');

export const referralAppliedBody = z.object({ success: z.literal(true), applied: z.literal(true) }).meta({ id: 'ReferralApplied' });
