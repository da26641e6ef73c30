import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { renderSandboxCheckout, submitSandboxCheckout, type SandboxPageResult } from '../adapters/payments/sandbox/checkout-page';
import { GATEWAYS, PAYMENT_GATEWAYS, type PaymentGateway } from '../contract/gateways';
import {
  createCreditOrderRequest,
  createSubscriptionOrderRequest,
  idParam,
  orderIdParam,
  ordersQuery,
  REFUND_RULES,
  refundRequest,
} from '../contract/payments';
import {
  checkoutResponse,
  ordersPageResponse,
  paymentStatusResponse,
  refundCheckResponse,
  refundResponse,
  subscriptionResponse,
  webhookReceipt,
} from '../contract/responses/payments';
import type { AppEnv } from '../lib/hono-env';
import { createRouter, errors, jsonBody, okJson, rawJsonDoc, signedIn } from '../lib/openapi';
import { publicOrigin } from '../lib/public-origin';
import { requireUser } from '../middleware/auth';
import { cancelOrder, createCheckoutOrder, getOrderStatus, listUserOrders } from '../services/payments/orders';
import { checkRefund, requestRefund } from '../services/payments/refunds';
import { cancelCurrentSubscription, currentSubscription } from '../services/payments/subscriptions';
import { handleWebhook } from '../services/payments/webhooks';
import { pickLocale } from '../services/pricing/pricing';

/** Plan names follow the SPA's language (sent as Accept-Language, or ?lang=). */
const localeOf = (c: Context<AppEnv>) => pickLocale(c.req.query('lang'), c.req.header('accept-language'));
const langQuery = z.object({ lang: z.string().optional().describe('Language of plan names (else Accept-Language)') });

const payment = { tags: ['Payments'], ...signedIn };

const checkout = <P extends string, B extends z.ZodType>(path: P, summary: string, body: B) =>
  createRoute({
    method: 'post',
    path,
    summary,
    ...payment,
    request: { body: jsonBody(body) },
    responses: { 200: okJson(checkoutResponse, 'The order and where to pay it'), ...errors(404, 409, 502, 503) },
  });

/** `/api/v2/payment/*` (spec §7: served as written). */
export const paymentRoutes = createRouter()
  .openapi(checkout('/create-subscription-order', 'Subscription checkout', createSubscriptionOrderRequest), async (c) => {
    const { planId, gateway, referralCode } = c.req.valid('json');
    const order = await createCheckoutOrder(c.get('deps'), requireUser(c), {
      kind: 'subscription',
      planId,
      field: 'planId',
      method: gateway,
      referralCode,
      publicOrigin: publicOrigin(c),
    });
    return c.json(order, 200);
  })
  .openapi(checkout('/create-credit-order', 'Credit pack checkout', createCreditOrderRequest), async (c) => {
    const { packageId, gateway, referralCode } = c.req.valid('json');
    const order = await createCheckoutOrder(c.get('deps'), requireUser(c), {
      kind: 'credits',
      planId: packageId,
      field: 'packageId',
      method: gateway,
      referralCode,
      publicOrigin: publicOrigin(c),
    });
    return c.json(order, 200);
  })
  .openapi(
    createRoute({
      method: 'get',
      path: '/order/{orderId}/status',
      summary: 'Order status (reconciles a pending order with the gateway)',
      ...payment,
      request: { params: orderIdParam },
      responses: { 200: okJson(paymentStatusResponse, 'The order’s payment status'), ...errors(404) },
    }),
    async (c) => c.json(await getOrderStatus(c.get('deps'), requireUser(c).id, c.req.valid('param').orderId), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/order/{orderId}/cancel',
      summary: 'Cancel a pending order (any other order is left as it is)',
      ...payment,
      request: { params: orderIdParam },
      responses: { 200: okJson(paymentStatusResponse, 'The order’s payment status after the cancel'), ...errors(404) },
    }),
    async (c) => c.json(await cancelOrder(c.get('deps'), requireUser(c).id, c.req.valid('param').orderId), 200),
  );

/** `/api/orders/*`. */
export const orderRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/user',
      summary: 'My orders, newest first (20 per page)',
      ...payment,
      request: { query: ordersQuery.extend(langQuery.shape) },
      responses: { 200: okJson(ordersPageResponse, 'One page of orders') },
    }),
    async (c) => c.json(await listUserOrders(c.get('deps').db, requireUser(c), c.req.valid('query'), localeOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/refund/check',
      summary: 'Whether the order may be refunded, rule by rule',
      ...payment,
      request: { params: idParam },
      responses: { 200: okJson(refundCheckResponse, 'The refund rules and their outcome'), ...errors(404) },
    }),
    async (c) => c.json(await checkRefund(c.get('deps'), requireUser(c).id, c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/refund',
      summary: 'Refund an order (credits clawed back first)',
      ...payment,
      request: { params: idParam, body: jsonBody(refundRequest) },
      responses: { 200: okJson(refundResponse, 'The refund, completed or in progress'), ...errors(404, 409, 502) },
    }),
    async (c) => {
      const reason = c.req.valid('json').reason || REFUND_RULES.defaultReason;
      return c.json(await requestRefund(c.get('deps'), requireUser(c).id, c.req.valid('param').id, reason), 200);
    },
  );

