import { describe, expect, it } from 'vitest';
import { ledgerText } from './ledger-text';

/** The server's ledger wordings (worker/services/**: users.ts, referrals.ts, refunds.ts, subscriptions.ts, effects.ts, jobs/*). */
describe('ledgerText', () => {
  const of = (description: string | null, type = 'EARNED') => ledgerText({ description, type: type as never });
  it.each([
    ['Welcome bonus for new users', { kind: 'welcome' }],
    ['Invitation reward: a friend signed up', { kind: 'invite-signup' }],
    ["Invitation reward: 10% of a friend's purchase", { kind: 'invite-purchase', percent: '10' }],
    ['Refund of order ORD20261124ABC', { kind: 'refund-order', order: 'ORD20261124ABC' }],
    ['Refund of order ORD1 failed: credits restored', { kind: 'refund-order-failed', order: 'ORD1' }],
    ['Yearly subscription: credits for month 3 of 12 (ORD9)', { kind: 'yearly-month', month: '3', order: 'ORD9' }],
    ['Purchase: Starter Pack (ORD2)', { kind: 'purchase', plan: 'Starter Pack', order: 'ORD2' }],
    ['Subscription: Pro Plan monthly (ORD3)', { kind: 'subscription', plan: 'Pro Plan', cycle: 'monthly', order: 'ORD3' }],
    ['Subscription ended: unused subscription credits lapsed', { kind: 'subscription-ended' }],
    ['Text-to-image generation', { kind: 'text-to-image' }],
    ['Image editing', { kind: 'image-edit' }],
    ['Photo tool', { kind: 'photo-tool' }],
    ['Image upscale', { kind: 'upscale' }],
    ['Refund for a failed generation', { kind: 'generation-refund' }],
    ['Refund', { kind: 'refund' }],
    ['something new', { kind: 'unknown' }],
  ])('%s', (description, expected) => expect(of(description)).toEqual(expected));

  it('a welcome row is the welcome bonus whatever its wording', () => expect(of(null, 'new_user')).toEqual({ kind: 'welcome' }));
});
