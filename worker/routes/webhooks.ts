import { createRoute } from '@hono/zod-openapi';
import { GATEWAYS, PAYMENT_GATEWAYS, type PaymentGateway } from '../contract/gateways';
import { webhookReceipt } from '../contract/responses/payments';
import { createRouter, errors, okJson, rawJsonDoc } from '../http/openapi';
import { handleWebhook } from '../services/payments/webhooks';

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
