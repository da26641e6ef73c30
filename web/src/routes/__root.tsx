import { Trans } from '@lingui/react/macro';
import { Link, Outlet, createRootRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { LoginModalProvider } from '../features/auth/login-modal';
import { lazy, Suspense } from 'react';
import { wholeCatalogueLoaded, withWholeCatalogue } from '../i18n';
import { loadQueryClient } from '../lib/lazy-query-client';
import { SessionProvider, useSession } from '../features/auth/session';
import { ToastProvider } from '../ui/toast';
import { Header } from '../ui/header';
import { Spinner } from '../ui/spinner';
import { StorageNotice } from '../ui/storage-notice';

/**
 * The footer is never part of a first paint (it sits below every page's content), so its code and its
 * words arrive with the whole catalogue, after the first render, as the landing page's lower sections do.
 */
const Footer = lazy(withWholeCatalogue(() => import('../ui/footer').then((m) => ({ default: m.Footer }))));

function Root() {
  return (
    <ToastProvider>
      <SessionProvider>
        <LoginModalProvider>
          <Shell />
        </LoginModalProvider>
      </SessionProvider>
    </ToastProvider>
  );
}

function Shell() {
  const { initialising } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <StorageNotice />
      {initialising ? (
        <div className="flex flex-1 items-center justify-center py-32">
          <Spinner className="h-10 w-10" label="Initialising" />
        </div>
      ) : (
        <Outlet />
      )}
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}

/** Spec §2: the default error page. */
function RootError({ error }: ErrorComponentProps) {
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <pre className="mt-4 whitespace-pre-wrap rounded-xl bg-ink-900 p-4 text-left text-sm text-rose-300">
        {error instanceof Error ? error.message : String(error)}
      </pre>
      <a href="/" className="mt-6 inline-block underline">
        <Trans>Back to home</Trans>
      </a>
    </main>
  );
}

function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-6xl font-black text-gradient">404</p>
      <h1 className="mt-4 text-2xl font-bold">
        <Trans>Page not found</Trans>
      </h1>
      <Link to="/" className="mt-6 inline-block underline">
        <Trans>Back to home</Trans>
      </Link>
    </main>
  );
}

export const Route = createRootRoute({
  // The home page renders first with its own part of the catalogue (i18n.ts) and without TanStack Query
  // (lib/lazy-query-client.tsx); every other page waits for both, which are already loaded unless the
  // visit began on the home page a moment ago.
  beforeLoad: async ({ location }) => {
    if (location.pathname !== '/') await Promise.all([wholeCatalogueLoaded(), loadQueryClient()]);
  },
  component: Root,
  errorComponent: RootError,
  notFoundComponent: NotFound,
});
