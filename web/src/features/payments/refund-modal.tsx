import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog, Heading, Label, Modal, ModalOverlay, Text, TextArea, TextField } from 'react-aria-components';
import { REFUND_RULES } from '@worker/contract/payments';
import type { OrderItem, RefundCheckResponse } from '@web/api/types';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { paymentsApi } from '../../api/payments';
import { Button } from '../../ui/button';
import { formatCreditsExact, formatMoney } from '../../ui/format';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { invalidateCredits, queries } from '../../api/queries';
import { Conditions, Refusal, RefundOutcome } from './refund-conditions';

/**
 * The server's reason for a refusal or failure (said from its message id), unless it is a generic
 * or transport error, which gets the spec's default text (spec §8: "server error or default").
 */
function useServerMessage() {
  const errorText = useErrorText();
  return (error: unknown): string | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    if (error.code === 'INTERNAL' || error.code === 'NETWORK_ERROR' || error.code === 'UNAUTHENTICATED') return undefined;
    return errorText(error);
  };
}

/** The refund's check (asked afresh for each order), the reason, and the submission. */
function useRefund(order: OrderItem | null, onRefunded: (said: string) => void) {
  const { t } = useLingui();
  const serverMessage = useServerMessage();
  const toast = useToast();
  const [submitError, setSubmitError] = useState<string>();
  const [reason, setReason] = useState('');
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

  const refund = useMutation({
    mutationFn: (refunded: OrderItem) => paymentsApi.refund(refunded.id, reason),
    onMutate: () => setSubmitError(undefined),
    onSuccess: (result, refunded) => {
      const amount = formatMoney(result.refundAmount);
      const plan = refunded.productName;
      const money =
        result.status === 'COMPLETED'
          ? t`Refunded ${amount}. It takes 3–5 business days to reach your account.`
          : t`Refund of ${amount} submitted. It takes 3–5 business days to reach your account.`;
      // A refunded plan ends at once: said with the money, so "No active subscription" is no surprise.
      const said = refunded.kind === 'subscription' ? `${money} ${t`Your ${plan} plan has ended.`}` : money;
      toast.success(said);
      void invalidateCredits();
      onRefunded(said);
    },
    onError: (error) => {
      setSubmitError(serverMessage(error) ?? t`Refund submission failed, please try again`);
      // The rules may have changed since the check (credits spent meanwhile): show them as they are now.
      if (error instanceof ApiError && error.code === 'REFUND_NOT_ALLOWED') void runCheck();
    },
  });

  return {
    check,
    checkError,
    runCheck,
    reason,
    setReason,
    submitError,
    submitting: refund.isPending,
    submit: () => {
      if (order) refund.mutate(order);
    },
  };
}

/** The checked conditions and, when a refund is allowed, what it does and a reason; or the check's error or progress. */
function RefundCheckBody({
  order,
  check,
  checkError,
  onRetry,
  amount,
  removed,
  reason,
  setReason,
}: {
  order: OrderItem | null;
  check: RefundCheckResponse | undefined;
  checkError: string | undefined;
  onRetry: () => void;
  amount: string;
  removed: string;
  reason: string;
  setReason: (reason: string) => void;
}) {
  return checkError ? (
    <div role="alert" className="mt-5 rounded-xl border border-rose-500/30 bg-rose-500/10 p-4 text-sm text-rose-100">
      <p>{checkError}</p>
      <Button variant="secondary" className="mt-3" onPress={onRetry}>
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
          <ReasonField value={reason} onChange={setReason} />
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
  );
}

/** The optional reason, with its length against the limit. */
function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <TextField value={value} onChange={onChange} maxLength={REFUND_RULES.reasonMaxLength} className="mt-4 flex flex-col gap-1.5">
      <Label className="text-sm font-medium text-zinc-300">
        <Trans>Reason (optional)</Trans>
      </Label>
      <TextArea
        rows={3}
        placeholder={t`Tell us why you want a refund`}
        className="resize-none rounded-xl border border-white/10 bg-ink-900 px-3.5 py-2.5 text-sm text-zinc-100 outline-none placeholder:text-zinc-500 focus:border-violet-400"
      />
      <Text slot="description" className="self-end text-xs tabular-nums text-zinc-500">
        {value.length}/{REFUND_RULES.reasonMaxLength}
      </Text>
    </TextField>
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
  const { i18n } = useLingui();
  const { check, checkError, runCheck, reason, setReason, submitError, submitting, submit } = useRefund(order, onRefunded);
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

          <RefundCheckBody
            order={order}
            check={check}
            checkError={checkError}
            onRetry={() => void runCheck()}
            amount={amount}
            removed={removed}
            reason={reason}
            setReason={setReason}
          />

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
              <Button pending={submitting} onPress={submit}>
                <Trans>Submit refund</Trans>
              </Button>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
