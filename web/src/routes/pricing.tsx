import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { Check, Coins } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import type { PricingItem } from '../api/endpoints';
import { queries } from '../api/queries';
import { useLoginModal } from '../features/auth/login-modal';
import { buttonClass } from '../ui/button-style';
import { formatCredits, formatMoney } from '../ui/format';
import { Page } from '../ui/page';

// Loaded on the first Buy / Subscribe: the modal's react-aria parts and the payments client
// (which brings the zod contracts) cost the pricing page's first load ~100 KB of JS and most of its
// blocking time, for a dialog most visits never open.
const loadPaymentMethodModal = () => import('../features/payments/payment-method-modal');
const PaymentMethodModal = lazy(() => loadPaymentMethodModal().then((m) => ({ default: m.PaymentMethodModal })));

type Cycle = 'yearly' | 'monthly' | 'credits';

function PlanCard({ plan, cycle, onBuy }: { plan: PricingItem; cycle: Cycle; onBuy: () => void }) {
  return (
    <div
      className={`card relative flex flex-col p-6 ${plan.isRecommended ? 'border-fuchsia-400/60 shadow-[0_0_40px_-12px] shadow-fuchsia-500/50' : ''}`}
    >
      {plan.isRecommended && (
        <span className="absolute -top-3 left-6 rounded-full bg-gradient-to-r from-violet-500 to-fuchsia-500 px-3 py-1 text-xs font-bold">
          <Trans>Recommended</Trans>
        </span>
      )}
      <h2 className="text-lg font-bold">{plan.name}</h2>
      <p className="text-sm text-zinc-400">{plan.subtitle}</p>
      <p className="mt-5 flex items-baseline gap-2">
        <span className="text-4xl font-black">{formatMoney(plan.price)}</span>
        <span className="text-sm text-zinc-400">
          {cycle === 'yearly' ? <Trans>/ year</Trans> : cycle === 'monthly' ? <Trans>/ month</Trans> : null}
        </span>
      </p>
      {plan.originalPrice !== null && <p className="text-sm text-zinc-500 line-through">{formatMoney(plan.originalPrice)}</p>}
      <p className="mt-3 flex items-center gap-1.5 text-sm font-semibold text-amber-200">
        <Coins aria-hidden className="h-4 w-4" /> {formatCredits(plan.credits)}{' '}
        {cycle === 'credits' ? <Trans>credits</Trans> : <Trans>credits / month</Trans>}
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-zinc-300">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-300" />
            {feature}
          </li>
        ))}
      </ul>
      {/* Native buttons and a native FAQ: react-aria's press and disclosure code is not part of this page's first load. */}
      <button type="button" className={buttonClass(plan.isRecommended ? 'primary' : 'secondary', 'mt-6 w-full')} onClick={onBuy}>
        {cycle === 'credits' ? <Trans>Buy now</Trans> : <Trans>Subscribe</Trans>}
      </button>
    </div>
  );
}

