import { Trans } from '@lingui/react/macro';
import { Link, Outlet, createFileRoute, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { RequireSignIn } from '../features/auth/signed-in-redirect';
import { Page } from '../ui/page';

const TABS = [
  { tab: 'profile', label: () => <Trans>My profile</Trans> },
  { tab: 'credits', label: () => <Trans>My credits</Trans> },
  { tab: 'invites', label: () => <Trans>My invites</Trans> },
  { tab: 'orders', label: () => <Trans>My orders</Trans> },
  { tab: 'account', label: () => <Trans>Account & data</Trans> },
] as const;

function PersonalCenter() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // The tabs wrap onto a second line on a phone rather than scroll sideways, where the last one
  // (Account & data) sat off screen with no sign that the bar scrolls; kept in view all the same.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger; the active tab is read from the DOM after the router marks it.
  useEffect(() => {
    nav.current?.querySelector('[data-status="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <RequireSignIn>
      <Page title={<Trans>Personal center</Trans>}>
        <nav
          ref={nav}
          aria-label="Personal center"
          className="mb-6 flex flex-wrap gap-1 rounded-2xl border border-white/10 bg-ink-900/60 p-1"
        >
          {TABS.map(({ tab, label }) => (
            <Link
              key={tab}
              to="/personal-center/$tab"
              params={{ tab }}
              className="whitespace-nowrap rounded-xl px-4 py-2 text-sm text-zinc-400 hover:text-white data-[status=active]:bg-white/10 data-[status=active]:text-white"
            >
              {label()}
            </Link>
          ))}
        </nav>
        <Outlet />
      </Page>
    </RequireSignIn>
  );
}

export const Route = createFileRoute('/personal-center')({ component: PersonalCenter });
