import { Hono, type Context } from 'hono';
import {
  createCreditOrderRequest,
  createSubscriptionOrderRequest,
  idParam,
  orderIdParam,
  ordersQuery,
  refundRequest,
  REFUND_RULES,
  type GatewayName,
} from '../contract/payments';
import type { AppEnv } from '../lib/hono-env';
import { publicOrigin } from '../lib/public-origin';
import { validate } from '../lib/validate';
import { requireSignIn, requireUser } from '../middleware/auth';
import { cancelOrder, createCheckoutOrder, getOrderStatus, listUserOrders } from '../services/payments/orders';
import { checkRefund, requestRefund } from '../services/payments/refunds';
import { renderSandboxCheckout, submitSandboxCheckout, type SandboxPageResult } from '../adapters/payments/sandbox/checkout-page';
import { cancelCurrentSubscription, currentSubscription } from '../services/payments/subscriptions';
import { handleWebhook } from '../services/payments/webhooks';
import { pickLocale } from '../services/pricing/pricing';

/** Plan names follow the SPA's language (sent as Accept-Language, or ?lang=). */
const localeOf = (c: Context<AppEnv>) => pickLocale(c.req.query('lang'), c.req.header('accept-language'));

/** `/api/v2/payment/*` (spec §7: served as written). */
export const paymentRoutes = new Hono<AppEnv>()
  .use('*', requireSignIn)
  .post('/create-subscription-order', validate('json', createSubscriptionOrderRequest), async (c) => {
    const { planId, gateway, referralCode } = c.req.valid('json');
    return c.json(
      await createCheckoutOrder(c.get('deps'), requireUser(c), {
        kind: 'subscription',
        planId,
        field: 'planId',
        method: gateway,
        referralCode,
        publicOrigin: publicOrigin(c),
      }),
    );
  })
  .post('/create-credit-order', validate('json', createCreditOrderRequest), async (c) => {
    const { packageId, gateway, referralCode } = c.req.valid('json');
    return c.json(
      await createCheckoutOrder(c.get('deps'), requireUser(c), {
        kind: 'credits',
        planId: packageId,
        field: 'packageId',
        method: gateway,
        referralCode,
        publicOrigin: publicOrigin(c),
      }),
    );
  })
  .get('/order/:orderId/status', validate('param', orderIdParam), async (c) =>
    c.json(await getOrderStatus(c.get('deps'), requireUser(c).id, c.req.valid('param').orderId)),
  )
  .post('/order/:orderId/cancel', validate('param', orderIdParam), async (c) =>
    c.json(await cancelOrder(c.get('deps'), requireUser(c).id, c.req.valid('param').orderId)),
  );

/** `/api/orders/*`. */
export const orderRoutes = new Hono<AppEnv>()
  .use('*', requireSignIn)
  .get('/user', validate('query', ordersQuery), async (c) =>
    c.json(await listUserOrders(c.get('deps').db, requireUser(c), c.req.valid('query'), localeOf(c))),
  )
  .get('/:id/refund/check', validate('param', idParam), async (c) =>
    c.json(await checkRefund(c.get('deps'), requireUser(c).id, c.req.valid('param').id)),
  )
  .post('/:id/refund', validate('param', idParam), validate('json', refundRequest), async (c) => {
    const reason = c.req.valid('json').reason || REFUND_RULES.defaultReason;
    return c.json(await requestRefund(c.get('deps'), requireUser(c).id, c.req.valid('param').id, reason));
  });

/** `/api/subscriptions/*`: current subscription read + cancel. */
export const subscriptionRoutes = new Hono<AppEnv>()
  .use('*', requireSignIn)
  .get('/current', async (c) => c.json(await currentSubscription(c.get('deps'), requireUser(c).id, localeOf(c))))
  .post('/current/cancel', async (c) => c.json(await cancelCurrentSubscription(c.get('deps'), requireUser(c).id, localeOf(c))));

const WEBHOOK_GATEWAYS: Record<string, GatewayName> = { stripe: 'STRIPE', paypal: 'PAYPAL', sandbox: 'SANDBOX' };

/** `/api/webhooks/*`: one route per gateway, verified on the raw body (so it is read as text, never parsed first). */
export const webhookRoutes = new Hono<AppEnv>().post('/:gateway{stripe|paypal|sandbox}', async (c) => {
  const result = await handleWebhook(c.get('deps'), WEBHOOK_GATEWAYS[c.req.param('gateway')]!, await c.req.text(), c.req.raw.headers);
  return c.json(result);
});

const sendSandbox = (c: Context<AppEnv>, result: SandboxPageResult) => {
  c.header('cache-control', 'no-store');
  return result.kind === 'redirect' ? c.redirect(result.location, 303) : c.html(result.html, result.status);
};

/** `/api/sandbox/checkout/*`: the sandbox gateway's local checkout page (embedded mode only). */
export const sandboxCheckoutRoutes = new Hono<AppEnv>()
  .get('/:sessionId', async (c) =>
    sendSandbox(c, await renderSandboxCheckout(c.get('deps'), c.req.param('sessionId'), publicOrigin(c), localeOf(c))),
  )
  .post('/:sessionId', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const action = typeof form.action === 'string' ? form.action : undefined;
    const source = {
      origin: c.req.header('origin'),
      fetchSite: c.req.header('sec-fetch-site'),
      ownOrigins: [new URL(c.req.url).origin, publicOrigin(c)],
    };
    return sendSandbox(
      c,
      await submitSandboxCheckout(c.get('deps'), c.req.param('sessionId'), action, source, publicOrigin(c), localeOf(c)),
    );
  });
