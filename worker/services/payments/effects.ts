import type { PaymentEffect } from '../../adapters/payments/port';
import { checkoutFailed, checkoutPaid } from './effects/checkout';
import type { EffectContext } from './effects/context';
import { paymentRefunded } from './effects/gateway-refunds';
import { invoicePaid } from './effects/invoices';
import { subscriptionChanged } from './effects/subscription-status';

/**
 * Applies what a gateway reported (webhook or reconcile) to orders, subscriptions, refunds and the
 * ledger. Every effect is idempotent on its own — conditional status changes, ledger movement keys,
 * unique invoice ids, monotonic periods — so a replay changes nothing and any arrival order of the
 * same effects reaches the same final state (DESIGN.md §5 invariants 5, 6). Webhooks additionally
 * record their event id in the same transaction (see webhooks.ts).
 *
 * Lock order everywhere: order row → subscription row → credit account, so webhook, refund and
 * maintenance transactions cannot deadlock each other.
 */
export async function applyEffect(ctx: EffectContext, effect: PaymentEffect) {
  switch (effect.kind) {
    case 'checkout.paid':
      return checkoutPaid(ctx, effect);
    case 'checkout.failed':
      return checkoutFailed(ctx, effect);
    case 'invoice.paid':
      return invoicePaid(ctx, effect);
    case 'subscription.changed':
      return subscriptionChanged(ctx, effect);
    case 'payment.refunded':
      return paymentRefunded(ctx, effect);
  }
}

export async function applyEffects(ctx: EffectContext, effects: PaymentEffect[]) {
  for (const effect of effects) await applyEffect(ctx, effect);
}
