import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay, Radio, RadioGroup } from 'react-aria-components';
import { ApiError } from '../../api/client';
import type { PricingItem } from '../../api/endpoints';
import { paymentsApi } from '../../api/payments';
import { Button } from '../../ui/button';
import { formatMoney } from '../../ui/format';
import { useToast } from '../../ui/toast';

// Drawn, not emoji: not every system has an emoji font (a missing glyph shows as a box).
const CardIcon = () => (
  <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6 text-violet-300" fill="none" stroke="currentColor" strokeWidth="1.6">
    <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
    <path d="M2.5 9.5h19M6 15h4" strokeLinecap="round" />
  </svg>
);
const PayPalIcon = () => (
  <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6">
    <rect width="24" height="24" rx="6" fill="#1d4ed8" />
    <path d="M9 18.5 10.6 6h4.1c2.3 0 3.6 1.2 3.3 3.2-.3 2.3-2 3.5-4.4 3.5h-1.8l-.7 5.8z" fill="#fff" />
  </svg>
);

type Method = 'STRIPE' | 'PAYPAL';

/** Creates the order and goes to the gateway's checkout page (spec §4 payment; §8 alert texts). */
function useCheckout(plan: PricingItem | null, method: Method) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const toast = useToast();
  // Set once the page leaves for the checkout: it stays pending, a second press would open a second order.
  const [leaving, setLeaving] = useState(false);
  // Back from the checkout page via the browser's back/forward cache: the page is live again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const failedText = (chosen: Method) =>
    chosen === 'PAYPAL' ? t`Failed to create PayPal payment. Please try again.` : t`Failed to create payment session. Please try again.`;
  const order = useMutation({
    mutationFn: ({ chosen, chosenMethod }: { chosen: PricingItem; chosenMethod: Method }) =>
      chosen.packageType === 'credits'
        ? paymentsApi.createCreditOrder(chosen.id, chosenMethod)
        : paymentsApi.createSubscriptionOrder(chosen.id, chosenMethod),
    onSuccess: (result, { chosenMethod }) => {
      if (result.success && result.checkoutUrl) {
        setLeaving(true);
        // Our own checkout page (the sandbox gateway) speaks the app's language, not the browser's.
        const url = new URL(result.checkoutUrl, window.location.origin);
        if (url.origin === window.location.origin) url.searchParams.set('lang', i18n.locale);
        window.location.assign(url.href);
        return;
      }
      toast.error(failedText(chosenMethod));
    },
    onError: (error, { chosenMethod }) => {
      if (error instanceof ApiError && error.code === 'SUBSCRIPTION_EXISTS') {
        toast.error(t`You already have a subscription. It must end before you start another.`);
      } else if (error instanceof ApiError && error.code === 'SUBSCRIPTION_CHECKOUT_OPEN') {
        toast.error(t`A subscription checkout is already open. Finish it, or cancel it in My orders, before starting another.`);
      } else if (error instanceof ApiError && error.status === 401) {
        // The session handler has already sent the user to sign in again.
      } else {
        toast.error(
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? failedText(chosenMethod)
            : t`An error occurred. Please try again.`,
        );
      }
    },
  });

  return {
    pending: order.isPending || leaving,
    checkout: () => {
      if (plan) order.mutate({ chosen: plan, chosenMethod: method });
    },
  };
}

/** The two ways to pay, as radio cards. */
function MethodPicker({ value, onChange }: { value: Method; onChange: (method: Method) => void }) {
  const { t } = useLingui();
  return (
    <RadioGroup value={value} onChange={(v) => onChange(v as Method)} aria-label={t`Payment method`} className="mt-5 flex flex-col gap-3">
      {(
        [
          ['STRIPE', t`Credit or debit card`, <CardIcon key="card" />],
          ['PAYPAL', 'PayPal', <PayPalIcon key="paypal" />],
        ] as const
      ).map(([value, label, icon]) => (
        <Radio
          key={value}
          value={value}
          className="flex cursor-pointer items-center gap-3 rounded-xl border border-white/10 p-4 data-[focus-visible]:outline-2 data-[selected]:border-fuchsia-400 data-[selected]:bg-fuchsia-500/10"
        >
          {icon}
          <span className="font-medium">{label}</span>
        </Radio>
      ))}
    </RadioGroup>
  );
}

/** The pricing page's payment-method dialog (spec §4), loaded when a plan is first chosen. */
export function PaymentMethodModal({ plan, onClose }: { plan: PricingItem | null; onClose: () => void }) {
  const [method, setMethod] = useState<Method>('STRIPE');
  const { pending, checkout } = useCheckout(plan, method);
  return (
    <ModalOverlay
      isOpen={plan !== null}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4 backdrop-blur-sm"
    >
      <Modal className="w-full max-w-md">
        <Dialog className="card bg-ink-900/95 p-6 outline-none">
          <Heading slot="title" className="text-xl font-bold">
            <Trans>Choose a payment method</Trans>
          </Heading>
          {plan && (
            <p className="mt-1 text-sm text-zinc-400">
              {plan.name} · {formatMoney(plan.price)}
            </p>
          )}
          <MethodPicker value={method} onChange={setMethod} />
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="ghost" onPress={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button pending={pending} onPress={checkout}>
              <Trans>Continue</Trans>
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
