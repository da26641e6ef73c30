import * as z from 'zod';
import { wholeNumber } from './numbers';
import { AUTH_MESSAGES } from './auth-rules';

export const referralCodeParam = z.object({
  code: z
    .string()
    .trim()
    .min(4)
    .max(32)
    .regex(/^[A-Za-z0-9_-]+$/, AUTH_MESSAGES.referralCodeInvalid),
});
export const referredUsersQuery = z.object({
  page: wholeNumber('page', 0, 100_000).default(0),
  size: wholeNumber('size', 1, 100).default(20),
});
export const processRegistrationRequest = z.object({ referralCode: z.string().trim().min(4, AUTH_MESSAGES.referralCodeInvalid).max(32) });
export const processPurchaseRequest = z.object({
  referralCode: z.string().trim().max(32).optional(),
  orderId: z.string().trim().min(1).max(64),
});

/** Masks an e-mail for the inviter's list: enough to recognise a friend, not enough to harvest addresses. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const head = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  const [domainName = '', ...tld] = domain.split('.');
  return `${head}${'*'.repeat(Math.max(3, local.length - head.length))}@${domainName.slice(0, 1)}***.${tld.join('.') || '*'}`;
}
