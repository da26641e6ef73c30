/**
 * Every HTTP operation of the API, as data (issue 18): path, method, summary and the zod contracts
 * that validate it. The OpenAPI document (./document.ts) is generated from this list, and
 * openapi.test.ts fails when a mounted route is missing here — so a new route is documented by
 * adding one entry, without touching its route file.
 */
import * as z from 'zod';
import { changePasswordRequest, deleteAccountRequest, emailChangeCodeRequest, emailChangeConfirm } from '../contract/account';
import { creditSystemConfigUpdate } from '../contract/admin';
import {
  email,
  googleOAuthRequest,
  googleStartRequest,
  googleVerifyRequest,
  loginRequest,
  passwordResetConfirm,
  passwordResetRequest,
  registerRequest,
  sendCodeRequest,
  updateProfileRequest,
  verifyCodeRequest,
  verifyEmailRequest,
} from '../contract/auth';
import { consumeQuery, dailyUsageQuery, purchasesQuery, transactionsQuery } from '../contract/credits';
import { editRequest, recordsQuery, textToImageRequest } from '../contract/generation';
import {
  createCreditOrderRequest,
  createSubscriptionOrderRequest,
  idParam,
  orderIdParam,
  ordersQuery,
  purchasePackageBody,
  purchasePackageQuery,
  refundRequest,
} from '../contract/payments';
import { processPurchaseRequest, processRegistrationRequest, referralCodeParam, referredUsersQuery } from '../contract/referrals';
import { showcaseQuery } from '../contract/showcase';
import { upscaleRequest } from '../contract/upscale';
import { balanceResponse, consumeResponse, healthResponse, signInResponse, transactionsResponse } from './responses';

export type Method = 'get' | 'post' | 'put' | 'delete';
export type Tag =
  | 'Health'
  | 'Auth'
  | 'Account'
  | 'Users'
  | 'Files'
  | 'Credits'
  | 'Referrals'
  | 'Public'
  | 'Admin'
  | 'Payments'
  | 'Webhooks'
  | 'Generation'
  | 'Upscale'
  | 'Jobs'
  | 'Development'
  | 'Documentation';

export interface Operation {
  method: Method;
  /** OpenAPI path template (`{id}`), under /api as the spec writes it. */
  path: string;
  summary: string;
  tag: Tag;
  /** Bearer JWT required (a missing or bad token is a 401). */
  auth?: boolean;
  /** Signed by a third party instead (webhooks, job callbacks): the header that carries it. */
  signatureHeader?: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  json?: z.ZodType;
  /** multipart/form-data fields; `files` names the binary parts. */
  form?: { fields?: z.ZodObject; files: Record<string, { description: string; multiple?: boolean }> };
  /** Raw body (webhooks): documented as bytes, verified before parsing. */
  rawBody?: string;
  response?: z.ZodType;
  /** Non-JSON success answers (HTML pages, files, redirects). */
  responseContent?: { status?: number; type: string; description: string };
  description?: string;
}

const id = z.object({ id: z.string().min(1) });
const ok = z.object({ success: z.literal(true) }).loose();
const image = { description: 'PNG, JPEG or WebP' };

