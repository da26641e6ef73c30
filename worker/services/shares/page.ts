import type { Locale } from '../../contract/locales';
import { SHARE_PAGE_TEXT as TEXT } from '../../i18n/share-page';
import type { SharedCreation } from './shares';

/**
 * The shared creation's public page, rendered on the server: chat apps and crawlers read the Open
 * Graph tags without running scripts. Its words are a typed catalogue (worker/i18n/share-page.ts).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Everything put into the page is escaped: the prompt is the user's text. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** A description fits a preview card: whole characters (no split surrogate pair), one line. */
function clip(text: string, max: number) {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** The page's styles are a static file of the site (web/public/share.css): the Worker script has a size budget. */
const STYLESHEET = '/share.css';

function layout(locale: Locale, head: string, body: string, footer = '') {
  const t = TEXT[locale];
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${head}
<link rel="stylesheet" href="${STYLESHEET}">
</head>
<body>
<header><div class="bar"><a class="brand" href="/" aria-label="${escapeHtml(t.home)}"><img src="/favicon.svg" alt="" width="32" height="32"><span class="grad">Image Studio</span></a></div></header>
<main>
${body}
</main>
${footer ? `<footer>${escapeHtml(footer)}</footer>` : ''}
</body>
</html>`;
}

/** The page of a shared creation, with its Open Graph and Twitter card tags. */
export function renderSharedPage(
  creation: SharedCreation,
  locale: Locale,
  links: { pageUrl: string; imageUrl: string; dateText: string },
): string {
  const t = TEXT[locale];
  const type = t.types[creation.type];
  const title = t.title(type);
  const description = creation.prompt ? clip(creation.prompt, 200) : t.description;
  const alt = t.imageAlt(type);
  const size =
    creation.width && creation.height
      ? `<meta property="og:image:width" content="${creation.width}">\n<meta property="og:image:height" content="${creation.height}">`
      : '';
  const head = `<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<meta property="og:type" content="article">
<meta property="og:site_name" content="Image Studio">
<meta property="og:title" content="${escapeHtml(title)}">
<meta property="og:description" content="${escapeHtml(description)}">
<meta property="og:url" content="${escapeHtml(links.pageUrl)}">
<meta property="og:image" content="${escapeHtml(links.imageUrl)}">
<meta property="og:image:alt" content="${escapeHtml(alt)}">
${size}
<meta property="og:locale" content="${locale === 'zh-Hant' ? 'zh_TW' : 'en_US'}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${escapeHtml(title)}">
<meta name="twitter:description" content="${escapeHtml(description)}">
<meta name="twitter:image" content="${escapeHtml(links.imageUrl)}">
<meta name="twitter:image:alt" content="${escapeHtml(alt)}">`;
  const dims = creation.width && creation.height ? ` width="${creation.width}" height="${creation.height}"` : '';
  const prompt = creation.prompt
    ? `<div><div class="label">${escapeHtml(t.prompt)}</div><p class="prompt" data-testid="shared-prompt">${escapeHtml(creation.prompt)}</p></div>`
    : '';
  const body = `<article class="card">
<figure>
<div class="frame"><div class="pic"><img src="${escapeHtml(links.imageUrl)}" alt="${escapeHtml(alt)}"${dims}><span class="badge" aria-hidden="true">${escapeHtml(t.aiLabel)}</span></div></div>
<figcaption>
<h1>${escapeHtml(type)}</h1>
<div class="meta"><span class="chip ai" data-testid="ai-label">${escapeHtml(t.aiLabel)}</span><span class="chip">${escapeHtml(type)}</span><span>${escapeHtml(t.made)} <time datetime="${creation.createdAt.toISOString()}">${escapeHtml(links.dateText)}</time></span></div>
${prompt}
</figcaption>
</figure>
</article>
<a class="cta" href="/">${escapeHtml(t.cta)}</a>`;
  return layout(locale, head, body, t.footer);
}

/** The same page frame saying the link does not work (revoked, deleted) or is rate-limited. */
export function renderSharedError(kind: 'not-found' | 'rate-limited', locale: Locale): string {
  const t = TEXT[locale];
  const [title, text] = kind === 'not-found' ? [t.notFoundTitle, t.notFound] : [t.limitedTitle, t.limited];
  return layout(
    locale,
    `<title>${escapeHtml(title)} · Image Studio</title>`,
    `<div class="card empty"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><a class="cta" href="/">${escapeHtml(t.cta)}</a></div>`,
  );
}

/** The creation date in the reader's language (UTC, so every reader of one link sees the same day). */
export function sharedDate(date: Date, locale: Locale) {
  return new Intl.DateTimeFormat(locale === 'zh-Hant' ? 'zh-Hant-TW' : 'en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
