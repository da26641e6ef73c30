/**
 * The landing hero as static HTML, painted before the app's modules run. On a phone the
 * hero's text is the page's largest contentful paint; drawn by React it waits for ~70 KB gz of script,
 * its evaluation and a render. The build (vite.config.ts, `preloadFirstPaint`) puts this markup into the
 * small async script that already runs on every page load, which adds it under the static header in
 * index.html when the path is `/`; React's first render replaces both.
 *
 * It mirrors `Hero` in landing-page.tsx: same elements, same classes, same words, read from the .po
 * catalogues. tests/e2e/landing.e2e.test.ts fails when the two lay out differently, so change them
 * together. Build-time code: no DOM, no React.
 */

export type ShellLocale = 'en' | 'zh-Hant';

/** The hero's messages, by their msgid in the .po catalogues. */
const MESSAGES = {
  freeCredits: 'Free credits when you sign up',
  welcomeBack: 'Welcome back, {name}',
  title: 'Turn ideas into <0>stunning images</0>',
  intro:
    'Generate from text, edit your photos and apply one-click styles — pop art, anime, oil painting, watercolor and more. Made for creators, ready for commercial use.',
  startCreating: 'Start creating',
  continueCreating: 'Continue creating',
  exploreTools: 'Explore AI tools',
} as const;

/** The lucide icons the hero draws, as static SVG markup (rendered by the build). */
export interface ShellIcons {
  sparkles: string;
  coins: string;
  arrowRight: string;
}

/** The showcase thumbnails of the hero's collage (wide screens only), shared with `Hero`. */
export const HERO_IMAGES = ['sunset-alps', 'neon-rain', 'sakura-path', 'ringed-planet'];

/**
 * The name in the signed-in badge, cut to one line on a 360 px phone: a long name (an e-mail address)
 * wrapped the badge onto two lines once the balance arrived, pushing the hero down. Used by both heroes.
 */
export const shortenName = (name: string, max = 20) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

/**
 * The language the app starts in (storedLocale in web/src/i18n.ts), as a JavaScript expression for the
 * page scripts: a `?lang=` in the address, else the one chosen before, else English (also when storage
 * is blocked). The shells must paint in the language React renders next, or the words would flash.
 */
export const storedLocaleSource =
  "(() => { const asked = new URLSearchParams(location.search).get('lang'); if (asked === 'en' || asked === 'zh-Hant') return asked; " +
  "try { return localStorage.getItem('lang') === 'zh-Hant' ? 'zh-Hant' : 'en'; } catch { return 'en'; } })()";

const unquote = (quoted: string) => JSON.parse(quoted) as string;

/**
 * msgid → msgstr of a .po file whose entries are one line each (how `lingui extract` writes this
 * project's catalogues). A wrapped entry would be missing here, and the build fails on it below.
 */
export function readPoCatalogue(po: string): Map<string, string> {
  const messages = new Map<string, string>();
  let id: string | undefined;
  for (const line of po.split('\n')) {
    if (line.startsWith('msgid "')) id = unquote(line.slice(6));
    else if (line.startsWith('msgstr "') && id !== undefined) {
      messages.set(id, unquote(line.slice(7)));
      id = undefined;
    }
  }
  return messages;
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Both variants of the hero in one language; `{name}` stays a placeholder the page script fills in. */
export function heroShellHtml(catalogue: Map<string, string>, icons: ShellIcons): { signedOut: string; signedIn: string } {
  const text = (key: keyof typeof MESSAGES) => {
    const message = catalogue.get(MESSAGES[key]);
    if (!message) throw new Error(`hero shell: no translation for "${MESSAGES[key]}"`);
    return message;
  };
  const title = escapeHtml(text('title')).replace(/&lt;0&gt;(.*?)&lt;\/0&gt;/, '<span class="text-gradient">$1</span>');
  const badge = (content: string) =>
    '<p class="mb-4 inline-flex min-h-7 items-center gap-1.5 rounded-full border border-fuchsia-400/30 bg-fuchsia-500/10 px-3 py-1 text-xs font-semibold text-fuchsia-200">' +
    `${content}</p>`;
  const hero = (badgeHtml: string, primary: 'startCreating' | 'continueCreating') =>
    '<main class="overflow-x-clip"><section aria-labelledby="hero-title" class="mx-auto grid max-w-7xl items-center gap-10 px-4 pb-10 pt-12 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr]">' +
    `<div class="max-w-3xl">${badgeHtml}` +
    `<h1 id="hero-title" class="text-4xl font-black leading-tight tracking-tight sm:text-6xl">${title}</h1>` +
    `<p class="mt-5 max-w-2xl text-lg text-zinc-300">${escapeHtml(text('intro'))}</p>` +
    '<div class="mt-8 flex flex-wrap gap-3">' +
    '<a href="/ai-workbench" class="inline-flex items-center gap-2 rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-6 py-3 font-semibold text-white shadow-lg shadow-fuchsia-900/40 hover:brightness-110">' +
    `${escapeHtml(text(primary))}${icons.arrowRight}</a>` +
    `<a href="/ai-tools-workbench" class="rounded-xl border border-white/15 px-6 py-3 font-semibold hover:bg-white/5">${escapeHtml(text('exploreTools'))}</a>` +
    '</div></div>' +
    '<div aria-hidden="true" class="relative hidden lg:block"><div class="absolute -inset-8 rounded-full bg-fuchsia-600/20 blur-3xl"></div><div class="relative grid grid-cols-2 gap-4">' +
    HERO_IMAGES.map(
      (slug, i) =>
        `<img src="/showcase/thumbs/${slug}.webp" alt="" loading="lazy" width="416" height="520" class="aspect-[4/5] w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/10 ${i % 2 ? 'translate-y-8' : ''}">`,
    ).join('') +
    '</div></div></section></main>';
  return {
    signedOut: hero(badge(icons.sparkles + escapeHtml(text('freeCredits'))), 'startCreating'),
    signedIn: hero(badge(icons.coins + escapeHtml(text('welcomeBack'))), 'continueCreating'),
  };
}

/**
 * The page script that adds the hero: only on `/`, only while #root still holds the static header
 * alone (never into React's tree), in the language the app starts in, signed in when a token is stored. Storage
 * can be blocked (the app then runs in memory): the English signed-out hero is right for that case.
 */
export function heroShellScript(heroes: Record<ShellLocale, { signedOut: string; signedIn: string }>): string {
  return `// The landing hero, painted before the app runs (web/src/features/landing/hero-shell.ts).
const addLandingHero = () => {
  const root = document.getElementById('root');
  if (location.pathname !== '/' || !root || root.childElementCount !== 1 || root.firstElementChild.tagName !== 'HEADER') return;
  const heroes = ${JSON.stringify(heroes)};
  const locale = ${storedLocaleSource};
  let user = null;
  try {
    if (localStorage.getItem('token')) user = JSON.parse(localStorage.getItem('user') || 'null');
  } catch {}
  // The name goes in through a function: a name such as "$'" must not be read as a replacement pattern.
  const escape = (s) => String(s).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
  const shortenName = ${shortenName.toString()};
  root.insertAdjacentHTML('beforeend', user
    ? heroes[locale].signedIn.replace('{name}', () => escape(shortenName(String(user.name || user.email || ''))))
    : heroes[locale].signedOut);
};
// The script is async: it usually runs after the small page is parsed, but never wait for
// DOMContentLoaded if #root is there already (that waits for the app's modules to run).
if (document.getElementById('root')) addLandingHero();
else document.addEventListener('DOMContentLoaded', addLandingHero, { once: true });
`;
}
