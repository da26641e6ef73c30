/**
 * The top of the workbench, pricing, upscaler and tool pages as static HTML, painted before the app's
 * modules run — what hero-shell.ts does for the landing page. On a phone each page's title and lead
 * paragraph are its largest contentful paint; drawn by React they wait for the entry, the route's chunk,
 * the catalogue and a render (~3 s under Lighthouse's throttling). The build (vite.config.ts,
 * `preloadFirstPaint`) puts this markup into the small async script that runs first on every page load.
 *
 * Each shell mirrors the page's own heading: `Page` (web/src/ui/page.tsx) with a title and subtitle,
 * `UpscalerHeading` (features/upscaler/upscale-panels.tsx) and `ToolHeading` (features/tools/tool-page.tsx):
 * same elements, same classes, same words, read from the .po catalogues. React's first render replaces
 * the shell with the same boxes, so nothing shifts and no larger paint follows.
 * tests/e2e/page-shells.e2e.test.ts fails when a shell and its page differ, so change them together.
 * Build-time code: no DOM, no React.
 */
import { escapeHtml, storedLocaleSource, type ShellLocale } from './hero-shell';

/** A page's title and lead, by their msgid in the .po catalogues. */
const PAGES = {
  '/ai-workbench': { title: 'AI workbench', lead: 'Describe it, pick a style, and watch it appear.' },
  '/pricing': { title: 'Simple pricing for every creator', lead: 'Start free. Upgrade when you need more.' },
} as const;

const UPSCALER = {
  badge: 'AI super-resolution',
  title: 'Image upscaler',
  lead: 'Enlarge photos 2×, 4× or 8× with real added detail, then compare before and after.',
} as const;

const BREADCRUMB = { label: 'Breadcrumb', back: 'Back to workbench', all: 'All AI tools' } as const;

/** The top of the workbench's form in text-to-image mode (ModeTabs, InspirationTags, PromptBox in features/workbench). */
const WORKBENCH_FORM = {
  modeLabel: 'Mode',
  textToImage: 'Text to image',
  imageEditing: 'Image editing',
  inspirationLabel: 'Inspiration',
  prompt: 'Prompt',
  placeholder: 'A lighthouse on a cliff at sunset, waves crashing below…',
} as const;

/** What the workbench form's shell needs besides the catalogue: the inspiration labels' msgids and the prompt's limit. */
export interface ShellWorkbench {
  inspiration: string[];
  promptMax: number;
}

