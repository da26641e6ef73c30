import * as z from 'zod';
import { decodeMessage, renderMessage } from './contract/messages';

/**
 * Every setting the app reads, validated once at start-up. A missing or invalid value stops the
 * process with one line naming the variable (see {@link loadConfig}). `.env.example` and
 * `.dev.vars.example` list the same variables; a test keeps them in step with this schema.
 */
const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** `kid:secret` pairs; the first signs new tokens, all verify (so keys can rotate without logging everyone out). */
const jwtKeys = csv.pipe(
  z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,32}:.{32,}$/, 'each entry must be kid:secret with a secret of at least 32 characters'))
    .min(1, 'at least one kid:secret pair is required'),
);

/** Hosts that only this machine can reach: the dev mailbox may be served there, and request origins on them may be reflected. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host) || /^::ffff:127(\.\d{1,3}){3}$/.test(host);
}

/** PayPal's REST endpoints: production defaults to live and refuses the sandbox. */
export const SANDBOX_PAYPAL_API_URL = 'https://api-m.sandbox.paypal.com';
export const LIVE_PAYPAL_API_URL = 'https://api-m.paypal.com';

const configFields = z.object({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Reported by /api/health and the OpenAPI document; `npm run deploy` sets both (package version, git commit). */
  APP_VERSION: z.string().max(64).optional(),
  APP_COMMIT: z.string().max(64).optional(),
  /**
   * Error tracking: a Sentry DSN (`https://<key>@<host>/<project id>`). Unset = errors are
   * only logged. Reported from onError (5xx only) and the cron handler, never with request bodies.
   */
  ERROR_REPORTER_DSN: z.url().optional(),
  /**
   * Where the app is reached; used for links in e-mails, payment return URLs and job callbacks.
   * Required in production. Unset elsewhere: links follow the request's loopback origin or the
   * server's real port (worker/http/public-origin.ts), and `config.PUBLIC_URL` is `http://localhost:<PORT>`.
   */
  PUBLIC_URL: z.url().optional(),
  /** Node server only. */
  PORT: z.coerce.number().int().min(1).max(65535).default(8787),
  /**
   * Node server only: the proxy header that carries the client address (`x-forwarded-for` takes the
   * right-most hop). Unset = the socket address; the Worker entry sets `cf-connecting-ip`.
   */
  TRUST_PROXY: z.enum(['cf-connecting-ip', 'x-forwarded-for', 'x-real-ip']).optional(),
  /**
   * A public demo on purpose: allows the dev mailer on a non-loopback PUBLIC_URL and, with
   * APP_ENV=production, the dev mailer, sandbox payments and sandbox endpoints.
   */
  DEMO_MODE: bool.default(false),
  /** Node server only: a postgres:// URL switches from the embedded PGlite to a real server. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Node server only: PGlite data, blobs and generated dev secrets live here. */
  DATA_DIR: z.string().min(1).default('.data'),

  JWT_KEYS: jwtKeys,
  JWT_ISSUER: z.string().min(1).default('image-studio'),
  JWT_AUDIENCE: z.string().min(1).default('image-studio-web'),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(60 * 60 * 24 * 90)
    .default(60 * 60 * 24 * 7),
  /** Pepper for hashing sign-in codes, so a leaked table row cannot be brute-forced offline. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /**
   * scrypt work factor of new password hashes, as log2 N (r = 8, p = 1). The default, 15, is the
   * production cost (worker/services/auth/passwords.ts PASSWORD_KDF); the test suites set a cheap
   * one. Hashes carry their own parameters, so they verify under any setting; sign-in re-hashes
   * weaker ones. At most 20, the highest a stored hash may ask for.
   */
  PASSWORD_KDF_LOG_N: z.coerce.number().int().min(1).max(20).default(15),

  MAILER: z.enum(['dev', 'resend']).default('dev'),
  MAIL_FROM: z.string().min(3).default('Image Studio <no-reply@localhost>'),
  RESEND_API_KEY: z.string().min(1).optional(),
  RESEND_API_URL: z.url().default('https://api.resend.com'),

  RATE_LIMITER: z.enum(['memory', 'postgres', 'upstash']).default('memory'),
  UPSTASH_REDIS_REST_URL: z.url().optional(),
  UPSTASH_REDIS_REST_TOKEN: z.string().min(1).optional(),

  /** Send limits for sign-in codes in a rolling hour: per e-mail and client, and per client IP (decision 008). */
  LOGIN_CODE_MAX_PER_EMAIL_HOUR: z.coerce.number().int().min(1).default(6),
  LOGIN_CODE_MAX_PER_IP_HOUR: z.coerce.number().int().min(1).default(30),

  /** `in-process` (embedded default) POSTs jobs back to this app; `qstash` publishes through Upstash QStash. */
  QUEUE: z.enum(['in-process', 'qstash']).default('in-process'),
  QSTASH_URL: z.url().default('https://qstash.upstash.io'),
  QSTASH_TOKEN: z.string().min(1).optional(),
  /** Job callbacks are verified with these (QStash's signing keys; generated locally in embedded mode). */
  QSTASH_CURRENT_SIGNING_KEY: z.string().min(16, 'must be at least 16 characters'),
  QSTASH_NEXT_SIGNING_KEY: z.string().min(16, 'must be at least 16 characters'),

  /**
   * `sandbox` (embedded default) routes STRIPE and PAYPAL checkouts through the local sandbox gateway;
   * `live` uses the real Stripe and PayPal APIs with the keys below.
   */
  PAYMENTS: z.enum(['sandbox', 'live']).default('sandbox'),
  /** Signs the sandbox gateway's webhook events (generated locally in embedded mode). */
  PAYMENTS_SANDBOX_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Tests point the Stripe client at a local fake server. */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  /** Defaults to live PayPal in production, PayPal's sandbox elsewhere. */
  PAYPAL_API_URL: z.url().optional(),

  /**
   * The seller named on every receipt (docs/decisions/037-receipts.md). The defaults say plainly that
   * this is a development install, so `npm start` needs none; a real deployment sets its own.
   */
  SELLER_NAME: z.string().trim().min(1).max(120).default('Image Studio (development)'),
  /** Postal address; one line per `|` or newline (receipts print them as separate lines). */
  SELLER_ADDRESS: z.string().trim().min(1).max(300).default('Not a real seller · local development install'),
  /** VAT / GST / business registration number printed on receipts; unset prints none. */
  SELLER_TAX_ID: z.string().trim().min(1).max(60).optional(),
  SELLER_EMAIL: z.email().default('billing@localhost'),

  /** Google sign-in; unset client id = the Google button says it is not configured. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Spec §2: the redirect URI is configured as /oauth2/callback. */
  GOOGLE_REDIRECT_PATH: z.string().startsWith('/').default('/oauth2/callback'),
  /** Overridable so tests run the whole flow against a local OIDC server. */
  GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com'),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),

  /**
   * Engine behind the default `nano` model: `local` (offline, embedded default), `gemini`, or
   * `workers-ai` (the Worker's AI binding). `gemini` / `gemini-enhanced` are available whenever a
   * Gemini key and their model names are set.
   */
  IMAGE_ENGINE: z.enum(['local', 'gemini', 'workers-ai']).default('local'),
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_API_URL: z.url().default('https://generativelanguage.googleapis.com'),
  GEMINI_MODEL_NANO: z.string().min(1).default('gemini-2.5-flash-image'),
  GEMINI_MODEL_GEMINI: z.string().min(1).optional(),
  GEMINI_MODEL_ENHANCED: z.string().min(1).optional(),
  /** Workers: the engine service (worker/engine/service.ts) for the upscaler and deterministic tools. */
  IMAGE_ENGINE_URL: z.url().optional(),
  /** Shared HMAC secret of the engine service's signed requests (its ENGINE_SECRET). */
  IMAGE_ENGINE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Engine jobs run at once. Node: the engine pool's threads (default: cores − 1). Workers: the
   * QStash flow-control parallelism, matched to the engine fleet (default: its container instances).
   */
  ENGINE_PARALLELISM: z.coerce.number().int().min(1).max(512).optional(),

  /**
   * C2PA Content Credentials on every output (docs/decisions/032-provenance.md): a PKCS#8 P-256
   * private key and its certificate chain (leaf first), both PEM. Unset: `npm start` signs with a
   * development root it generates under DATA_DIR; a Worker writes the XMP mark only.
   */
  C2PA_SIGNING_KEY: z.string().min(1).optional(),
  C2PA_CERTIFICATE_CHAIN: z.string().min(1).optional(),

  /** Browser origins allowed to call the API cross-origin (the SPA itself is same-origin). */
  CORS_ORIGINS: csv.default([]),
  LOG_REQUESTS: bool.default(false),
});

