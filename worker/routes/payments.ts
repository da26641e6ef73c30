import { Hono } from 'hono';
import type { AppEnv } from '../lib/hono-env';

/** `/api/v2/payment/*` (spec §7: served as written). */
export const paymentRoutes = new Hono<AppEnv>();
/** `/api/orders/*`. */
export const orderRoutes = new Hono<AppEnv>();
/** `/api/subscriptions/*`: current subscription read + cancel. */
export const subscriptionRoutes = new Hono<AppEnv>();
/** `/api/webhooks/*`: one route per gateway, verified on the raw body. */
export const webhookRoutes = new Hono<AppEnv>();
/** `/api/sandbox/checkout/*`: the sandbox gateway's local checkout page (embedded mode only). */
export const sandboxCheckoutRoutes = new Hono<AppEnv>();
