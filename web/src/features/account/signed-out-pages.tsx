import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Coins, Gift, Share2, ShoppingBag, Sparkles, UserPlus, type LucideIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queries } from '../../api/queries';
import { preloadLoginFlow, useLoginModal } from '../auth/login-modal';

/**
 * Spec §2: /credits and /referrals go to the personal center when signed in, "otherwise show it":
 * a signed-out visitor sees what credits or invitations are, with the way to sign in or buy.
 */
function Intro({
  icon: Icon,
  title,
  lead,
  points,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  lead: ReactNode;
  points: [LucideIcon, ReactNode, ReactNode][];
  children: ReactNode;
}) {
  return (
    <main className="mx-auto w-full max-w-5xl px-4 pb-20 pt-10 sm:px-6">
      <div className="card overflow-hidden p-8 sm:p-10">
        <span className="grid h-12 w-12 place-items-center rounded-2xl bg-gradient-to-br from-violet-500/30 to-fuchsia-500/30 text-fuchsia-200 ring-1 ring-white/10">
          <Icon aria-hidden className="h-6 w-6" />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-3 max-w-2xl text-zinc-300">{lead}</p>
        <div className="mt-6 flex flex-wrap gap-3">{children}</div>
      </div>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {points.map(([PointIcon, heading, text], i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static content; it never reorders.
          <li key={i} className="card p-5">
            <PointIcon aria-hidden className="h-5 w-5 text-fuchsia-300" />
            <h2 className="mt-3 font-semibold">{heading}</h2>
            <p className="mt-1 text-sm text-zinc-400">{text}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}

function SignInButton({ children }: { children: ReactNode }) {
  const login = useLoginModal();
  return (
    <button
      type="button"
      onPointerEnter={preloadLoginFlow}
      onFocus={preloadLoginFlow}
      onClick={() => login.open()}
      className="rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-5 py-2.5 text-sm font-semibold text-white hover:brightness-110"
    >
      {children}
    </button>
  );
}

export function CreditsIntro() {
  const bonus = useQuery(queries.registrationBonus()).data?.data ?? null;
  return (
    <Intro
      icon={Coins}
      title={<Trans>Credits</Trans>}
      lead={
        <Trans>
          Every image you create is paid with credits: a 1024×1024 image costs 4. Sign in to see your balance and every movement in it.
        </Trans>
      }
      points={[
        [
          Sparkles,
          <Trans key="f">Free to start</Trans>,
          bonus ? <Trans key="fd">New accounts get {bonus} free credits.</Trans> : <Trans key="fd2">New accounts get free credits.</Trans>,
        ],
        [
          ShoppingBag,
          <Trans key="p">Packs never expire</Trans>,
          <Trans key="pd">Buy a credit pack once and use it whenever you like.</Trans>,
        ],
        [
          Coins,
          <Trans key="s">Subscriptions roll over</Trans>,
          <Trans key="sd">Monthly credits that carry over while you stay subscribed.</Trans>,
        ],
      ]}
    >
      <SignInButton>
        <Trans>Sign in to see your credits</Trans>
      </SignInButton>
      <Link to="/pricing" className="rounded-xl border border-white/15 px-5 py-2.5 text-sm font-semibold hover:bg-white/5">
        <Trans>See pricing</Trans>
      </Link>
    </Intro>
  );
}

export function ReferralsIntro() {
  return (
    <Intro
      icon={Gift}
      title={<Trans>Invite friends, earn credits</Trans>}
      lead={<Trans>Share your invitation link. When a friend signs up with it you get 50 credits, and more when they buy.</Trans>}
      points={[
        [
          Share2,
          <Trans key="1">Share your link</Trans>,
          <Trans key="1d">Copy your personal link from My invites after you sign in.</Trans>,
        ],
        [
          UserPlus,
          <Trans key="2">A friend joins</Trans>,
          <Trans key="2d">They sign up through your link and get their own free credits.</Trans>,
        ],
        [
          Gift,
          <Trans key="3">You are rewarded</Trans>,
          <Trans key="3d">50 credits for every friend, and a bonus when they make a purchase.</Trans>,
        ],
      ]}
    >
      <SignInButton>
        <Trans>Sign in to get your link</Trans>
      </SignInButton>
    </Intro>
  );
}
