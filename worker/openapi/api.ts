import { createRouter } from '../http/openapi';
import { accountRoutes, dataExportJobRoutes } from '../routes/account';
import { adminRoutes } from '../routes/admin';
import { authRoutes } from '../routes/auth';
import { creditRoutes } from '../routes/credits';
import { devRoutes } from '../routes/dev';
import { fileRoutes } from '../routes/files';
import { generationRoutes, imageRoutes, recordRoutes, uploadRoutes } from '../routes/generation';
import { healthRoutes } from '../routes/health';
import { jobRoutes } from '../routes/jobs';
import { orderRoutes, paymentRoutes, subscriptionRoutes } from '../routes/payments';
import { publicRoutes, systemRoutes } from '../routes/public';
import { receiptRoutes } from '../routes/receipts';
import { creditReferralRoutes, referralRoutes } from '../routes/referrals';
import { shareRoutes } from '../routes/shares';
import { sandboxCheckoutRoutes } from '../routes/sandbox-checkout';
import { showcaseRoutes } from '../routes/showcase';
import { upscaleRoutes } from '../routes/upscale';
import { userRoutes } from '../routes/users';
import { webhookRoutes } from '../routes/webhooks';

/**
 * The API's route tree under `/api`, built once at module level from the areas' routers: the app
 * mounts it (worker/app.ts) and the OpenAPI document is generated from the same tree (./document.ts),
 * without deps or a database. Order matters where prefixes overlap (`/credits/referral` first).
 */
export const apiRoutes = createRouter()
  .route('/health', healthRoutes)
  .route('/auth', authRoutes)
  .route('/users', userRoutes)
  .route('/files', fileRoutes)
  .route('/showcase', showcaseRoutes)
  .route('/credits/referral', creditReferralRoutes)
  .route('/credits', creditRoutes)
  .route('/referral', referralRoutes)
  .route('/public', publicRoutes)
  .route('/system', systemRoutes)
  .route('/admin', adminRoutes)
  .route('/v2/payment', paymentRoutes)
  .route('/orders', orderRoutes)
  .route('/orders', receiptRoutes)
  .route('/subscriptions', subscriptionRoutes)
  .route('/webhooks', webhookRoutes)
  .route('/generate-image', generationRoutes)
  .route('/images', imageRoutes)
  .route('/upload', uploadRoutes)
  .route('/creation-records', recordRoutes)
  .route('/creation-records', shareRoutes)
  .route('/image-upscale', upscaleRoutes)
  .route('/jobs', jobRoutes)
  .route('/jobs/data-export', dataExportJobRoutes)
  .route('/account', accountRoutes);

/** Mounted only in embedded mode (sandbox payments, the dev mailbox); documented always, under the Development tag. */
export const sandboxApiRoutes = createRouter().route('/sandbox/checkout', sandboxCheckoutRoutes);
export const devApiRoutes = createRouter().route('/dev', devRoutes);