export const OPERATIONS: Operation[] = [
  // ── Health and documentation
  {
    method: 'get',
    path: '/api/health',
    tag: 'Health',
    summary: 'Liveness, database round trip, version and migration state',
    response: healthResponse,
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Documentation',
    summary: 'This OpenAPI 3.1 document',
    responseContent: { type: 'application/json', description: 'The document' },
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'Documentation',
    summary: 'API reference page (self-hosted renderer of /api/openapi.json)',
    responseContent: { type: 'text/html', description: 'HTML page' },
  },
  {
    method: 'get',
    path: '/api/docs/renderer.js',
    tag: 'Documentation',
    summary: 'The reference page script',
    responseContent: { type: 'text/javascript', description: 'Script' },
  },

  // ── Auth (spec §7)
  {
    method: 'post',
    path: '/api/auth/login/send-code',
    tag: 'Auth',
    summary: 'Send a sign-in code by e-mail',
    json: sendCodeRequest,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/auth/login/verify-code',
    tag: 'Auth',
    summary: 'Sign in (or sign up) with the e-mailed code',
    json: verifyCodeRequest,
    response: signInResponse,
  },
  {
    method: 'get',
    path: '/api/auth/email-verification',
    tag: 'Auth',
    auth: true,
    summary: 'Whether the signed-in e-mail is verified',
    response: ok,
  },
  {
    method: 'post',
    path: '/api/auth/email-verification/send-code',
    tag: 'Auth',
    auth: true,
    summary: 'Send an e-mail verification code',
    response: ok,
  },
  {
    method: 'post',
    path: '/api/auth/email-verification/verify',
    tag: 'Auth',
    auth: true,
    summary: 'Verify the e-mail with the code',
    json: verifyEmailRequest,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/auth/register',
    tag: 'Auth',
    summary: 'Register with a password',
    json: registerRequest,
    response: signInResponse,
  },
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'Auth',
    summary: 'Sign in with a password',
    json: loginRequest,
    response: signInResponse,
  },
  {
    method: 'get',
    path: '/api/auth/google/config',
    tag: 'Auth',
    summary: 'Whether Google sign-in is configured, and its client id',
    response: ok,
  },
  {
    method: 'post',
    path: '/api/auth/google/start',
    tag: 'Auth',
    summary: 'Start Google sign-in (PKCE + state)',
    json: googleStartRequest,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/auth/google/oauth2',
    tag: 'Auth',
    summary: 'Finish Google sign-in with the authorization code',
    json: googleOAuthRequest,
    response: signInResponse,
  },
  {
    method: 'post',
    path: '/api/auth/google/v2/verify',
    tag: 'Auth',
    summary: 'Sign in with a Google ID token',
    json: googleVerifyRequest,
    response: signInResponse,
  },
  {
    method: 'post',
    path: '/api/auth/password-reset/request',
    tag: 'Auth',
    summary: 'Send a password reset code (same answer for any address)',
    json: passwordResetRequest,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/auth/password-reset/confirm',
    tag: 'Auth',
    summary: 'Set a new password with the code; ends every other session',
    json: passwordResetConfirm,
    response: ok,
  },

  // ── Users and account
  { method: 'get', path: '/api/users/me', tag: 'Users', auth: true, summary: 'The signed-in profile with balances', response: ok },
  { method: 'put', path: '/api/users/me', tag: 'Users', auth: true, summary: 'Rename', json: updateProfileRequest, response: ok },
  {
    method: 'post',
    path: '/api/users/me/avatar',
    tag: 'Users',
    auth: true,
    summary: 'Upload an avatar (re-encoded to a 256×256 WebP)',
    form: { files: { avatar: image } },
    response: ok,
  },
  { method: 'get', path: '/api/account', tag: 'Account', auth: true, summary: 'Account section: sign-in methods and e-mail', response: ok },
  {
    method: 'post',
    path: '/api/account/password',
    tag: 'Account',
    auth: true,
    summary: 'Change or set the password',
    json: changePasswordRequest,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/account/email/send-code',
    tag: 'Account',
    auth: true,
    summary: 'Send a code to the new e-mail address',
    json: emailChangeCodeRequest,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/account/email/confirm',
    tag: 'Account',
    auth: true,
    summary: 'Change the e-mail with the code',
    json: emailChangeConfirm,
    response: ok,
  },
  {
    method: 'get',
    path: '/api/account/export',
    tag: 'Account',
    auth: true,
    summary: 'State of the latest data export (progress, download link)',
    response: ok,
  },
  {
    method: 'post',
    path: '/api/account/export',
    tag: 'Account',
    auth: true,
    summary: 'Start a data export (a zip built as a job)',
    response: ok,
  },
  {
    method: 'get',
    path: '/api/account/deletion',
    tag: 'Account',
    auth: true,
    summary: 'What deleting the account removes and keeps',
    response: ok,
  },
  {
    method: 'post',
    path: '/api/account/deletion/send-code',
    tag: 'Account',
    auth: true,
    summary: 'Send the deletion confirmation code',
    response: ok,
  },
  {
    method: 'post',
    path: '/api/account/deletion/confirm',
    tag: 'Account',
    auth: true,
    summary: 'Delete the account with the code',
    json: deleteAccountRequest,
    response: ok,
  },
  {
    method: 'get',
    path: '/api/files/{key}',
    tag: 'Files',
    summary: "A stored file: the owner's with a token, or anyone's with a signed grant (exp + sig)",
    params: z.object({ key: z.string() }),
    query: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(64).optional() }),
    responseContent: { type: 'application/octet-stream', description: 'The file bytes' },
  },

  // ── Credits and referrals
  {
    method: 'get',
    path: '/api/credits/packages',
    tag: 'Credits',
    summary: 'Credit packs for sale',
    query: z.object({ lang: z.string().optional() }),
    response: ok,
  },
  {
    method: 'get',
    path: '/api/credits/balance',
    tag: 'Credits',
    auth: true,
    summary: 'Balance by bucket and lifetime counters',
    response: balanceResponse,
  },
  {
    method: 'get',
    path: '/api/credits/transactions',
    tag: 'Credits',
    auth: true,
    summary: 'Ledger movements, newest first',
    query: transactionsQuery,
    response: transactionsResponse,
  },
  {
    method: 'get',
    path: '/api/credits/purchases',
    tag: 'Credits',
    auth: true,
    summary: 'Paid credit-pack orders',
    query: purchasesQuery,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/credits/consume',
    tag: 'Credits',
    auth: true,
    summary: 'Spend credits, idempotent on referenceType + referenceId (fields in the query, spec §7)',
    query: consumeQuery,
    response: consumeResponse,
  },
  {
    method: 'post',
    path: '/api/credits/packages/{id}/purchase',
    tag: 'Credits',
    auth: true,
    summary: 'Buy a pack (older path; same checkout as create-credit-order)',
    params: idParam,
    query: purchasePackageQuery,
    json: purchasePackageBody,
    response: ok,
  },
  {
    method: 'get',
    path: '/api/credits/usage/daily',
    tag: 'Credits',
    auth: true,
    summary: 'Credits spent and earned per UTC day',
    query: dailyUsageQuery,
    response: ok,
  },
  { method: 'get', path: '/api/credits/referral', tag: 'Referrals', auth: true, summary: 'Referral statistics', response: ok },
  { method: 'get', path: '/api/credits/referral/link', tag: 'Referrals', auth: true, summary: 'Invite link and code', response: ok },
  {
    method: 'get',
    path: '/api/referral/info/{code}',
    tag: 'Referrals',
    summary: 'Who invited the visitor (public, cached)',
    params: referralCodeParam,
    response: ok,
  },
  {
    method: 'get',
    path: '/api/referral/validate/{code}',
    tag: 'Referrals',
    summary: 'Whether a referral code exists',
    params: referralCodeParam,
    response: ok,
  },
  { method: 'get', path: '/api/referral/link', tag: 'Referrals', auth: true, summary: 'Invite link and code', response: ok },
  { method: 'get', path: '/api/referral/stats', tag: 'Referrals', auth: true, summary: 'Referral statistics', response: ok },
  {
    method: 'get',
    path: '/api/referral/referred-users',
    tag: 'Referrals',
    auth: true,
    summary: 'Invited users, e-mails masked',
    query: referredUsersQuery,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/referral/process-registration',
    tag: 'Referrals',
    auth: true,
    summary: 'Link a fresh account to its inviter',
    json: processRegistrationRequest,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/referral/process-purchase',
    tag: 'Referrals',
    auth: true,
    summary: 'Acknowledged only: purchase rewards are automatic',
    json: processPurchaseRequest,
    response: ok,
  },

  // ── Public reads (cached, ETag)
  {
    method: 'get',
    path: '/api/public/pricing/all',
    tag: 'Public',
    summary: 'Plans and packs (cached; ?lang or Accept-Language)',
    query: z.object({ lang: z.string().optional() }),
    response: ok,
  },
  { method: 'get', path: '/api/system/config/registration-bonus', tag: 'Public', summary: 'Sign-up bonus (cached)', response: ok },
  {
    method: 'get',
    path: '/api/showcase/images',
    tag: 'Public',
    summary: 'Showcase gallery page (cached)',
    query: showcaseQuery,
    response: ok,
  },
  {
    method: 'get',
    path: '/api/admin/credit-system-config',
    tag: 'Admin',
    auth: true,
    summary: 'Credit system configuration (admins)',
    response: ok,
  },
  {
    method: 'put',
    path: '/api/admin/credit-system-config',
    tag: 'Admin',
    auth: true,
    summary: 'Change the credit system configuration (admins)',
    json: creditSystemConfigUpdate,
    response: ok,
  },

  // ── Payments
  {
    method: 'post',
    path: '/api/v2/payment/create-subscription-order',
    tag: 'Payments',
    auth: true,
    summary: 'Subscription checkout',
    json: createSubscriptionOrderRequest,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/v2/payment/create-credit-order',
    tag: 'Payments',
    auth: true,
    summary: 'Credit pack checkout',
    json: createCreditOrderRequest,
    response: ok,
  },
  {
    method: 'get',
    path: '/api/v2/payment/order/{orderId}/status',
    tag: 'Payments',
    auth: true,
    summary: 'Order status (reconciles a pending order with the gateway)',
    params: orderIdParam,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/v2/payment/order/{orderId}/cancel',
    tag: 'Payments',
    auth: true,
    summary: 'Cancel a pending order',
    params: orderIdParam,
    response: ok,
  },
  {
    method: 'get',
    path: '/api/orders/user',
    tag: 'Payments',
    auth: true,
    summary: 'My orders, 20 per page',
    query: ordersQuery,
    response: ok,
  },
  {
    method: 'get',
    path: '/api/orders/{id}/refund/check',
    tag: 'Payments',
    auth: true,
    summary: 'Whether the order may be refunded, rule by rule',
    params: idParam,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/orders/{id}/refund',
    tag: 'Payments',
    auth: true,
    summary: 'Refund an order (credits clawed back first)',
    params: idParam,
    json: refundRequest,
    response: ok,
  },
  { method: 'get', path: '/api/subscriptions/current', tag: 'Payments', auth: true, summary: 'The live subscription', response: ok },
  { method: 'post', path: '/api/subscriptions/current/cancel', tag: 'Payments', auth: true, summary: 'Cancel at period end', response: ok },
  {
    method: 'post',
    path: '/api/webhooks/stripe',
    tag: 'Webhooks',
    signatureHeader: 'Stripe-Signature',
    summary: 'Stripe events (checkout.session.completed, invoice.paid, charge.refunded, customer.subscription.*)',
    rawBody: 'The Stripe event JSON exactly as sent (the signature covers the raw bytes)',
    response: ok,
    description:
      'Verified with the endpoint secret before anything is parsed; a replayed event id moves nothing (DESIGN §5.5). 400 WEBHOOK_SIGNATURE_INVALID when the signature fails; 503 asks the gateway to retry an event that arrived before its order.',
  },
  {
    method: 'post',
    path: '/api/webhooks/paypal',
    tag: 'Webhooks',
    signatureHeader: 'PayPal-Transmission-Sig',
    summary: 'PayPal events (PAYMENT.CAPTURE.*, BILLING.SUBSCRIPTION.*, PAYMENT.SALE.*)',
    rawBody: 'The PayPal event JSON; verified with PayPal’s verify-webhook-signature call',
    response: ok,
  },
  {
    method: 'post',
    path: '/api/webhooks/sandbox',
    tag: 'Development',
    signatureHeader: 'Sandbox-Signature',
    summary: 'Sandbox gateway events (embedded mode only)',
    rawBody: 'Sandbox event JSON',
    response: ok,
  },

  // ── Generation, uploads, records, upscaler
  {
    method: 'get',
    path: '/api/generate-image/models',
    tag: 'Generation',
    summary: 'Models and per-image costs (public, cached)',
    response: ok,
  },
  {
    method: 'post',
    path: '/api/generate-image',
    tag: 'Generation',
    auth: true,
    summary: 'Start a text-to-image job (debited once, refunded on failure)',
    json: textToImageRequest,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/generate-image/generate',
    tag: 'Generation',
    auth: true,
    summary: 'Same as POST /api/generate-image',
    json: textToImageRequest,
    response: ok,
  },
  {
    method: 'post',
    path: '/api/generate-image/edit',
    tag: 'Generation',
    auth: true,
    summary: 'Start an image edit or tool job from uploaded images',
    form: { fields: editRequest as unknown as z.ZodObject, files: { images: { ...image, multiple: true } } },
    response: ok,
  },
  {
    method: 'get',
    path: '/api/generate-image/status/{id}',
    tag: 'Generation',
    auth: true,
    summary: 'Job status by job or record id',
    params: id,
    response: ok,
  },
  { method: 'get', path: '/api/images/{id}', tag: 'Generation', auth: true, summary: 'A finished image record', params: id, response: ok },
  {
    method: 'post',
    path: '/api/upload/image',
    tag: 'Generation',
    auth: true,
    summary: 'Upload an input image',
    form: { files: { image } },
    response: ok,
  },
  {
    method: 'get',
    path: '/api/creation-records',
    tag: 'Generation',
    auth: true,
    summary: 'My creations, paged',
    query: recordsQuery,
    response: ok,
  },
  {
    method: 'get',
    path: '/api/creation-records/stats',
    tag: 'Generation',
    auth: true,
    summary: 'Counts of my creations by status',
    query: recordsQuery.pick({ type: true }),
    response: ok,
  },
  {
    method: 'get',
    path: '/api/creation-records/{id}/logo.svg',
    tag: 'Generation',
    auth: true,
    summary: 'The SVG of a logo the offline logo generator drew (404 for any other creation)',
    params: id,
    responseContent: { type: 'image/svg+xml', description: 'The logo sheet as SVG, glyphs outlined (no fonts needed)' },
  },
  {
    method: 'delete',
    path: '/api/creation-records/{id}',
    tag: 'Generation',
    auth: true,
    summary: 'Delete a creation',
    params: id,
    response: ok,
  },
  { method: 'get', path: '/api/image-upscale/options', tag: 'Upscale', summary: 'Upscale factors, limits and costs', response: ok },
  {
    method: 'post',
    path: '/api/image-upscale/upload',
    tag: 'Upscale',
    auth: true,
    summary: 'Start an upscale job',
    form: { fields: upscaleRequest as unknown as z.ZodObject, files: { image } },
    response: ok,
  },
  {
    method: 'get',
    path: '/api/image-upscale/status/{id}',
    tag: 'Upscale',
    auth: true,
    summary: 'Upscale job status',
    params: id,
    response: ok,
  },

  // ── Job callbacks (QStash in production, the in-process queue embedded)
  {
    method: 'post',
    path: '/api/jobs/run',
    tag: 'Jobs',
    signatureHeader: 'Upstash-Signature',
    summary: 'Job callback: runs one queued job (at-least-once; repeats are harmless)',
    json: z.object({ jobId: z.string() }),
    response: ok,
    description:
      'Signed by the queue: an HS256 JWT whose `sub` is this URL and whose `body` claim is the base64url SHA-256 of the body. Engine failures are retried inside the run; a job that cannot start yet (its user has two running, another run holds it, or the engine is busy) is published again with a delay and answered 200 with `outcome: deferred`.',
  },
  {
    method: 'post',
    path: '/api/jobs/generation',
    tag: 'Jobs',
    signatureHeader: 'Upstash-Signature',
    summary: 'Job callback (older path for generation jobs)',
    json: z.object({ jobId: z.string() }),
    response: ok,
  },
  {
    method: 'post',
    path: '/api/jobs/data-export',
    tag: 'Jobs',
    signatureHeader: 'Upstash-Signature',
    summary: 'Job callback: builds one data export',
    json: z.object({ exportId: z.string() }).loose(),
    response: ok,
  },

  // ── Embedded mode only
  {
    method: 'get',
    path: '/api/sandbox/checkout/{sessionId}',
    tag: 'Development',
    summary: 'Sandbox checkout page (Pay / Cancel)',
    params: z.object({ sessionId: z.string() }),
    responseContent: { type: 'text/html', description: 'HTML page' },
  },
  {
    method: 'post',
    path: '/api/sandbox/checkout/{sessionId}',
    tag: 'Development',
    summary: 'Sandbox checkout form post (action=pay|cancel|renew|lapse)',
    params: z.object({ sessionId: z.string() }),
    form: { fields: z.object({ action: z.string() }), files: {} },
    responseContent: { status: 303, type: 'text/html', description: 'Redirect back to the app' },
  },
  {
    method: 'get',
    path: '/api/dev/mailbox',
    tag: 'Development',
    summary: 'Dev mailbox: messages "sent" to an address (loopback clients only)',
    query: z.object({ email }),
    response: ok,
  },
];

export { id as idPathParam };
