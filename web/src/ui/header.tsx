import { useLingui } from '@lingui/react';
import { Trans, useLingui as useT } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { api } from '../api/endpoints';
import { useLoginModal } from '../features/auth/login-modal';
import { useSession } from '../features/auth/session';
import { VerifyEmailBanner } from '../features/auth/verify-email-banner';
import { LOCALES, activateLocale, type Locale } from '../i18n';
import { Button } from './button';
import { formatCredits } from './format';

function LanguageMenu() {
  const { i18n } = useLingui();
  const { t } = useT();
  return (
    <MenuTrigger>
      <AriaButton aria-label={t`Language`} className="rounded-lg px-2.5 py-1.5 text-sm text-zinc-300 hover:bg-white/5 hover:text-white">
        <svg aria-hidden viewBox="0 0 20 20" className="mr-1 inline h-4 w-4 align-[-3px]" fill="none" stroke="currentColor" strokeWidth="1.5"><circle cx="10" cy="10" r="7.5" /><path d="M2.5 10h15M10 2.5c2.2 2.3 2.2 12.7 0 15M10 2.5c-2.2 2.3-2.2 12.7 0 15" /></svg>
        <span className="hidden whitespace-nowrap sm:inline">{LOCALES[i18n.locale as Locale] ?? 'English'}</span>
      </AriaButton>
      <Popover className="min-w-36 rounded-xl border border-white/10 bg-ink-850 p-1 shadow-2xl">
        <Menu
          selectionMode="single"
          selectedKeys={[i18n.locale]}
          onAction={(key) => void activateLocale(key as Locale)}
          className="outline-none"
        >
          {Object.entries(LOCALES).map(([locale, label]) => (
            <MenuItem key={locale} id={locale} className="cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[focused]:bg-white/10 data-[selected]:text-fuchsia-300">
              {label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** The signed-in user's spendable credits, refreshed on navigation and after generations. */
export function useCreditBalance() {
  const { user } = useSession();
  const [available, setAvailable] = useState<number | null>(null);
  useEffect(() => {
    if (!user) return setAvailable(null);
    const load = () => api.balance().then((b) => setAvailable(b.available)).catch(() => undefined);
    load();
    window.addEventListener('credits:changed', load);
    return () => window.removeEventListener('credits:changed', load);
  }, [user]);
  return available;
}

export const announceCreditsChanged = () => window.dispatchEvent(new Event('credits:changed'));

/** Spec §2 header: the avatar, or the first letter when there is none or it fails to load. */
function HeaderAvatar({ src, letter }: { src: string | null; letter: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    // Keyed by URL: a new upload is a new image element, never a stale one from the cache of the old.
    return <img key={src} src={src} alt="" data-testid="header-avatar" onError={() => setFailed(src)} className="h-8 w-8 rounded-full object-cover" />;
  }
  return (
    <span aria-hidden data-testid="header-avatar-letter" className="flex h-8 w-8 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-sm font-bold uppercase">
      {letter}
    </span>
  );
}

const NAV = [
  { to: '/', label: () => <Trans>Home</Trans> },
  { to: '/ai-workbench', label: () => <Trans>Workbench</Trans> },
  { to: '/records', label: () => <Trans>My creations</Trans> },
  { to: '/pricing', label: () => <Trans>Pricing</Trans> },
  { to: '/showcase', label: () => <Trans>Showcase</Trans> },
] as const;

export function Header() {
  const { user, signOut } = useSession();
  const login = useLoginModal();
  const credits = useCreditBalance();
  const [menuOpen, setMenuOpen] = useState(false);
  const { t } = useT();
  const display = user ? user.name || user.email : '';

  const links = (onClick?: () => void) =>
    NAV.map(({ to, label }) => (
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

  return (
    <>
    <header className="sticky top-0 z-40 border-b border-white/5 bg-ink-950/75 backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-bold tracking-tight">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          <span className="text-gradient hidden whitespace-nowrap text-lg sm:inline">Image Studio</span>
        </Link>
        <nav aria-label={t`Main`} className="ml-4 hidden items-center gap-1 lg:flex">
          {links()}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageMenu />
          {user ? (
            <>
              <Link to="/personal-center/$tab" params={{ tab: 'credits' }} data-testid="header-credits" className="inline-flex whitespace-nowrap rounded-full border border-amber-400/30 bg-amber-400/10 px-2.5 py-1 text-xs font-semibold text-amber-200" title={t`Credits`}>
                <span aria-hidden>✦ </span>
                {credits === null ? '…' : formatCredits(credits)}
              </Link>
              <Link to="/personal-center/$tab" params={{ tab: 'profile' }} aria-label={t`My profile: ${display}`} className="flex items-center gap-2 rounded-full py-1 pl-1 pr-1 hover:bg-white/5 sm:pr-3">
                <HeaderAvatar src={user.avatar} letter={display.slice(0, 1)} />
                <span className="hidden max-w-40 truncate text-sm sm:inline">{display}</span>
              </Link>
              <Button variant="ghost" className="whitespace-nowrap px-3" onPress={signOut}>
                <Trans>Logout</Trans>
              </Button>
            </>
          ) : (
            <Button className="whitespace-nowrap px-4 py-2" onPress={() => login.open()}>
              <Trans>Sign In</Trans>
            </Button>
          )}
          <AriaButton
            aria-label={t`Menu`}
            aria-expanded={menuOpen}
            onPress={() => setMenuOpen((o) => !o)}
            className="rounded-lg p-2 text-zinc-300 hover:bg-white/5 lg:hidden"
          >
            <svg className="h-5 w-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden><path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" /></svg>
          </AriaButton>
        </div>
      </div>
      {menuOpen && (
        <nav aria-label={t`Main`} className="flex flex-col gap-1 border-t border-white/5 px-4 py-3 lg:hidden">
          {links(() => setMenuOpen(false))}
        </nav>
      )}
    </header>
    {/* Below the sticky bar, so it scrolls away instead of covering the page on phones. */}
    <VerifyEmailBanner />
    </>
  );
}
