import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { ServiceError } from './contract/errors';
import type { AppEnv } from './lib/hono-env';
import { refuseUnsafePath } from './lib/validate';
import { authenticate } from './middleware/auth';
import { notFound, onError } from './middleware/errors';
import { requestId } from './middleware/request-id';
import { openapiRoutes } from './openapi/routes';
import type { AppDeps } from './ports';
import { accountRoutes, dataExportJobRoutes } from './routes/account';
import { accountAuthRoutes, avatarRoutes } from './routes/accounts';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { creditRoutes } from './routes/credits';
import { devRoutes } from './routes/dev';
import { fileRoutes } from './routes/files';
import { generationRoutes, imageRoutes, recordRoutes, uploadRoutes } from './routes/generation';
import { healthRoutes } from './routes/health';
import { jobRoutes } from './routes/jobs';
import { passwordResetRoutes } from './routes/password-reset';
import { orderRoutes, paymentRoutes, sandboxCheckoutRoutes, subscriptionRoutes, webhookRoutes } from './routes/payments';
import { publicReadCache, publicRoutes, systemRoutes } from './routes/public';
import { creditReferralRoutes, referralRoutes } from './routes/referrals';
import { showcaseRoutes } from './routes/showcase';
import { upscaleRoutes } from './routes/upscale';
import { userRoutes } from './routes/users';

const MB = 1024 * 1024;
/** Bodies above these are refused before parsing: 1 MB for JSON, more where spec §9 allows uploads. */
const BODY_LIMITS: [RegExp, number][] = [
  [/^\/api\/generate-image\/edit$/, 5 * 10 * MB + MB],
  [/^\/api\/(upload\/image|image-upscale\/upload)$/, 10 * MB + MB],
  [/^\/api\/users\/me\/avatar$/, 5 * MB + MB],
];
const DEFAULT_BODY_LIMIT = MB;
const limitTooLarge = () => {
  throw new ServiceError('PAYLOAD_TOO_LARGE', 'The request body is too large');
};
const bodyLimits = [...BODY_LIMITS.map(([path, maxSize]) => [path, bodyLimit({ maxSize, onError: limitTooLarge })] as const)];
const defaultBodyLimit = bodyLimit({ maxSize: DEFAULT_BODY_LIMIT, onError: limitTooLarge });

/**
 * The whole HTTP API, built from ports (DESIGN.md §1). The Node server (scripts/start.ts) and the
 * Worker entry (worker/index.ts) only differ in the deps they pass and in how they serve the SPA.
 */
export function createApp(deps: AppDeps) {
  const api = new Hono<AppEnv>()
    .route('/health', healthRoutes)
    .route('/auth', authRoutes)
    .route('/auth', accountAuthRoutes)
    .route('/auth/password-reset', passwordResetRoutes)
    .route('/users', userRoutes)
    .route('/users', avatarRoutes)
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
    .route('/subscriptions', subscriptionRoutes)
    .route('/webhooks', webhookRoutes)
    .route('/generate-image', generationRoutes)
    .route('/images', imageRoutes)
    .route('/upload', uploadRoutes)
    .route('/creation-records', recordRoutes)
    .route('/image-upscale', upscaleRoutes)
    .route('/jobs', jobRoutes)
    .route('/jobs/data-export', dataExportJobRoutes)
    .route('/account', accountRoutes);
  // OpenAPI document and reference page (issue 18), from worker/openapi's registry.
  api.route('/', openapiRoutes);
  if (deps.config.PAYMENTS === 'sandbox') api.route('/sandbox/checkout', sandboxCheckoutRoutes);
  if (deps.devMailbox) api.route('/dev', devRoutes);

  const app = new Hono<AppEnv>();
  app.use('*', requestId);
  app.use('*', async (c, next) => {
    // The Worker builds this app once per isolate and passes each request's ports (its database
    // connection) as `env.deps` (issue 17); the Node server passes none and the built-in deps serve.
    c.set('deps', (c.env as { deps?: AppDeps } | undefined)?.deps ?? deps);
    await next();
  });
  app.use('/api/*', secureHeaders());
  if (deps.config.CORS_ORIGINS.length) app.use('/api/*', cors({ origin: deps.config.CORS_ORIGINS, maxAge: 600 }));
  // GET and HEAD carry no body our handlers read. Skipping them matters on Node: hono's bodyLimit reads
  // `c.req.raw.body`, which makes @hono/node-server build a full WHATWG Request with an AbortSignal for
  // every request (≈ 40 % of a cached public read's server time in a CPU profile, issue 17).
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? next()
      : (bodyLimits.find(([path]) => path.test(c.req.path))?.[1] ?? defaultBodyLimit)(c, next),
  );
  app.use('/api/*', refuseUnsafePath);
  app.use('/api/*', authenticate);
  app.use('/api/*', publicReadCache);
  if (deps.config.LOG_REQUESTS) {
    app.use('/api/*', async (c, next) => {
      const started = performance.now();
      await next();
      deps.log.info('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
        requestId: c.get('requestId'),
      });
    });
  }
  app.route('/api', api);
  app.notFound(notFound);
  // Unexpected errors (5xx) also go to the error tracker when one is configured (issue 18).
  app.onError(async (err, c) => {
    const response = await onError(err, c);
    if (response.status >= 500) {
      await c
        .get('deps')
        ?.errorReporter?.capture(err, { where: 'request', requestId: c.get('requestId'), method: c.req.method, path: c.req.path });
    }
    return response;
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
