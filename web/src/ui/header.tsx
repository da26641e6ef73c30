import { useLingui } from '@lingui/react';
import { Trans, useLingui as useT } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { Coins, Globe, Menu as MenuIcon, X } from 'lucide-react';
import { firstLoadQueries } from '../api/first-load-queries';
import { preloadLoginFlow, useLoginModal } from '../features/auth/login-modal';
import { useSession } from '../features/auth/session';
import { LOCALES, activateLocale, withWholeCatalogue, type Locale } from '../i18n';
import { afterQueryClient, useLazyQueryData } from '../lib/lazy-query-client';
import { formatCredits, formatCreditsExact } from './format';

// Only unverified password accounts see it: its form is not part of everyone's first load.
const VerifyEmailBanner = lazy(
  withWholeCatalogue(
    afterQueryClient(() => import('../features/auth/verify-email-banner').then((m) => ({ default: m.VerifyEmailBanner }))),
  ),
);

/**
 * A native select, not a menu widget: the header is on every page's first load and react-aria's
 * menu and overlay code cost ~30 KB gzipped there. Keyboard, screen readers and phones
 * get the platform's own picker. On a phone only the globe shows (the text is transparent there).
 */
function LanguageSelect() {
  const { i18n } = useLingui();
  const { t } = useT();
  return (
    <label className="relative flex items-center rounded-lg text-sm text-zinc-300 hover:bg-white/5 hover:text-white">
      <span className="sr-only">{t`Language`}</span>
      <Globe aria-hidden className="pointer-events-none absolute left-2.5 h-4 w-4" strokeWidth={1.75} />
      <select
        value={i18n.locale}
        onChange={(e) => void activateLocale(e.target.value as Locale)}
        data-testid="language-select"
        className="w-9 cursor-pointer appearance-none rounded-lg bg-transparent py-2 pl-8 text-sm text-transparent outline-none sm:w-auto sm:pr-2 sm:text-inherit [&>option]:bg-ink-850 [&>option]:text-zinc-100"
      >
        {Object.entries(LOCALES).map(([locale, label]) => (
          <option key={locale} value={locale} lang={locale}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The signed-in user's spendable credits; spending, refunds and purchases invalidate it (invalidateCredits).
 * Null until TanStack Query has loaded, right after the home page's first paint (lib/lazy-query-client.tsx).
 */
export function useCreditBalance() {
  const { user } = useSession();
  const data = useLazyQueryData({ ...firstLoadQueries.balance(), enabled: Boolean(user) });
  return user && data ? data.available : null;
}

/** Spec §2 header: the avatar, or the first letter when there is none or it fails to load. */
function HeaderAvatar({ src, letter }: { src: string | null; letter: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    // Keyed by URL: a new upload is a new image element, never a stale one from the cache of the old.
    return (
      <img
        key={src}
        src={src}
        alt=""
        data-testid="header-avatar"
        onError={() => setFailed(src)}
        className="h-8 w-8 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden
      data-testid="header-avatar-letter"
      className="flex h-8 w-8 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-sm font-bold uppercase"
    >
      {letter}
    </span>
  );
}

const NAV = [
  { to: '/', label: () => <Trans>Home</Trans> },
  { to: '/ai-workbench', label: () => <Trans>Workbench</Trans> },
  { to: '/ai-tools-workbench', label: () => <Trans>AI tools</Trans> },
  { to: '/records', label: () => <Trans>My creations</Trans> },
  { to: '/pricing', label: () => <Trans>Pricing</Trans> },
  { to: '/showcase', label: () => <Trans>Showcase</Trans> },
] as const;

function NavLinks({ onClick }: { onClick?: () => void }) {
  return NAV.map(({ to, label }) => (
    <Link
      key={to}
      to={to}
      onClick={onClick}
      activeOptions={{ exact: to === '/' }}
      className="rounded-lg px-3 py-2 text-sm text-zinc-300 hover:bg-white/5 hover:text-white data-[status=active]:text-white data-[status=active]:bg-white/10"
    >
      {label()}
    </Link>
  ));
}

function HeaderCredits() {
  const credits = useCreditBalance();
  const { t, i18n } = useT();
  const exactCredits = credits === null ? null : formatCreditsExact(credits, i18n.locale);
  // Exact up to 99,999 (a 16-credit charge must show); only six figures and more are shortened.
  const shownCredits = credits === null ? null : Math.abs(credits) < 100_000 ? exactCredits : formatCredits(credits);
  // The balance exactly (2,956) up to 99,999; beyond, compact (120K) with the exact figure on hover and
  // keyboard focus. The accessible name starts with the visible text, so voice control finds it.
  return (
    <span className="group relative">
      <Link
        to="/personal-center/$tab"
        params={{ tab: 'credits' }}
        data-testid="header-credits"
        aria-label={
          shownCredits === null
            ? t`Credits`
            : shownCredits === exactCredits
              ? t`${shownCredits} credits`
              : t`${shownCredits} credits (${exactCredits})`
        }
        className="inline-flex items-center gap-1 whitespace-nowrap rounded-full border border-amber-400/30 bg-amber-400/10 px-2.5 py-1 text-xs font-semibold text-amber-200"
      >
        <Coins aria-hidden className="h-3.5 w-3.5" strokeWidth={2} />
        {shownCredits ?? '…'}
      </Link>
      {exactCredits !== null && exactCredits !== shownCredits && (
        <span
          aria-hidden
          data-testid="header-credits-exact"
          className="pointer-events-none absolute right-0 top-full z-50 mt-2 hidden whitespace-nowrap rounded-lg border border-white/10 bg-ink-900 px-2.5 py-1.5 text-xs font-semibold text-zinc-100 shadow-lg group-hover:block group-has-[:focus-visible]:block"
        >
          {t`${exactCredits} credits`}
        </span>
      )}
    </span>
  );
}

export function Header() {
  const { user, signOut } = useSession();
  const login = useLoginModal();
  const [menuOpen, setMenuOpen] = useState(false);
  const { t } = useT();
  const display = user ? user.name || user.email : '';

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-white/5 bg-ink-950/75 backdrop-blur-xl">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
          <Link to="/" aria-label="Image Studio" className="flex shrink-0 items-center gap-2 font-bold tracking-tight">
            <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
            <span className="text-gradient hidden whitespace-nowrap text-lg sm:inline">Image Studio</span>
          </Link>
          <nav aria-label={t`Main`} className="ml-4 hidden items-center gap-1 lg:flex">
            <NavLinks />
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <LanguageSelect />
            {user ? (
              <>
                <HeaderCredits />
                {/* Named by its text, not aria-label: the avatar letter is visible, so a label would not match what is seen. */}
                <Link
                  to="/personal-center/$tab"
                  params={{ tab: 'profile' }}
                  className="flex items-center gap-2 rounded-full py-1 pl-1 pr-1 hover:bg-white/5 sm:pr-3"
                >
                  <HeaderAvatar src={user.avatar} letter={display.slice(0, 1)} />
                  <span className="sr-only">{t`My profile:`} </span>
                  <span className="max-w-40 truncate text-sm max-sm:sr-only">{display}</span>
                </Link>
                <button
                  type="button"
                  className="whitespace-nowrap rounded-xl px-3 py-2.5 text-sm font-semibold text-zinc-300 hover:bg-white/5 hover:text-white"
                  onClick={signOut}
                >
                  <Trans>Logout</Trans>
                </button>
              </>
            ) : (
              <button
                type="button"
                className="whitespace-nowrap rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-4 py-2 text-sm font-semibold text-white shadow-lg shadow-fuchsia-900/30 hover:brightness-110"
                onPointerEnter={preloadLoginFlow}
                onFocus={preloadLoginFlow}
                onClick={() => login.open()}
              >
                <Trans>Sign In</Trans>
              </button>
            )}
            <button
              type="button"
              aria-label={t`Menu`}
              aria-expanded={menuOpen}
              aria-controls="mobile-nav"
              onClick={() => setMenuOpen((o) => !o)}
              className="rounded-lg p-2 text-zinc-300 hover:bg-white/5 lg:hidden"
            >
              {menuOpen ? <X aria-hidden className="h-5 w-5" /> : <MenuIcon aria-hidden className="h-5 w-5" />}
            </button>
          </div>
        </div>
        {menuOpen && (
          <nav id="mobile-nav" aria-label={t`Main`} className="flex flex-col gap-1 border-t border-white/5 px-4 py-3 lg:hidden">
            <NavLinks onClick={() => setMenuOpen(false)} />
          </nav>
        )}
      </header>
      {/* Below the sticky bar, so it scrolls away instead of covering the page on phones. */}
      {user && !user.emailVerified && (
        <Suspense fallback={null}>
          <VerifyEmailBanner />
        </Suspense>
      )}
    </>
  );
}