export const configSchema = configFields
  .superRefine((cfg, ctx) => {
    const need = (key: keyof typeof cfg, when: string) => {
      if (!cfg[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required when ${when}` });
    };
    if (cfg.MAILER === 'resend') need('RESEND_API_KEY', 'MAILER=resend');
    if (cfg.RATE_LIMITER === 'upstash') {
      need('UPSTASH_REDIS_REST_URL', 'RATE_LIMITER=upstash');
      need('UPSTASH_REDIS_REST_TOKEN', 'RATE_LIMITER=upstash');
    }
    if (cfg.QUEUE === 'qstash') need('QSTASH_TOKEN', 'QUEUE=qstash');
    if (cfg.PAYMENTS === 'sandbox') need('PAYMENTS_SANDBOX_SECRET', 'PAYMENTS=sandbox');
    if (cfg.PAYMENTS === 'live') {
      for (const key of [
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'PAYPAL_CLIENT_ID',
        'PAYPAL_CLIENT_SECRET',
        'PAYPAL_WEBHOOK_ID',
      ] as const)
        need(key, 'PAYMENTS=live');
    }
    if (cfg.GOOGLE_CLIENT_ID) need('GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID is set');
    if (cfg.IMAGE_ENGINE === 'gemini') need('GEMINI_API_KEY', 'IMAGE_ENGINE=gemini');
    if (cfg.IMAGE_ENGINE_URL) need('IMAGE_ENGINE_SECRET', 'IMAGE_ENGINE_URL is set');
    if (cfg.C2PA_SIGNING_KEY) need('C2PA_CERTIFICATE_CHAIN', 'C2PA_SIGNING_KEY is set');
    if (cfg.C2PA_CERTIFICATE_CHAIN) need('C2PA_SIGNING_KEY', 'C2PA_CERTIFICATE_CHAIN is set');
    const production = cfg.APP_ENV === 'production';
    // Production links cannot be guessed from requests: the Host header is the client's word.
    if (production && !cfg.PUBLIC_URL) need('PUBLIC_URL', 'APP_ENV=production');
    // Anyone who reaches a dev-mailer deployment could read every sign-in code.
    // APP_ENV=test is the in-process test harness, which no one else can reach.
    const reachable = cfg.PUBLIC_URL && !isLoopbackHost(new URL(cfg.PUBLIC_URL).hostname);
    if (cfg.MAILER === 'dev' && reachable && cfg.APP_ENV !== 'test' && !cfg.DEMO_MODE) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAILER'],
        message: 'the dev mailbox cannot serve a non-loopback PUBLIC_URL (set MAILER=resend, or DEMO_MODE=true for a public demo)',
      });
    }
    // Embedded-only conveniences must never reach production (DESIGN.md §1), unless it is a declared demo.
    if (production && !cfg.DEMO_MODE) productionRefusals(cfg, ctx);
    if (production && cfg.MAILER === 'dev' && !cfg.DEMO_MODE) {
      ctx.addIssue({ code: 'custom', path: ['MAILER'], message: 'the dev mailbox cannot run with APP_ENV=production' });
    }
    if (cfg.APP_ENV === 'production' && cfg.RATE_LIMITER === 'memory') {
      ctx.addIssue({ code: 'custom', path: ['RATE_LIMITER'], message: 'per-isolate memory limits are not enough in production' });
    }
    if (production && cfg.PAYMENTS === 'sandbox' && !cfg.DEMO_MODE) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENTS'], message: 'the sandbox payment gateway cannot run with APP_ENV=production' });
    }
    if (cfg.APP_ENV === 'production' && cfg.QUEUE === 'in-process') {
      ctx.addIssue({ code: 'custom', path: ['QUEUE'], message: 'the in-process job dispatcher cannot run with APP_ENV=production' });
    }
  })
  .transform((cfg) => ({
    ...cfg,
    // Callers that have no request (queue callbacks, signature checks) use the resolved value.
    PUBLIC_URL: (cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, ''),
    PUBLIC_URL_EXPLICIT: cfg.PUBLIC_URL !== undefined,
    PAYPAL_API_URL: cfg.PAYPAL_API_URL ?? (cfg.APP_ENV === 'production' ? LIVE_PAYPAL_API_URL : SANDBOX_PAYPAL_API_URL),
  }));

type RawConfig = z.infer<typeof configFields>;

/** Sandbox endpoints and test keys in production mean real users pay nothing and get credits. */
function productionRefusals(cfg: RawConfig, ctx: z.RefinementCtx) {
  const refuse = (key: keyof RawConfig, message: string) =>
    ctx.addIssue({ code: 'custom', path: [key], message: `${message} with APP_ENV=production (unless DEMO_MODE=true)` });
  if (cfg.PAYPAL_API_URL && /sandbox/i.test(new URL(cfg.PAYPAL_API_URL).hostname))
    refuse('PAYPAL_API_URL', 'cannot point at the PayPal sandbox');
  if (cfg.STRIPE_SECRET_KEY?.startsWith('sk_test_')) refuse('STRIPE_SECRET_KEY', 'cannot be a Stripe test key');
  if (cfg.PUBLIC_URL && new URL(cfg.PUBLIC_URL).protocol !== 'https:') refuse('PUBLIC_URL', 'must be https');
}

export type Config = z.infer<typeof configSchema>;
export type ConfigInput = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

/** Parses raw variables (process.env or Worker bindings); throws a one-line {@link ConfigError} naming the first bad variable. */
export function loadConfig(raw: ConfigInput): Config {
  // Empty strings from .env files mean "not set", so defaults apply instead of failing validation.
  const cleaned = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const variable = String(issue.path[0] ?? 'config');
  // Built-in zod issues carry a message id once the API's validation is loaded (worker/lib/validate.ts).
  const said = decodeMessage(issue.message, { field: variable });
  const message = said ? renderMessage(said, 'en') : issue.message;
  const detail = issue.code === 'invalid_type' && cleaned[variable] === undefined ? 'is missing' : message;
  throw new ConfigError(variable, detail.startsWith('is ') ? detail : `is invalid: ${detail}`);
}

/** Names of every variable the schema knows, for the example-file test. */
export const configVariables = Object.keys(configFields.shape) as (keyof RawConfig)[];