/** `/api/subscriptions/*`: current subscription read + cancel. */
export const subscriptionRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/current',
      summary: 'The live subscription, or null',
      ...payment,
      request: { query: langQuery },
      responses: { 200: okJson(subscriptionResponse, 'The subscription') },
    }),
    async (c) => c.json(await currentSubscription(c.get('deps'), requireUser(c).id, localeOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/current/cancel',
      summary: 'Cancel at period end (irreversible; billing stops at the gateway first)',
      ...payment,
      request: { query: langQuery },
      responses: { 200: okJson(subscriptionResponse, 'The cancelled subscription'), ...errors(404, 502, 503) },
    }),
    async (c) => c.json(await cancelCurrentSubscription(c.get('deps'), requireUser(c).id, localeOf(c)), 200),
  );

const header = (name: string, description: string) => ({
  name,
  in: 'header' as const,
  required: true,
  schema: { type: 'string' as const },
  description,
});

/** How each gateway signs its webhook (the adapters verify it); a new gateway fails to compile until it has a row. */
const WEBHOOK_DOCS = {
  STRIPE: {
    tag: 'Webhooks',
    summary: 'Stripe events (checkout.session.completed, invoice.paid, charge.refunded, customer.subscription.*)',
    body: 'The Stripe event JSON exactly as sent (the signature covers the raw bytes)',
    headers: [header('Stripe-Signature', 'Timestamp and HMAC-SHA256 of the raw body with the endpoint secret')],
  },
  PAYPAL: {
    tag: 'Webhooks',
    summary: 'PayPal events (PAYMENT.CAPTURE.*, BILLING.SUBSCRIPTION.*, PAYMENT.SALE.*)',
    body: 'The PayPal event JSON; verified with PayPal’s verify-webhook-signature call',
    headers: ['PayPal-Transmission-Sig', 'PayPal-Transmission-Id', 'PayPal-Transmission-Time', 'PayPal-Auth-Algo', 'PayPal-Cert-Url'].map(
      (name) => header(name, 'PayPal transmission header, passed to its signature verification'),
    ),
  },
  SANDBOX: {
    tag: 'Development',
    summary: 'Sandbox gateway events (embedded mode only)',
    body: 'Sandbox event JSON, built by the sandbox checkout page',
    headers: [header('Sandbox-Signature', 'Timestamp and HMAC-SHA256 of the raw body with PAYMENTS_SANDBOX_SECRET')],
  },
} satisfies Record<PaymentGateway, { tag: string; summary: string; body: string; headers: ReturnType<typeof header>[] }>;

const webhookRoute = (gateway: PaymentGateway) =>
  createRoute({
    method: 'post',
    path: `/${GATEWAYS[gateway].webhookSlug}`,
    tags: [WEBHOOK_DOCS[gateway].tag],
    summary: WEBHOOK_DOCS[gateway].summary,
    description:
      'Verified on the raw body before anything is parsed; a replayed event id moves nothing and answers `duplicate: true`. 400 WEBHOOK_SIGNATURE_INVALID when the signature fails (nothing written); 404 when this gateway is not configured here; 503 asks the gateway to deliver again an event that arrived before its payment was known.',
    security: [],
    request: { body: rawJsonDoc(WEBHOOK_DOCS[gateway].body) },
    parameters: WEBHOOK_DOCS[gateway].headers,
    responses: { 200: okJson(webhookReceipt, 'Verified and recorded'), ...errors(404, 503) },
  });

/** `/api/webhooks/*`: one route per gateway, verified on the raw body (so it is read as text, never parsed first). */
export const webhookRoutes = createRouter();
for (const gateway of PAYMENT_GATEWAYS) {
  webhookRoutes.openapi(webhookRoute(gateway), async (c) =>
    c.json(await handleWebhook(c.get('deps'), gateway, await c.req.text(), c.req.raw.headers), 200),
  );
}

const sendSandbox = (c: Context<AppEnv>, result: SandboxPageResult) => {
  c.header('cache-control', 'no-store');
  return result.kind === 'redirect' ? c.redirect(result.location, 303) : c.html(result.html, result.status);
};

const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' as const } } } });
/** The sandbox page answers every outcome as a page a person reads, never the JSON error body. */
const sandboxPages = {
  400: html('Unknown action'),
  403: html('Refused: the post came from another site'),
  404: html('Unknown checkout session, or the sandbox gateway is off'),
  409: html('The checkout has already ended'),
};
const sessionParam = z.object({ sessionId: z.string().describe('The sandbox checkout session id from checkoutUrl') });
const SANDBOX_ACTIONS = ['pay', 'cancel', 'renew', 'lapse'] as const;

/** `/api/sandbox/checkout/*`: the sandbox gateway's local checkout page (embedded mode only). */
export const sandboxCheckoutRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{sessionId}',
      tags: ['Development'],
      security: [],
      summary: 'Sandbox checkout page (Pay / Cancel; Renew / Lapse for a paid subscription)',
      request: { params: sessionParam, query: langQuery },
      responses: { 200: html('The checkout page'), ...sandboxPages },
    }),
    async (c) => sendSandbox(c, await renderSandboxCheckout(c.get('deps'), c.req.param('sessionId'), publicOrigin(c), localeOf(c))),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{sessionId}',
      tags: ['Development'],
      security: [],
      summary: 'The checkout page’s form post: drives the same signed webhook path as a real gateway',
      request: {
        params: sessionParam,
        query: langQuery,
        // Read by the handler (an unknown action is a 400 page, not the JSON error body): documented only.
        body: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: {
                type: 'object' as const,
                properties: { action: { type: 'string' as const, enum: [...SANDBOX_ACTIONS] } },
                required: ['action'],
              },
            },
          },
        },
      },
      responses: {
        200: html('A page saying what happened'),
        303: {
          description: 'Back to the app’s payment success or cancel page (or to this page after Renew / Lapse)',
          headers: { Location: { schema: { type: 'string' as const } } },
        },
        ...sandboxPages,
      },
    }),
    async (c) => {
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
    },
  );