/** The inspiration tags' label msgids from the source of features/workbench/styles.ts (`msg` macros, as for the tools). */
export function inspirationLabelsFrom(source: string): string[] {
  const list = /export const INSPIRATION = \[([\s\S]*?)\] as const;/.exec(source)?.[1] ?? '';
  const labels = [...list.matchAll(/label:\s*msg`([^`]*)`/g)].map((m) => m[1]!);
  if (labels.length === 0) throw new Error('page shells: no inspiration tags found in styles.ts');
  return labels;
}

/** A tool page's route (/ai-tools/<route>), its icon's markup, and its title and description msgids. */
export interface ShellTool {
  route: string;
  icon: string;
  title: string;
  description: string;
}

/** The icons the headings draw, as static SVG markup (rendered by the build). */
export interface PageShellIcons {
  /** The upscaler's badge. */
  sparkles: string;
  /** The tool pages' "Back to workbench". */
  arrowLeft: string;
}

/**
 * Each tool's title and description msgids from the source of features/tools/catalogue.ts (its
 * `msg` macros only compile inside the app's build). Throws when a tool has none: the shell would be wrong.
 */
export function toolMessagesFrom(source: string, ids: readonly string[]): Map<string, { title: string; description: string }> {
  const found = new Map<string, { title: string; description: string }>();
  for (const m of source.matchAll(/'?([\w-]+)'?:\s*\{\s*title:\s*msg`([^`]*)`,\s*description:\s*msg`([^`]*)`/g))
    found.set(m[1]!, { title: m[2]!, description: m[3]! });
  for (const id of ids) if (!found.has(id)) throw new Error(`page shells: no title and description for the tool "${id}"`);
  return found;
}

const PAGE_MAIN = '<main class="mx-auto w-full max-w-7xl px-4 pb-20 pt-8 sm:px-6">';

type Text = (msgid: string) => string;

/**
 * The workbench form down to the prompt box, as React draws it on a plain /ai-workbench (text to
 * image, empty prompt): the prompt's placeholder is the page's largest text on a phone, larger than the
 * title and lead, so a shell without it would leave the page's LCP at React's first render. The box is
 * read-only until React replaces it, so nothing typed into it is lost; the whole form is `inert` and
 * hidden from assistive technology (its tabs and tags do nothing yet), so neither a tap, a screen reader nor
 * a test finds it before the real form is there.
 */
function workbenchFormHtml(text: Text, workbench: ShellWorkbench, locale: ShellLocale): string {
  const tab = (label: string, selected: boolean) =>
    `<button type="button" role="tab" aria-selected="${selected}" tabindex="${selected ? 0 : -1}"${selected ? ' data-selected="true"' : ''} ` +
    `class="rounded-lg px-3 py-2 text-sm font-medium text-zinc-400 hover:text-white data-[selected]:bg-white/10 data-[selected]:text-white">${text(label)}</button>`;
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  return (
    '<div class="mt-8" inert aria-hidden="true"><div class="grid gap-6 lg:grid-cols-[minmax(0,440px)_1fr]"><section class="card flex flex-col gap-5 p-5">' +
    `<div><div role="tablist" aria-label="${text(WORKBENCH_FORM.modeLabel)}" class="grid grid-cols-2 gap-1 rounded-xl bg-ink-900 p-1">` +
    `${tab(WORKBENCH_FORM.textToImage, true)}${tab(WORKBENCH_FORM.imageEditing, false)}</div></div>` +
    `<fieldset class="flex min-w-0 flex-wrap gap-2" aria-label="${text(WORKBENCH_FORM.inspirationLabel)}">` +
    workbench.inspiration
      .map(
        (label) =>
          `<button type="button" class="rounded-full border border-white/10 px-3 py-1 text-xs text-zinc-300 hover:bg-white/5">${text(label)}</button>`,
      )
      .join('') +
    '</fieldset><div class="flex flex-col gap-1.5"><label class="flex flex-col gap-1.5">' +
    `<span class="text-sm font-medium text-zinc-300">${text(WORKBENCH_FORM.prompt)}</span>` +
    `<textarea rows="5" readonly placeholder="${text(WORKBENCH_FORM.placeholder)}" class="resize-y rounded-xl border border-white/10 bg-ink-900 p-3 text-sm outline-none focus:border-violet-400"></textarea>` +
    `<span class="self-end text-right text-xs text-zinc-500">${number(0)} / ${number(workbench.promptMax)}</span>` +
    '</label></div></section></div></div>'
  );
}

/**
 * Every shell in one language, by the path it is painted on; `workbenchForm` goes into the
 * workbench's shell when the address asks for nothing but the text-to-image form (see pageShellScript).
 */
export function pageShellsHtml(
  catalogue: Map<string, string>,
  locale: ShellLocale,
  parts: { icons: PageShellIcons; tools: ShellTool[]; workbench: ShellWorkbench },
): { pages: Record<string, string>; workbenchForm: string } {
  const text: Text = (msgid) => {
    const message = catalogue.get(msgid);
    if (!message) throw new Error(`page shells: no translation for "${msgid}"`);
    return escapeHtml(message);
  };
  const { icons, tools } = parts;
  const shells: Record<string, string> = {};
  // `Page` with a title and a subtitle; its content follows in a `mt-8` div, which the shell leaves out.
  for (const [path, page] of Object.entries(PAGES))
    shells[path] =
      `${PAGE_MAIN}<h1 class="text-2xl font-bold tracking-tight sm:text-3xl">${text(page.title)}</h1>` +
      `<p class="mt-2 text-zinc-400">${text(page.lead)}</p></main>`;
  shells['/image-upscaler'] =
    `${PAGE_MAIN}<div class=""><header class="max-w-3xl">` +
    '<p class="inline-flex items-center gap-2 rounded-full border border-fuchsia-400/30 bg-fuchsia-500/10 px-3 py-1 text-xs font-semibold text-fuchsia-200">' +
    `${icons.sparkles}${text(UPSCALER.badge)}</p>` +
    `<h1 class="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">${text(UPSCALER.title)}</h1>` +
    `<p class="mt-2 text-zinc-400">${text(UPSCALER.lead)}</p></header></div></main>`;
  for (const tool of tools)
    shells[`/ai-tools/${tool.route}`] =
      `${PAGE_MAIN}<div class="">` +
      `<nav aria-label="${text(BREADCRUMB.label)}" class="flex flex-wrap items-center justify-between gap-2 text-sm">` +
      `<a href="/ai-workbench" class="inline-flex items-center gap-1.5 text-zinc-300 hover:text-white">${icons.arrowLeft}${text(BREADCRUMB.back)}</a>` +
      `<a href="/ai-tools-workbench" class="text-fuchsia-300 hover:underline">${text(BREADCRUMB.all)}</a></nav>` +
      '<div class="mt-3 flex items-center gap-3"><span class="grid h-11 w-11 place-items-center rounded-2xl bg-gradient-to-br from-violet-500/25 to-fuchsia-500/25 text-fuchsia-200 ring-1 ring-white/10">' +
      `${tool.icon}</span><h1 class="text-2xl font-bold sm:text-3xl">${text(tool.title)}</h1></div>` +
      `<p class="mt-2 text-zinc-400">${text(tool.description)}</p></div></main>`;
  return { pages: shells, workbenchForm: workbenchFormHtml(text, parts.workbench, locale) };
}

/**
 * The page script that adds a page's shell: only on its path, only while #root still holds the static
 * header alone (never into React's tree), in the language the app starts in. Not when a stored token
 * has no stored user (the app shows its start-up spinner there first) nor when storage is blocked (the
 * app shows a notice above the page, which would push the shell down).
 */
export function pageShellScript(shells: Record<ShellLocale, { pages: Record<string, string>; workbenchForm: string }>): string {
  return `// The top of the page, painted before the app runs (web/src/features/landing/page-shells.ts).
{
const addPageShell = () => {
  const root = document.getElementById('root');
  const path = location.pathname.replace(/(.)\\/$/, '$1');
  if (!root || root.childElementCount !== 1 || root.firstElementChild.tagName !== 'HEADER') return;
  try {
    if (localStorage.getItem('token') && !JSON.parse(localStorage.getItem('user') || 'null')) return;
  } catch {
    return;
  }
  const { pages, workbenchForm } = ${JSON.stringify(shells)}[${storedLocaleSource}];
  let shell = pages[path];
  // The form as it starts with no search parameters (or only ?mode=text-to-image and ?lang=): another
  // mode, a prompt or images handed over start it differently.
  const search = new URLSearchParams(location.search);
  search.delete('lang');
  if (search.get('mode') === 'text-to-image') search.delete('mode');
  if (path === '/ai-workbench' && !search.toString()) shell = shell.replace(/<\\/main>$/, workbenchForm + '</main>');
  if (shell) root.insertAdjacentHTML('beforeend', shell);
};
if (document.getElementById('root')) addPageShell();
else document.addEventListener('DOMContentLoaded', addPageShell, { once: true });
}
`;
}
