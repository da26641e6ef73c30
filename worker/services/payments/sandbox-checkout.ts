import { and, eq, ne } from 'drizzle-orm';
import { schema } from '@db/client';
import { asPaymentMethod } from '../../contract/gateways';
import type { ServiceContext } from '../context';
import { checkoutExpired, markExpired } from './expiry';
import { callbackUrls } from './orders';
import { intervalOf } from '../../lib/billing-periods';
import { isSandboxGateway } from '../../adapters/payments/sandbox-port';
import { handleWebhook } from './webhooks';
import { SANDBOX_CHECKOUT_TEXT as TEXT, type SandboxLocale } from '../../i18n/sandbox-checkout';

type Ctx = ServiceContext<'db' | 'payments' | 'clock' | 'log' | 'config'>;

/** What the route sends back: an HTML page, or a redirect to the SPA's callback route. */
export type SandboxPageResult =
  | { kind: 'page'; status: 200 | 400 | 403 | 404 | 409; html: string }
  | { kind: 'redirect'; location: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"'`]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[ch]!);

const money = (cents: number, currency: string) => `${currency === 'USD' ? '$' : `${escapeHtml(currency)} `}${(cents / 100).toFixed(2)}`;

function layout(title: string, body: string, locale: SandboxLocale = 'en') {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px 16px;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
    background: radial-gradient(circle at 20% 0%, #2e1065 0%, #0b0b12 55%); color: #e5e7eb; }
  main { width: 100%; max-width: 420px; background: #14141f; border: 1px solid #2d2d40; border-radius: 16px; padding: 28px; box-shadow: 0 20px 50px rgba(0,0,0,.45); }
  .notice { display: flex; gap: 10px; align-items: flex-start; background: #3b2a05; border: 1px solid #a16207; color: #fde68a; border-radius: 10px; padding: 10px 12px; font-size: 14px; margin: 0 0 20px; }
  h1 { font-size: 22px; margin: 0 0 4px; color: #fff; }
  .muted { color: #a1a1b5; font-size: 14px; margin: 0 0 20px; }
  dl { margin: 0 0 24px; display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; }
  dt { color: #a1a1b5; }
  dd { margin: 0; text-align: right; color: #fff; font-weight: 600; }
  .amount { font-size: 20px; }
  .actions { display: flex; flex-direction: column; gap: 10px; }
  button, a.button { font: inherit; font-weight: 600; border-radius: 10px; padding: 12px 16px; border: 1px solid transparent; cursor: pointer; text-align: center; text-decoration: none; }
  button.pay { background: linear-gradient(90deg, #7c3aed, #c026d3); color: #fff; }
  button.cancel, a.button { background: transparent; color: #e5e7eb; border-color: #3f3f55; }
  button:focus-visible, a.button:focus-visible { outline: 3px solid #f0abfc; outline-offset: 2px; }
  button:hover { filter: brightness(1.1); }
</style>
</head>
<body>
<main>
<p class="notice" role="note"><span aria-hidden="true">&#9888;</span><span>${TEXT[locale].notice}</span></p>
${body}
</main>
</body>
</html>`;
}

function message(
  locale: SandboxLocale,
  status: 200 | 400 | 403 | 404 | 409,
  title: string,
  text: string,
  link?: { href: string; label: string },
): SandboxPageResult {
  const action = link ? `<div class="actions"><a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></div>` : '';
  return {
    kind: 'page',
    status,
    html: layout(title, `<h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(text)}</p>${action}`, locale),
  };
}

async function loadSession(ctx: Ctx, sessionId: string) {
  const [row] = await ctx.db
    .select({ order: schema.orders, plan: schema.pricingPlans })
    .from(schema.orders)
    .innerJoin(schema.pricingPlans, eq(schema.pricingPlans.id, schema.orders.planId))
    .where(and(eq(schema.orders.gateway, 'SANDBOX'), eq(schema.orders.gatewaySessionId, sessionId)))
    .limit(1);
  return row;
}

const pricingUrl = (origin: string) => `${origin}/pricing`;

const unknownSession = (origin: string, locale: SandboxLocale) =>
  message(locale, 404, TEXT[locale].notFoundTitle, TEXT[locale].notFound, { href: pricingUrl(origin), label: TEXT[locale].backToPricing });

const finishedSession = (origin: string, status: string, locale: SandboxLocale) =>
  message(locale, 409, TEXT[locale].finishedTitle, TEXT[locale].finished(status), {
    href: pricingUrl(origin),
    label: TEXT[locale].backToPricing,
  });

/** `GET /api/sandbox/checkout/:sessionId`: the stand-in for the gateway's hosted checkout page. */
export async function renderSandboxCheckout(
  ctx: Ctx,
  sessionId: string,
  origin: string,
  locale: SandboxLocale = 'en',
): Promise<SandboxPageResult> {
  const text = TEXT[locale];
  const row = await loadSession(ctx, sessionId);
  if (!row) return unknownSession(origin, locale);
  const { order, plan } = row;
  if (order.status === 'PENDING' && checkoutExpired(order, ctx.clock.now()) && (await markExpired(ctx, order.id)))
    return finishedSession(origin, 'EXPIRED', locale);
  if (order.status !== 'PENDING') return (await subscriptionPage(ctx, sessionId, order)) ?? finishedSession(origin, order.status, locale);
  const credits = order.credits.toLocaleString('en-US');
  const what = order.kind === 'credits' ? text.packCredits(credits) : text.planCredits(credits, plan.packageType === 'yearly');
  // The POST keeps the language, so a refusal page after it is in the same language.
  const action = `/api/sandbox/checkout/${encodeURIComponent(sessionId)}${locale === 'en' ? '' : `?lang=${locale}`}`;
  const planName = (locale === 'zh-Hant' && plan.nameZh) || plan.name;
  const body = `
<h1>${escapeHtml(planName)}</h1>
<p class="muted">${escapeHtml(text.order(order.orderNumber, text.methods[asPaymentMethod(order.paymentMethod)]))}</p>
<dl>
  <dt>${text.amount}</dt><dd class="amount">${money(order.amountCents, order.currency)}${order.kind === 'subscription' ? `<span class="muted"> / ${plan.packageType === 'yearly' ? text.perYear : text.perMonth}</span>` : ''}</dd>
  <dt>${text.credits}</dt><dd>${escapeHtml(what)}</dd>
</dl>
<form method="post" action="${escapeHtml(action)}" class="actions" aria-label="${text.form}">
  <button class="pay" type="submit" name="action" value="pay">${escapeHtml(text.pay(money(order.amountCents, order.currency)))}</button>
  <button class="cancel" type="submit" name="action" value="cancel">${text.cancel}</button>
</form>`;
  return { kind: 'page', status: 200, html: layout(text.checkoutTitle(planName), body, locale) };
}

/** The live subscription a paid sandbox checkout started: renewed or lapsed by hand on its page. */
async function sandboxSubscriptionOf(ctx: Ctx, order: typeof schema.orders.$inferSelect) {
  if (order.kind !== 'subscription' || order.status !== 'PAID') return undefined;
  const s = schema.subscriptions;
  const [sub] = await ctx.db
    .select()
    .from(s)
    .where(and(eq(s.initialOrderId, order.id), ne(s.status, 'expired')))
    .limit(1);
  return sub?.gatewaySubscriptionId ? sub : undefined;
}

const renewable = (sub: typeof schema.subscriptions.$inferSelect) => sub.status === 'active' && !sub.cancelAtPeriodEnd;

async function subscriptionPage(
  ctx: Ctx,
  sessionId: string,
  order: typeof schema.orders.$inferSelect,
): Promise<SandboxPageResult | undefined> {
  const sub = await sandboxSubscriptionOf(ctx, order);
  if (!sub) return undefined;
  const action = `/api/sandbox/checkout/${encodeURIComponent(sessionId)}`;
  const paidUntil = sub.currentPeriodEnd.toISOString().slice(0, 10);
  const body = `
<h1>Sandbox subscription</h1>
<p class="muted" data-testid="sandbox-subscription">Order ${escapeHtml(order.orderNumber)} · ${escapeHtml(sub.status)} · paid until ${paidUntil}</p>
<form method="post" action="${escapeHtml(action)}" class="actions" aria-label="Sandbox subscription">
  ${renewable(sub) ? '<button class="pay" type="submit" name="action" value="renew">Renew now</button>' : ''}
  <button class="cancel" type="submit" name="action" value="lapse">Let it lapse</button>
</form>`;
  return { kind: 'page', status: 200, html: layout('Sandbox subscription', body) };
}

/** Where a form post came from, as the browser reported it, and the origins this page is served under. */
export interface FormPostSource {
  origin: string | undefined;
  fetchSite: string | undefined;
  ownOrigins: string[];
}

/**
 * Why a post must be refused as cross-site, or null. Browsers send `Sec-Fetch-Site` (and `Origin`)
 * with every form POST and a page cannot forge them: `Sec-Fetch-Site` other than same-origin is
 * refused; without it, an `Origin` naming another site or the opaque `null` is. A request with
 * neither is not a browser driven by another site (curl, tests) and is let through. A per-checkout
 * form token would add nothing: the page is public to whoever knows the session id, so a forger
 * could read the token too.
 */
export function crossSitePostReason(source: FormPostSource): string | null {
  const site = source.fetchSite?.trim().toLowerCase();
  if (site && site !== 'same-origin') return `Sec-Fetch-Site: ${site}`;
  // The browser vouches for the page itself. Its Origin may then read `null`: under the API's
  // `Referrer-Policy: no-referrer` Chrome sends that on same-origin POSTs.
  if (site === 'same-origin') return null;
  const origin = source.origin?.trim();
  if (origin !== undefined && !source.ownOrigins.includes(origin)) return `Origin: ${origin.slice(0, 100)}`;
  return null;
}

/**
 * `POST /api/sandbox/checkout/:sessionId` with `action=pay|cancel`: builds the gateway's signed
 * event(s) and feeds them to the same webhook handler Stripe and PayPal deliveries go through, then
 * sends the browser to the SPA's success or cancel route like a real gateway would.
 */
export async function submitSandboxCheckout(
  ctx: Ctx,
  sessionId: string,
  action: string | undefined,
  source: FormPostSource,
  /** `publicOrigin(c)`: the buyer goes back to the origin they paid from, where they are signed in. */
  origin: string,
  locale: SandboxLocale = 'en',
): Promise<SandboxPageResult> {
  const text = TEXT[locale];
  const crossSite = crossSitePostReason(source);
  if (crossSite) {
    ctx.log.warn('payments: cross-site post to the sandbox checkout refused', { reason: crossSite });
    return message(locale, 403, text.refusedTitle, text.refused);
  }
  const gateway = ctx.payments.byName('SANDBOX');
  if (!isSandboxGateway(gateway)) return message(locale, 404, text.unavailableTitle, text.unavailable);
  if (action !== 'pay' && action !== 'cancel' && action !== 'renew' && action !== 'lapse')
    return message(locale, 400, text.unknownTitle, text.unknown);
  const row = await loadSession(ctx, sessionId);
  if (!row) return unknownSession(origin, locale);
  const { order, plan } = row;
  if (action === 'renew' || action === 'lapse') {
    // Renew now / Let it lapse: what the gateway would send at the next billing date.
    const sub = await sandboxSubscriptionOf(ctx, order);
    if (!sub || (action === 'renew' && !renewable(sub))) return finishedSession(origin, order.status, locale);
    const interval = intervalOf(plan.packageType) ?? 'month';
    const subscription = {
      gatewaySubscriptionId: sub.gatewaySubscriptionId!,
      orderId: order.id,
      amountCents: sub.priceCents,
      currency: order.currency,
      interval,
      currentPeriodEnd: sub.currentPeriodEnd,
    };
    for (const delivery of await gateway.subscriptionEvents(subscription, action, ctx.clock.now()))
      await handleWebhook(ctx, 'SANDBOX', delivery.rawBody, delivery.headers);
    return { kind: 'redirect', location: `${origin}/api/sandbox/checkout/${encodeURIComponent(sessionId)}` };
  }
  // The sandbox's stated session lifetime: past it, Pay and Cancel are refused like at a real gateway.
  if (order.status === 'PENDING' && checkoutExpired(order, ctx.clock.now()) && (await markExpired(ctx, order.id)))
    return finishedSession(origin, 'EXPIRED', locale);
  if (order.status !== 'PENDING') return finishedSession(origin, order.status, locale);
  const deliveries = await gateway.checkoutEvents(
    {
      sessionId,
      orderId: order.id,
      kind: order.kind,
      amountCents: order.amountCents,
      currency: order.currency,
      interval: intervalOf(plan.packageType),
    },
    action,
    ctx.clock.now(),
  );
  for (const delivery of deliveries) await handleWebhook(ctx, 'SANDBOX', delivery.rawBody, delivery.headers);
  const urls = callbackUrls(origin, asPaymentMethod(order.paymentMethod), order.id);
  return { kind: 'redirect', location: action === 'pay' ? urls.successUrl : urls.cancelUrl };
}
