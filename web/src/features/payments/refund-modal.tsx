import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Check, X } from 'lucide-react';
import { Dialog, Heading, Label, Modal, ModalOverlay, Text, TextArea, TextField } from 'react-aria-components';
import { REFUND_RULES, type OrderItem, type RefundCheckResponse } from '@worker/contract/payments';
import { ApiError } from '../../api/client';
import { paymentsApi } from '../../api/payments';
import { Button } from '../../ui/button';
import { formatCreditsExact, formatDate, formatMoney } from '../../ui/format';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { invalidateCredits, queries } from '../../api/queries';

/**
 * The server's own words for a refusal or failure, unless it is a generic or transport error, which
 * get the spec's default text (spec §8: "server error or default").
 */
function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'INTERNAL' || error.code === 'NETWORK_ERROR' || error.code === 'UNAUTHENTICATED') return undefined;
  return error.message;
}

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
function Conditions({ check, order }: { check: RefundCheckResponse; order: OrderItem }) {
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
function Refusal({ check }: { check: RefundCheckResponse }) {
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
function RefundOutcome({ amount, removed, plan }: { amount: string; removed: string; plan: string | null }) {
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

/**
 * Refund modal (spec §4): checks the conditions on the server first, then, if allowed, takes an
 * optional reason (≤ 200) and submits. On success the caller reloads the list.
 */
export function RefundModal({
  order,
  onClose,
  onRefunded,
}: {
  order: OrderItem | null;
  onClose: () => void;
  /** `said`: what happened, for the page to keep on show after the toast has gone. */
  onRefunded: (said: string) => void;
}) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const [submitError, setSubmitError] = useState<string>();
  const [reason, setReason] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const orderId = order?.id;
  // Asked afresh each time the modal opens: the rules depend on credits spent meanwhile.
  const checkQuery = useQuery({ ...queries.refundCheck(orderId ?? ''), enabled: Boolean(orderId), gcTime: 0 });
  const check = checkQuery.isFetching && checkQuery.isError ? undefined : checkQuery.data;
  const checkError =
    checkQuery.isError && !checkQuery.isFetching
      ? (serverMessage(checkQuery.error) ?? t`Refund check failed, please try again`)
      : undefined;
  const runCheck = () => checkQuery.refetch();
  // A new order starts with an empty form.
  const [formFor, setFormFor] = useState(orderId);
  if (formFor !== orderId) {
    setFormFor(orderId);
    setReason('');
    setSubmitError(undefined);
  }

  async function submit() {
    if (!order) return;
    setSubmitting(true);
    setSubmitError(undefined);
    try {
      const result = await paymentsApi.refund(order.id, reason);
      const amount = formatMoney(result.refundAmount);
      const plan = order.productName;
      const money =
        result.status === 'COMPLETED'
          ? t`Refunded ${amount}. It takes 3–5 business days to reach your account.`
          : t`Refund of ${amount} submitted. It takes 3–5 business days to reach your account.`;
      // A refunded plan ends at once: said with the money, so "No active subscription" is no surprise.
      const said = order.kind === 'subscription' ? `${money} ${t`Your ${plan} plan has ended.`}` : money;
      toast.success(said);
      void invalidateCredits();
      onRefunded(said);
    } catch (error) {
      setSubmitError(serverMessage(error) ?? t`Refund submission failed, please try again`);
      // The rules may have changed since the check (credits spent meanwhile): show them as they are now.
      if (error instanceof ApiError && error.code === 'REFUND_NOT_ALLOWED') void runCheck();
    } finally {
      setSubmitting(false);
    }
  }

  const amount = check ? formatMoney(check.refundAmount) : order ? formatMoney(order.amount) : '';
  const removed = formatCreditsExact(check?.conditions.requiredCredits ?? 0, i18n.locale);
  return (
    <ModalOverlay
      isOpen={order !== null}
      onOpenChange={(open) => !open && !submitting && onClose()}
      isDismissable={!submitting}
      className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-black/70 p-3 backdrop-blur-sm sm:items-center sm:p-4"
    >
      <Modal className="w-full max-w-lg">
        <Dialog
          data-testid="refund-modal"
          className="card max-h-[calc(100dvh-1.5rem)] overflow-y-auto bg-ink-900/95 p-5 outline-none sm:p-6"
        >
          <Heading slot="title" className="text-xl font-bold">
            <Trans>Request a refund</Trans>
          </Heading>
          {order && (
            <p className="mt-1 text-sm text-zinc-400">
              {order.productName} · <span className="tabular-nums">{order.orderNumber}</span> · {amount}
            </p>
          )}

          {checkError ? (
            <div role="alert" className="mt-5 rounded-xl border border-rose-500/30 bg-rose-500/10 p-4 text-sm text-rose-100">
              <p>{checkError}</p>
              <Button variant="secondary" className="mt-3" onPress={() => void runCheck()}>
                <Trans>Retry</Trans>
              </Button>
            </div>
          ) : !check ? (
            <div className="mt-6 flex items-center gap-3 text-sm text-zinc-400">
              <Spinner className="h-5 w-5" /> <Trans>Checking refund conditions…</Trans>
            </div>
          ) : (
            <>
              <h3 id="refund-conditions-title" className="mt-5 text-sm font-semibold text-zinc-300">
                <Trans>Refund conditions</Trans>
              </h3>
              {order && <Conditions check={check} order={order} />}
              {check.canRefund ? (
                <>
                  <RefundOutcome amount={amount} removed={removed} plan={order?.kind === 'subscription' ? order.productName : null} />
                  <TextField
                    value={reason}
                    onChange={setReason}
                    maxLength={REFUND_RULES.reasonMaxLength}
                    className="mt-4 flex flex-col gap-1.5"
                  >
                    <Label className="text-sm font-medium text-zinc-300">
                      <Trans>Reason (optional)</Trans>
                    </Label>
                    <TextArea
                      rows={3}
                      placeholder={t`Tell us why you want a refund`}
                      className="resize-none rounded-xl border border-white/10 bg-ink-900 px-3.5 py-2.5 text-sm text-zinc-100 outline-none placeholder:text-zinc-500 focus:border-violet-400"
                    />
                    <Text slot="description" className="self-end text-xs tabular-nums text-zinc-500">
                      {reason.length}/{REFUND_RULES.reasonMaxLength}
                    </Text>
                  </TextField>
                </>
              ) : (
                <p
                  role="alert"
                  data-testid="refund-refusal"
                  className="mt-3 rounded-xl border border-rose-500/30 bg-rose-500/10 p-3 text-sm text-rose-100"
                >
                  <Refusal check={check} />
                </p>
              )}
            </>
          )}

          {submitError && (
            <p role="alert" className="mt-4 rounded-xl border border-rose-500/30 bg-rose-500/10 p-3 text-sm text-rose-100">
              {submitError}
            </p>
          )}

          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onPress={onClose} isDisabled={submitting}>
              {check?.canRefund ? <Trans>Cancel</Trans> : <Trans>Close</Trans>}
            </Button>
            {check?.canRefund && (
              <Button pending={submitting} onPress={() => void submit()}>
                <Trans>Submit refund</Trans>
              </Button>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
