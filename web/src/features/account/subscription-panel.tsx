import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { SubscriptionInfo } from '@web/api/types';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { paymentsApi } from '../../api/payments';
import { keys, queries } from '../../api/queries';
import { Button } from '../../ui/button';
import { formatCreditsExact, formatDate, formatMoney } from '../../ui/format';
import { SubscriptionStatusBadge, usePaymentMethodLabel } from '../payments/status-badge';
import { useToast } from '../../ui/toast';

/** Asks before the irreversible cancel (spec §4), saying what the user keeps and until when. */
function CancelDialog({
  subscription,
  onClose,
  onCancelled,
}: {
  subscription: SubscriptionInfo | null;
  onClose: () => void;
  onCancelled: (s: SubscriptionInfo | null) => void;
}) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const toast = useToast();
  const cancel = useMutation({
    mutationFn: () => paymentsApi.cancelSubscription(),
    onSuccess: (result) => {
      toast.success(t`Subscription cancelled`);
      onCancelled(result.subscription);
    },
    // Spec §8: "Cancel subscription failed", or what the server said went wrong.
    onError: (error) =>
      toast.error(
        error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'NETWORK_ERROR'
          ? errorText(error)
          : t`Cancel subscription failed`,
      ),
  });
  const pending = cancel.isPending;
  const untilIso = subscription?.nextBillingDate ?? subscription?.endDate;
  const until = untilIso ? formatDate(untilIso) : null;
  const plan = subscription?.planName;

  return (
    <ModalOverlay
      isOpen={subscription !== null}
      onOpenChange={(open) => !open && !pending && onClose()}
      isDismissable={!pending}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4 backdrop-blur-sm"
    >
      <Modal className="w-full max-w-md">
        <Dialog role="alertdialog" className="card bg-ink-900/95 p-6 outline-none">
          <Heading slot="title" className="text-xl font-bold">
            <Trans>Cancel your subscription?</Trans>
          </Heading>
          <div className="mt-3 space-y-2 text-sm text-zinc-300">
            <p>
              <Trans>
                This cannot be undone: billing stops and this subscription cannot be resumed. To subscribe again later you start a new plan.
              </Trans>
            </p>
            {until && (
              <p>
                <Trans>
                  Your {plan} plan and its credits stay available until <strong className="text-white">{until}</strong>.
                </Trans>
              </p>
            )}
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onPress={onClose} isDisabled={pending} autoFocus>
              <Trans>Keep subscription</Trans>
            </Button>
            <Button variant="danger" pending={pending} onPress={() => cancel.mutate()}>
              <Trans>Yes, cancel subscription</Trans>
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The current plan at the top of My orders: price, dates, status, provider, and cancel. */
export function SubscriptionPanel() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const current = useQuery(queries.subscription());
  const subscription = current.data?.subscription;
  const error = current.error ? errorText(current.error) : undefined;
  const load = () => current.refetch();
  const setSubscription = (next: SubscriptionInfo | null) =>
    queryClient.setQueryData(keys.subscription, (old) => (old ? { ...old, subscription: next } : old));

  if (error) {
    return (
      <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-4 text-sm text-zinc-300">
        <span>{t`Failed to load data: ${error}`}</span>
        <Button variant="secondary" onPress={() => void load()}>
          <Trans>Retry</Trans>
        </Button>
      </div>
    );
  }
  if (subscription === undefined) return <div className="skeleton h-20 rounded-2xl" aria-hidden />;
  if (subscription === null) {
    return (
      <section
        aria-label={t`Subscription`}
        data-testid="subscription-panel"
        className="card flex flex-wrap items-center justify-between gap-3 px-5 py-4 text-sm"
      >
        <span className="text-zinc-400">
          <Trans>No active subscription</Trans>
        </span>
        <Link to="/pricing" className="font-semibold text-fuchsia-300 hover:underline">
          <Trans>See plans</Trans> <span aria-hidden>→</span>
        </Link>
      </section>
    );
  }

  return <ActiveSubscription subscription={subscription} onChanged={setSubscription} />;
}

/** Price, credits, dates and provider of the plan. */
function SubscriptionFacts({ subscription: s }: { subscription: SubscriptionInfo }) {
  const { t, i18n } = useLingui();
  const methodLabel = usePaymentMethodLabel();
  const per = s.packageType === 'yearly' ? t`/ year` : t`/ month`;
  const rows: [string, React.ReactNode][] = [
    [
      t`Price`,
      <>
        {formatMoney(s.price)} <span className="font-normal text-zinc-400">{per}</span>
      </>,
    ],
    [t`Monthly credits`, formatCreditsExact(s.monthlyCredits, i18n.locale)],
    [t`Started`, formatDate(s.startDate)],
    [t`Next billing`, s.nextBillingDate ? formatDate(s.nextBillingDate) : '—'],
    [t`Ends`, s.endDate ? formatDate(s.endDate) : '—'],
    [t`Payment provider`, methodLabel(s.paymentProvider)],
  ];
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-white/5 p-3">
          <dt className="text-xs text-zinc-400">{label}</dt>
          <dd className="mt-0.5 font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A subscription that exists: its plan, status and facts, and the way to cancel it. */
function ActiveSubscription({
  subscription: s,
  onChanged,
}: {
  subscription: SubscriptionInfo;
  onChanged: (next: SubscriptionInfo | null) => void;
}) {
  const [confirming, setConfirming] = useState<SubscriptionInfo | null>(null);
  const plan = s.planName;
  const endDate = s.endDate ? formatDate(s.endDate) : null;
  return (
    <section aria-labelledby="subscription-title" data-testid="subscription-panel" className="card p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="subscription-title" className="text-lg font-bold">
          <Trans>{plan} plan</Trans>
        </h2>
        <SubscriptionStatusBadge status={s.status} />
        {s.status !== 'cancelled' && s.status !== 'expired' && (
          <Button
            variant="ghost"
            className="ml-auto border border-white/10 text-rose-200 hover:text-rose-100"
            onPress={() => setConfirming(s)}
          >
            <Trans>Cancel subscription</Trans>
          </Button>
        )}
      </div>
      {s.status === 'cancelled' && endDate && (
        <p className="mt-2 text-sm text-zinc-400">
          <Trans>Cancelled. Your plan stays active until {endDate}.</Trans>
        </p>
      )}
      <SubscriptionFacts subscription={s} />
      {s.sandboxBillingUrl && (
        // Embedded mode only: the sandbox never bills by itself; its page renews or lapses by hand.
        <a href={s.sandboxBillingUrl} className="mt-3 inline-block text-xs text-zinc-400 underline hover:text-white">
          <Trans>Sandbox: renew or lapse this subscription</Trans>
        </a>
      )}
      <CancelDialog
        subscription={confirming}
        onClose={() => setConfirming(null)}
        onCancelled={(next) => {
          setConfirming(null);
          onChanged(next);
        }}
      />
    </section>
  );
}
