import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import {
  CircleCheck,
  CircleQuestionMark,
  CircleX,
  Hourglass,
  RotateCcw,
  TimerOff,
  TriangleExclamationPoint,
  type LucideIcon,
} from 'lucide-react';
import { useLoginModal } from '../auth/login-modal';
import { Spinner } from '../../ui/spinner';
import { usePaymentStatus, type CallbackState } from './use-payment-status';

const GLYPH: Record<Exclude<CallbackState, 'processing'>, LucideIcon> = {
  quick_success: CircleCheck,
  processing_timeout: Hourglass,
  success: CircleCheck,
  cancelled: CircleX,
  error: TriangleExclamationPoint,
  signed_out: CircleQuestionMark,
  expired: TimerOff,
  refunded: RotateCcw,
  held: Hourglass,
};
function StateIcon({ state }: { state: Exclude<CallbackState, 'processing'> }) {
  const Glyph = GLYPH[state];
  return <Glyph aria-hidden className="h-8 w-8" strokeWidth={1.75} />;
}

/** Signed out here: the order belongs to an account that has to sign in to see it. */
function SignedOutCallback() {
  const login = useLoginModal();
  return (
    <main className="mx-auto max-w-md px-4 py-20">
      <div className="card p-8 text-center" role="status" aria-live="polite" data-testid="payment-signed-out">
        <div className="mx-auto mb-5 flex h-16 w-16 items-center justify-center rounded-full bg-white/5 text-2xl font-bold text-zinc-300">
          <StateIcon state="signed_out" />
        </div>
        <h1 className="text-xl font-bold">
          <Trans>Sign in to see your order</Trans>
        </h1>
        <p className="mt-2 text-sm text-zinc-400">
          <Trans>You are not signed in here. Sign in with the account you paid with to see the result of this payment.</Trans>
        </p>
        <div className="mt-6 flex flex-col items-center gap-3">
          <button
            type="button"
            onClick={() => login.open()}
            className="inline-block rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-5 py-2.5 text-sm font-semibold"
          >
            <Trans>Sign in</Trans>
          </button>
        </div>
      </div>
    </main>
  );
}

/** What happened to the payment, in one line. */
function StateHeading({ state, thankYou }: { state: CallbackState; thankYou?: boolean }) {
  return state === 'processing' ? (
    <Trans>Confirming your payment…</Trans>
  ) : state === 'quick_success' ? (
    <Trans>Payment received! Your credits are on their way.</Trans>
  ) : state === 'success' && thankYou ? (
    <Trans>Thank you for your purchase!</Trans>
  ) : state === 'success' ? (
    <Trans>Payment successful</Trans>
  ) : state === 'processing_timeout' ? (
    <Trans>Payment is still being processed. Please check your account later.</Trans>
  ) : state === 'cancelled' ? (
    <Trans>Payment was cancelled</Trans>
  ) : state === 'expired' ? (
    <Trans>This checkout expired</Trans>
  ) : state === 'refunded' ? (
    <Trans>Payment refunded</Trans>
  ) : state === 'held' ? (
    <Trans>Payment held for our support team</Trans>
  ) : (
    <Trans>Payment Failed</Trans>
  );
}

/** The payment callback screen (spec §2, §4): processing → quick_success after 8 s → success, or its other endings. */
export function PaymentCallback({ orderId, mode, thankYou }: { orderId?: string; mode: 'success' | 'cancel'; thankYou?: boolean }) {
  const { state, message, credits } = usePaymentStatus(orderId, mode);
  const good = state === 'success' || state === 'quick_success' || state === 'processing_timeout';
  // Not a failure: the order exists, it just belongs to an account that is not signed in here.
  const neutral = state === 'processing' || state === 'signed_out' || state === 'expired' || state === 'refunded' || state === 'held';
  if (state === 'signed_out') return <SignedOutCallback />;
  return (
    <main className="mx-auto max-w-md px-4 py-20">
      <div className="card p-8 text-center" role="status" aria-live="polite">
        <div
          className={`mx-auto mb-5 flex h-16 w-16 items-center justify-center rounded-full text-2xl font-bold ${good ? 'bg-emerald-500/15 text-emerald-300' : neutral ? 'bg-white/5 text-zinc-300' : 'bg-rose-500/15 text-rose-300'}`}
        >
          {state === 'processing' ? <Spinner className="h-8 w-8" /> : <StateIcon state={state} />}
        </div>
        <h1 className="text-xl font-bold">
          <StateHeading state={state} thankYou={thankYou} />
        </h1>
        {credits !== undefined && (
          <p className="mt-2 text-emerald-300">
            <Trans>{credits} credits were added to your account.</Trans>
          </p>
        )}
        {state === 'expired' && (
          <p className="mt-2 text-sm text-zinc-400">
            <Trans>It was not paid in time, so nothing was charged. You can start again from the pricing page.</Trans>
          </p>
        )}
        {state === 'refunded' && (
          <p className="mt-2 text-sm text-zinc-400">
            <Trans>Nothing was added for this payment, and the money is on its way back to you.</Trans>
          </p>
        )}
        {message && state !== 'success' && state !== 'processing_timeout' && state !== 'refunded' && (
          <p className="mt-2 text-sm text-zinc-400">{message}</p>
        )}
        <div className="mt-6 flex flex-col items-center gap-3">
          <Link
            to={good ? '/dashboard' : '/pricing'}
            className="inline-block rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-5 py-2.5 text-sm font-semibold"
          >
            {good ? <Trans>Continue to Dashboard</Trans> : <Trans>Back to pricing</Trans>}
          </Link>
          {(good || state === 'expired' || state === 'refunded' || state === 'held') && orderId && (
            <Link to="/personal-center/$tab" params={{ tab: 'orders' }} className="text-sm text-fuchsia-300 hover:underline">
              <Trans>View my orders</Trans>
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}
