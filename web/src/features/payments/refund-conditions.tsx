import { Trans, useLingui } from '@lingui/react/macro';
import { Check, X } from 'lucide-react';
import { REFUND_RULES } from '@worker/contract/payments';
import type { OrderItem, RefundCheckResponse } from '@web/api/types';
import { formatCreditsExact, formatDate } from '../../ui/format';

/** One rule, met or not, with its numbers. */
function Condition({ ok, children, detail, testId }: { ok: boolean; children: React.ReactNode; detail?: React.ReactNode; testId: string }) {
  const { t } = useLingui();
  return (
    <li data-testid={testId} data-ok={ok} className="flex items-start gap-3 py-2.5">
      <span
        aria-hidden
        className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${ok ? 'bg-emerald-500/15 text-emerald-300' : 'bg-rose-500/15 text-rose-300'}`}
      >
        {ok ? <Check className="h-3.5 w-3.5" strokeWidth={3} /> : <X className="h-3.5 w-3.5" strokeWidth={3} />}
      </span>
      <span className="min-w-0">
        <span className="sr-only">{ok ? t`Met:` : t`Not met:`} </span>
        <span className={ok ? 'text-zinc-100' : 'font-medium text-rose-100'}>{children}</span>
        {detail && <span className="block text-xs text-zinc-400">{detail}</span>}
      </span>
    </li>
  );
}

/** Spec §5 refund rules as the server judged them, each with its numbers. */
export function Conditions({ check, order }: { check: RefundCheckResponse; order: OrderItem }) {
  const { i18n } = useLingui();
  const c = check.conditions;
  const max = REFUND_RULES.maxRefundsPer30Days;
  const { recentRefundCount: recent } = c;
  const exact = (n: number) => formatCreditsExact(n, i18n.locale);
  // The order's credits are taken back from their own kind (pack or subscription credits, the server's
  // currentCredits): say what it added, how many of that kind there are and how many after, so 3,052
  // beside 100 reads as "enough", not as a fraction.
  const added = exact(c.requiredCredits);
  const balance = exact(c.currentCredits);
  const after = exact(c.currentCredits - c.requiredCredits);
  const deadline = check.deadline ? formatDate(check.deadline) : null;
  return (
    <ul aria-labelledby="refund-conditions-title" className="divide-y divide-white/5">
      <Condition testId="condition-paid" ok={c.isPaid}>
        <Trans>The order is paid</Trans>
      </Condition>
      <Condition testId="condition-time" ok={c.withinTimeLimit} detail={deadline ? <Trans>Deadline: {deadline}</Trans> : null}>
        <Trans>Requested within 3 days of payment</Trans>
      </Condition>
      <Condition
        testId="condition-credits"
        ok={c.hasEnoughCredits}
        detail={
          c.hasEnoughCredits ? (
            order.kind === 'subscription' ? (
              <Trans>
                This plan added {added} credits. A refund takes them back from your subscription credits: {balance} now, {after} after.
              </Trans>
            ) : (
              <Trans>
                This pack added {added} credits. A refund takes them back from your pack credits: {balance} now, {after} after.
              </Trans>
            )
          ) : order.kind === 'subscription' ? (
            <Trans>
              This plan added {added} credits, but only {balance} subscription credits are left: some have been used.
            </Trans>
          ) : (
            <Trans>
              This pack added {added} credits, but only {balance} pack credits are left: some have been used.
            </Trans>
          )
        }
      >
        <Trans>The purchased credits are unused</Trans>
      </Condition>
      <Condition
        testId="condition-risk"
        ok={c.passRiskControl}
        detail={
          <Trans>
            Refunds in the last 30 days: {recent} of {max}
          </Trans>
        }
      >
        <Trans>At most {max} refunds in 30 days</Trans>
      </Condition>
      <Condition testId="condition-pending" ok={c.noPendingRefund}>
        <Trans>No refund already in progress for this order</Trans>
      </Condition>
    </ul>
  );
}

/**
 * Why the refund is refused, naming the first failing rule in the server's order (a pending refund
 * before the others: its credits are already taken back, so "not enough credits" would mislead).
 */
export function Refusal({ check }: { check: RefundCheckResponse }) {
  const { i18n } = useLingui();
  const c = check.conditions;
  const max = REFUND_RULES.maxRefundsPer30Days;
  const added = formatCreditsExact(c.requiredCredits, i18n.locale);
  const balance = formatCreditsExact(c.currentCredits, i18n.locale);
  if (!c.isPaid) return <Trans>This order cannot be refunded: only paid orders can be refunded.</Trans>;
  if (!c.noPendingRefund) return <Trans>This order cannot be refunded: a refund for it is already being processed.</Trans>;
  if (!c.withinTimeLimit) return <Trans>This order cannot be refunded: the 3-day refund window has closed.</Trans>;
  if (!c.hasEnoughCredits)
    return (
      <Trans>
        This order cannot be refunded: some of its credits have been used ({balance} of {added} left).
      </Trans>
    );
  if (!c.passRiskControl) return <Trans>This order cannot be refunded: at most {max} refunds are allowed in 30 days.</Trans>;
  return <>{check.error}</>;
}

/** What the refund will do: the money back, the credits removed and, for a plan, that it ends now. */
export function RefundOutcome({ amount, removed, plan }: { amount: string; removed: string; plan: string | null }) {
  return (
    <p className="mt-3 rounded-xl bg-white/5 p-3 text-sm text-zinc-300" data-testid="refund-outcome">
      <Trans>
        You will get <strong className="text-white">{amount}</strong> back and {removed} credits will be removed from your balance. Refunds
        take 3–5 business days to reach your account.
      </Trans>
      {plan !== null && (
        <>
          {' '}
          <strong className="text-white">
            <Trans>Your {plan} plan ends now: no more monthly credits and no renewal.</Trans>
          </strong>
        </>
      )}
    </p>
  );
}
