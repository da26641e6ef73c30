import { I18nProvider } from '@lingui/react';
import { RouterProvider, createBrowserHistory, createRouter, type RouterHistory } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLocale, i18n, LANG_KEY, storedLocale, wholeCatalogueLoaded } from './i18n';
import { LazyQueryClientProvider, loadQueryClient } from './lib/lazy-query-client';
import { nextTask } from './lib/next-task';
import { routeTree } from './routeTree.gen';
import './styles.css';

const makeRouter = (history?: RouterHistory) => createRouter({ routeTree, history, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}

// Start-up runs in separate tasks (Lighthouse's total blocking time on phones): evaluating the
// modules, reading the browser's history, building the router (~10 ms of a fast CPU for the route
// tree), matching the first route, and rendering. The first render is a transition, so React renders
// it in 5 ms slices instead of one long task; the static header in index.html stays on screen until it
// commits. Render once the catalog is active, so no text flashes in the wrong language; the first
// route's code loads at the same time (router.load), not after it. The home page starts with its own
// part of the catalogue (i18n.ts); the rest follows its first render. So does TanStack Query
// (lib/lazy-query-client.tsx): every other page's components read it as they render.
void (async () => {
  const home = window.location.pathname === '/';
  const catalogue = activateLocale(storedLocale(), { remember: false, firstPaintOnly: home });
  const queryClient = home ? undefined : loadQueryClient();
  await nextTask();
  const history = createBrowserHistory();
  await nextTask();
  const router = makeRouter(history);
  await nextTask();
  await Promise.all([catalogue, queryClient, router.load().catch(() => undefined)]);
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <LazyQueryClientProvider>
          <I18nProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nProvider>
        </LazyQueryClientProvider>
      </StrictMode>,
    ),
  );
  // hreflang alternates for crawlers: after the first render, in a chunk of their own.
  await nextTask();
  void wholeCatalogueLoaded().catch(() => undefined);
  void loadQueryClient().catch(() => undefined);
  void import('./lib/language-alternates').then(({ followLanguageAlternates }) => followLanguageAlternates(LANG_KEY, router));
})();
