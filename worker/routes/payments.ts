import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import type { Context } from 'hono';
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
} from '../contract/responses/payments';
import type { AppEnv } from '../http/hono-env';
import { createRouter, errors, jsonBody, okJson, signedIn } from '../http/openapi';
import { publicOrigin } from '../http/public-origin';
import { requireUser } from '../middleware/auth';
import { callerLocale } from '../middleware/errors';
import { cancelOrder, createCheckoutOrder, getOrderStatus, listUserOrders } from '../services/payments/orders';
import { checkRefund, requestRefund } from '../services/payments/refunds';
import { cancelCurrentSubscription, currentSubscription } from '../services/payments/subscriptions';
import { pickLocale } from '../contract/locales';

/** Plan names follow the SPA's language (sent as Accept-Language, or ?lang=). */
export const localeOf = (c: Context<AppEnv>) => pickLocale(c.req.query('lang'), c.req.header('accept-language'));
export const langQuery = z.object({ lang: z.string().optional().describe('Language of plan names (else Accept-Language)') });

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
      description:
        'Answers the spec’s orders shape (`OrdersPage`): `orders`, `currentPage` counted from 0, `pageSize`, `total`, `totalPages`, `error: null`. ' +
        'The other lists answer the list envelope (`Page`).',
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
    async (c) => c.json(await checkRefund(c.get('deps'), requireUser(c).id, c.req.valid('param').id, callerLocale(c)), 200),
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
