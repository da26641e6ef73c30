import { renderMessage } from '../../contract/messages';
import { describe, expect, it } from 'vitest';
import { evaluateRefund, type RefundFacts } from './refunds';

const now = new Date('2026-11-22T10:00:00Z');
const DAY = 24 * 3600 * 1000;
const ok: RefundFacts = {
  order: { status: 'PAID', paidAt: new Date(now.getTime() - DAY), creditsAdded: 500 },
  bucketBalance: 500,
  recentRefundCount: 1,
  hasPendingRefund: false,
  now,
};
const withOrder = (order: Partial<RefundFacts['order']>): RefundFacts => ({ ...ok, order: { ...ok.order, ...order } });

describe('refund rules (spec §5), each condition alone', () => {
  it.each<[string, RefundFacts, keyof ReturnType<typeof evaluateRefund>['conditions'] | null, RegExp | null]>([
    ['all conditions hold', ok, null, null],
    ['exactly 3 days after payment is still inside the window', withOrder({ paidAt: new Date(now.getTime() - 3 * DAY) }), null, null],
    ['balance exactly equal to what the order granted is enough', { ...ok, bucketBalance: 500 }, null, null],
    ['not paid (failed)', withOrder({ status: 'FAILED' }), 'isPaid', /paid orders/],
    ['already refunded', withOrder({ status: 'REFUNDED' }), 'isPaid', /paid orders/],
    ['one millisecond past 3 days', withOrder({ paidAt: new Date(now.getTime() - 3 * DAY - 1) }), 'withinTimeLimit', /3 days/],
    ['credits spent below what the order granted', { ...ok, bucketBalance: 499 }, 'hasEnoughCredits', /499 of 500/],
    ['a third refund within 30 days', { ...ok, recentRefundCount: 2 }, 'passRiskControl', /At most 2 refunds/],
    ['a refund already in flight', { ...ok, hasPendingRefund: true }, 'noPendingRefund', /already being processed/],
  ])('%s', (_name, facts, failing, message) => {
    const { conditions, failure } = evaluateRefund(facts);
    const booleans = ['isPaid', 'withinTimeLimit', 'hasEnoughCredits', 'passRiskControl', 'noPendingRefund'] as const;
    for (const key of booleans) expect(conditions[key], key).toBe(key !== failing);
    if (message) expect(failure && renderMessage(failure, 'en')).toMatch(message);
    else expect(failure).toBeNull();
    expect(conditions.currentCredits).toBe(facts.bucketBalance);
    expect(conditions.requiredCredits).toBe(facts.order.creditsAdded);
    expect(conditions.recentRefundCount).toBe(facts.recentRefundCount);
  });

  it('names a pending refund before the credits it already took back', () => {
    expect(evaluateRefund({ ...ok, bucketBalance: 0, hasPendingRefund: true }).failure?.id).toBe('refundInProgress');
  });
});
