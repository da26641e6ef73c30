import { Hono } from 'hono';
import { consumeQuery, dailyUsageQuery, purchasesQuery, transactionsQuery } from '../contract/credits';
import { idParam, purchasePackageBody, purchasePackageQuery } from '../contract/payments';
import type { AppEnv } from '../lib/hono-env';
import { publicOrigin } from '../lib/public-origin';
import { validate } from '../lib/validate';
import { requireSignIn, requireUser } from '../middleware/auth';
import { balanceOf, consumeCredits, dailyUsage, listPurchases, listTransactions } from '../services/credits/credits';
import { createCheckoutOrder } from '../services/payments/orders';
import { listPricing, pickLocale } from '../services/pricing/pricing';

export const creditRoutes = new Hono<AppEnv>()
  .get('/packages', async (c) => {
    const locale = pickLocale(c.req.query('lang'), c.req.header('accept-language'));
    return c.json({ success: true, packages: await listPricing(c.get('deps').db, locale, 'credits') });
  })
  .use('*', requireSignIn)
  // The balance came with the signed-in user in the auth query (one round trip per request).
  .get('/balance', (c) => c.json({ success: true, ...balanceOf(c.get('session')) }))
  .get('/transactions', validate('query', transactionsQuery), async (c) =>
    c.json(await listTransactions(c.get('deps').db, requireUser(c).id, c.req.valid('query'))),
  )
  .get('/purchases', validate('query', purchasesQuery), async (c) =>
    c.json(await listPurchases(c.get('deps').db, requireUser(c).id, c.req.valid('query'))),
  )
  // Spec §7 passes the consume fields as query parameters.
  .post('/consume', validate('query', consumeQuery), async (c) =>
    c.json(await consumeCredits(c.get('deps').db, requireUser(c).id, c.req.valid('query'))),
  )
  // Spec §7: the older purchase path; the same checkout as create-credit-order (card unless the body says PAYPAL).
  .post(
    '/packages/:id/purchase',
    validate('param', idParam),
    validate('query', purchasePackageQuery),
    validate('json', purchasePackageBody),
    async (c) => {
      const { gateway } = c.req.valid('json');
      const input = {
        kind: 'credits' as const,
        planId: c.req.valid('param').id,
        field: 'id' as const,
        method: gateway,
        referralCode: c.req.valid('query').referralCode,
        publicOrigin: publicOrigin(c),
      };
      return c.json(await createCheckoutOrder(c.get('deps'), requireUser(c), input));
    },
  )
  .get('/usage/daily', validate('query', dailyUsageQuery), async (c) =>
    c.json(await dailyUsage(c.get('deps').db, requireUser(c).id, c.req.valid('query'), c.get('deps').clock.now())),
  );