function Faq() {
  const items = [
    [
      <Trans key="q1">What are credits?</Trans>,
      <Trans key="a1">Credits pay for generations: a 1024×1024 image costs 4 credits. Every new account starts with free credits.</Trans>,
    ],
    [
      <Trans key="q2">Do credits expire?</Trans>,
      <Trans key="a2">Credit packs never expire. Subscription credits roll over month to month while your subscription is active.</Trans>,
    ],
    [
      <Trans key="q3">Can I cancel my subscription?</Trans>,
      <Trans key="a3">Yes, at any time. You keep your plan until the end of the paid period.</Trans>,
    ],
    [
      <Trans key="q4">Can I get a refund?</Trans>,
      <Trans key="a4">Within 3 days of purchase, if the purchased credits are unused. Refunds take 3–5 business days.</Trans>,
    ],
    [
      <Trans key="q5">Can I use the images commercially?</Trans>,
      <Trans key="a5">Yes, images you create are yours to use, including for commercial projects.</Trans>,
    ],
    [
      <Trans key="q6">Which payment methods do you accept?</Trans>,
      <Trans key="a6">Credit and debit cards through Stripe, and PayPal.</Trans>,
    ],
  ];
  return (
    <section className="mt-16">
      <h2 className="mb-4 text-2xl font-bold">
        <Trans>Frequently asked questions</Trans>
      </h2>
      <div className="flex flex-col gap-2">
        {items.map(([q, a], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static content; it never reorders.
          <details key={i} className="card group px-5">
            <summary className="flex cursor-pointer list-none items-center justify-between py-4 text-left font-medium [&::-webkit-details-marker]:hidden">
              <h3>{q}</h3>
              <span aria-hidden className="transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="pb-4 text-sm text-zinc-400">{a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

/** Yearly, monthly or credit packs: which plans the cards below show. */
function CycleTabs({ cycle, onChange }: { cycle: Cycle; onChange: (cycle: Cycle) => void }) {
  const { t } = useLingui();
  return (
    <div
      role="tablist"
      aria-label={t`Billing cycle`}
      className="mx-auto mb-10 flex w-fit gap-1 rounded-2xl border border-white/10 bg-ink-900/60 p-1"
    >
      {(['yearly', 'monthly', 'credits'] as const).map((value) => (
        <button
          key={value}
          role="tab"
          type="button"
          aria-selected={cycle === value}
          onClick={() => onChange(value)}
          className={`rounded-xl px-4 py-2 text-sm font-medium ${cycle === value ? 'bg-white/10 text-white' : 'text-zinc-400 hover:text-white'}`}
        >
          {value === 'yearly' ? (
            <Trans>
              Yearly <span className="text-emerald-300">−20%</span>
            </Trans>
          ) : value === 'monthly' ? (
            <Trans>Monthly</Trans>
          ) : (
            <Trans>Credit packs</Trans>
          )}
        </button>
      ))}
    </div>
  );
}

function Pricing() {
  const { i18n } = useLinguiCore();
  const login = useLoginModal();
  const [cycle, setCycle] = useState<Cycle>('yearly');
  const pricing = useQuery(queries.pricing(i18n.locale));
  // Deferred: the plan cards render in 5 ms slices instead of one task that blocks input.
  const plans = useDeferredValue(pricing.data);
  const failed = pricing.isError;
  const [buying, setBuying] = useState<PricingItem | null>(null);

  const shown = (plans ?? []).filter((p) =>
    cycle === 'credits' ? p.packageType !== 'monthly' && p.packageType !== 'yearly' : p.packageType === cycle,
  );
  const cycleName = { yearly: <Trans>yearly</Trans>, monthly: <Trans>monthly</Trans>, credits: <Trans>credit pack</Trans> }[cycle];
  return (
    <Page wide title={<Trans>Simple pricing for every creator</Trans>} subtitle={<Trans>Start free. Upgrade when you need more.</Trans>}>
      <CycleTabs cycle={cycle} onChange={setCycle} />
      {failed ? (
        <div role="alert" className="card p-8 text-center">
          <p>
            <Trans>Failed to load pricing information. Please try again later.</Trans>
          </p>
          <button type="button" className={buttonClass('secondary', 'mt-4')} onClick={() => window.location.reload()}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : !plans ? (
        <div className="grid gap-6 md:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton h-96 rounded-2xl" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <p className="card p-8 text-center text-zinc-400">
          <Trans>No {cycleName} plans are available right now.</Trans>
        </p>
      ) : (
        <div className={`grid gap-6 ${shown.length > 3 ? 'md:grid-cols-2 xl:grid-cols-4' : 'md:grid-cols-3'}`}>
          {shown.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              cycle={cycle}
              onBuy={() => {
                void loadPaymentMethodModal();
                login.requireSignIn(() => setBuying(plan));
              }}
            />
          ))}
        </div>
      )}
      <Faq />
      {buying && (
        <Suspense fallback={null}>
          <PaymentMethodModal plan={buying} onClose={() => setBuying(null)} />
        </Suspense>
      )}
    </Page>
  );
}

export const Route = createFileRoute('/pricing')({ component: Pricing });
