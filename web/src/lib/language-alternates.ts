/**
 * `<link rel="alternate" hreflang>` for this page in each language and `x-default`, kept in step with
 * the route, so crawlers that run the page find both languages (the sitemap lists them too).
 */
export function setLanguageAlternates(pathname: string, langParam: string) {
  const origin = window.location.origin;
  const alternates: [string, string][] = [
    ['en', `${origin}${pathname}`],
    ['zh-Hant', `${origin}${pathname}?${langParam}=zh-Hant`],
    ['x-default', `${origin}${pathname}`],
  ];
  for (const [hreflang, href] of alternates) {
    let link = document.head.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${hreflang}"]`);
    if (!link) {
      link = document.createElement('link');
      link.rel = 'alternate';
      link.hreflang = hreflang;
      document.head.append(link);
    }
    link.href = href;
  }
}

/**
 * Loads a catalog (compiled from .po by the Lingui Vite plugin) and activates it. Only a user's
 * choice is remembered (`remember`): writing the start-up default back would overwrite a choice
 * another tab made while this one was loading.
 */

/** Keeps the alternates in step with the router; loaded after the first render, not in the first paint's code. */
export function followLanguageAlternates(
  langParam: string,
  router: {
    subscribe: (event: 'onResolved', listener: (event: { toLocation: { pathname: string } }) => void) => unknown;
  },
) {
  setLanguageAlternates(window.location.pathname, langParam);
  router.subscribe('onResolved', ({ toLocation }) => setLanguageAlternates(toLocation.pathname, langParam));
}
