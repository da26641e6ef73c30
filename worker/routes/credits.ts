import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import { consumeQuery, dailyUsageQuery, purchasesQuery, transactionsQuery } from '../contract/credits';
import { idParam, purchasePackageBody, purchasePackageQuery } from '../contract/payments';
import { PAGED_LIST } from '../contract/responses/common';
import { balanceBody, consumeBody, dailyUsageBody, packagesBody, purchasesBody, transactionsBody } from '../contract/responses/credits';
import { checkoutResponse } from '../contract/responses/payments';
import { createRouter, errors, jsonBody, okJson, signedIn } from '../http/openapi';
import { publicOrigin } from '../http/public-origin';
import { requireUser } from '../middleware/auth';
import { balanceOf, consumeCredits, dailyUsage, listPurchases, listTransactions } from '../services/credits/credits';
import { createCheckoutOrder } from '../services/payments/orders';
import { pickLocale } from '../contract/locales';
import { listPricing } from '../services/pricing/pricing';

const tags = ['Credits'];
export const langQuery = z.object({ lang: z.string().optional().describe('Language (en, zh-Hant); else Accept-Language') });

const packages = createRoute({
  method: 'get',
  path: '/packages',
  tags,
  summary: 'Credit packs for sale',
  request: { query: langQuery },
  responses: { 200: okJson(packagesBody, 'The packs, in the caller’s language') },
});
const balance = createRoute({
  method: 'get',
  path: '/balance',
  tags,
  ...signedIn,
  summary: 'Balance by bucket and lifetime counters',
  responses: { 200: okJson(balanceBody, 'The balance') },
});
const transactions = createRoute({
  method: 'get',
  path: '/transactions',
  tags,
  ...signedIn,
  summary: 'Ledger movements, newest first',
  description: PAGED_LIST,
  request: { query: transactionsQuery },
  responses: { 200: okJson(transactionsBody, 'One page of movements') },
});
const purchases = createRoute({
  method: 'get',
  path: '/purchases',
  tags,
  ...signedIn,
  summary: 'Paid credit-pack orders',
  description: PAGED_LIST,
  request: { query: purchasesQuery },
  responses: { 200: okJson(purchasesBody, 'One page of orders') },
});
// Spec §7 passes the consume fields as query parameters.
const consume = createRoute({
  method: 'post',
  path: '/consume',
  tags,
  ...signedIn,
  summary: 'Spend credits, idempotent on referenceType + referenceId (fields in the query, spec §7)',
  request: { query: consumeQuery },
  responses: { 200: okJson(consumeBody, 'Spent (or already spent)'), ...errors(402) },
});
// Spec §7: the older purchase path; the same checkout as create-credit-order (card unless the body says PAYPAL).
const purchase = createRoute({
  method: 'post',
  path: '/packages/{id}/purchase',
  tags,
  ...signedIn,
  summary: 'Buy a pack (older path; same checkout as create-credit-order)',
  request: { params: idParam, query: purchasePackageQuery, body: jsonBody(purchasePackageBody) },
  responses: { 200: okJson(checkoutResponse, 'Checkout started'), ...errors(404, 409, 429, 502, 503) },
});
const daily = createRoute({
  method: 'get',
  path: '/usage/daily',
  tags,
  ...signedIn,
  summary: 'Credits spent and earned per UTC day',
  request: { query: dailyUsageQuery },
  responses: { 200: okJson(dailyUsageBody, 'One row per day') },
});

export const creditRoutes = createRouter()
  .openapi(packages, async (c) => {
    const locale = pickLocale(c.req.valid('query').lang, c.req.header('accept-language'));
    return c.json({ success: true as const, packages: await listPricing(c.get('deps').db, locale, 'credits') }, 200);
  })
  // The balance came with the signed-in user in the auth query (one round trip per request).
  .openapi(balance, (c) => c.json({ success: true as const, ...balanceOf(c.get('session')) }, 200))
  .openapi(transactions, async (c) => c.json(await listTransactions(c.get('deps').db, requireUser(c).id, c.req.valid('query')), 200))
  .openapi(purchases, async (c) => c.json(await listPurchases(c.get('deps').db, requireUser(c).id, c.req.valid('query')), 200))
  // The session is checked by the spend's own statement (one round trip): see SESSION_CHECKED_BY_ROUTE.
  .openapi(consume, async (c) => {
    const claims = c.get('sessionClaims');
    const caller = claims ? { session: claims } : { user: requireUser(c) };
    return c.json(await consumeCredits(c.get('deps').db, caller, c.req.valid('query')), 200);
  })
  .openapi(purchase, async (c) => {
    const input = {
      kind: 'credits' as const,
      planId: c.req.valid('param').id,
      field: 'id' as const,
      method: c.req.valid('json').gateway,
      referralCode: c.req.valid('query').referralCode,
      publicOrigin: publicOrigin(c),
    };
    return c.json(await createCheckoutOrder(c.get('deps'), requireUser(c), input), 200);
  })
  .openapi(daily, async (c) =>
    c.json(await dailyUsage(c.get('deps').db, requireUser(c).id, c.req.valid('query'), c.get('deps').clock.now()), 200),
  );
