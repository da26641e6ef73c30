/**
 * Cloudflare Workers entry: builds the production ports from bindings for each request and hands the
 * request to the same app as the Node server: `/api/*`, `/s/*` (shared creations' server-rendered
 * pages), robots.txt and the sitemap (absolute addresses). Everything else comes from the assets
 * binding: the content-hashed build files without running this code (wrangler.toml
 * `run_worker_first`), the SPA's page in the visitor's language with its Open Graph tags (servePage).
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema, type Db } from '@db/client';
import { errorReporterFrom } from './adapters/errors/sentry-envelope';
import { createR2BlobStore, type R2BucketLike } from './adapters/blobs/r2';
import { createMemoryRateLimiter } from './adapters/limits/memory';
import { createCloudflareAvatarImages, createPassthroughAvatarImages, type ImagesBindingLike } from './adapters/images/avatar-cloudflare';
import { containerFetch, type DurableObjectNamespaceLike, ENGINE_CONTAINER_INSTANCES } from './adapters/images/engine-container';
import { createEngineServiceClient } from './adapters/images/engine-service';
import { createImageEngines } from './adapters/images/engines';
import { createLocalEngine } from './adapters/images/local-engine';
import { providerEngines } from './adapters/images/provider-engines';
import { createCloudflareUprightImages, createPassthroughUprightImages } from './adapters/images/upright-cloudflare';
import type { AiBindingLike } from './adapters/images/workers-ai';
import { createPaymentGateways } from './adapters/payments';
import { xmpOnlyProvenance } from './adapters/provenance/xmp';
import { createEngineServiceProvenance, withXmpFallback } from './adapters/provenance/engine-service';
import type { Provenance } from './adapters/provenance/port';
import { selectDevMailbox, selectMailer, selectQueue, selectRateLimiter } from './adapters/select';
import { createConsoleLogger, systemClock } from './adapters/runtime/console-logger';
import { createApp } from './app';
import { documentationRoutes } from './openapi/routes';
import { prebuiltDocument } from './openapi/prebuilt';
import { type PageHeads, pageHeadFor, pageLocale } from './lib/page-head';
import { withEdgeCache, type EdgeCache } from './lib/public-reads';
import { runScheduled } from './scheduled';
import { ConfigError, loadConfig, type Config } from './env';
import type { AppDeps, DevMailbox, ErrorReporter, RateLimiter } from './ports';

/** The assets binding (wrangler.toml `[assets] binding`). */
interface AssetsLike {
  fetch(request: Request | URL): Promise<Response>;
}

export interface WorkerBindings {
  ASSETS?: AssetsLike;
  /** Hyperdrive in front of Postgres (also what `wrangler dev` uses, via localConnectionString). */
  HYPERDRIVE?: { connectionString: string };
  BLOBS: R2BucketLike;
  /** Workers AI (IMAGE_ENGINE=workers-ai). */
  AI?: AiBindingLike;
  /** The engine service's Cloudflare Container (production; wrangler.toml image engine block). */
  IMAGE_ENGINE_CONTAINER?: DurableObjectNamespaceLike;
  /** Cloudflare Images (avatar re-encoding); production only, see wrangler.toml. */
  IMAGES?: ImagesBindingLike;
  [variable: string]: unknown;
}

/**
 * The bindings above are structural (`*Like`) types on purpose: the one tsconfig also checks Node
 * code and the SPA, where Cloudflare's runtime type declarations would replace the DOM and Node
 * globals (Request, Response, fetch). Their NAMES are checked against wrangler.toml through the
 * generated worker-configuration.d.ts (`npm run cf-typegen`; a test fails when it is stale): a
 * binding renamed or dropped there no longer compiles here.
 */
type BindingName = 'ASSETS' | 'BLOBS' | 'HYPERDRIVE' | 'AI' | 'IMAGES' | 'IMAGE_ENGINE_CONTAINER';
type BindingsDeclared = [BindingName] extends [keyof Cloudflare.Env] ? true : never;
// Not exported: every named export of the Worker's main module is taken as an entrypoint.
const bindingsDeclared: BindingsDeclared = true;
void bindingsDeclared;

interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
}

const log = createConsoleLogger();
// Module-level so their "no IMAGES binding" warnings are logged once per isolate, not per request.
const passthroughAvatars = createPassthroughAvatarImages(log);
const passthroughUpright = createPassthroughUprightImages(log);
// Per-isolate state: parsed once, reused by every request this isolate serves.
let isolate:
  | { config: Config; devMailbox?: DevMailbox; memoryLimits?: RateLimiter; errorReporter?: ErrorReporter; provenance: Provenance }
  | undefined;

function isolateState(env: WorkerBindings) {
  if (!isolate) {
    const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    // Cloudflare sets cf-connecting-ip and drops client-sent copies: the one client address to trust here.
    const config = loadConfig({ TRUST_PROXY: 'cf-connecting-ip', ...raw });
    isolate = {
      config,
      devMailbox: selectDevMailbox(config, log),
      memoryLimits: config.RATE_LIMITER === 'memory' ? createMemoryRateLimiter(systemClock) : undefined,
      errorReporter: errorReporterFrom(config, log),
      provenance: workerProvenance(config, env),
    };
  }
  return isolate;
}

/**
 * The marking request carries the image as base64 in JSON, beside the bytes the Worker already
 * holds: about three copies at once. Past this size an isolate's 128 MB could run out (an 8×
 * upscale's PNG can be 40 MB), so such a file gets the XMP mark only.
 */
const WORKER_MARKING_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Content Credentials for the Worker's outputs: signed by the engine service (`/v1/mark`, which holds
 * the c2pa WebAssembly and gets C2PA_SIGNING_KEY from the Worker's secrets, decision 056); the XMP mark
 * alone without an engine service, for a file too large to send, or when the service fails.
 */
function workerProvenance(config: Config, env: WorkerBindings): Provenance {
  if (!config.IMAGE_ENGINE_URL || !config.IMAGE_ENGINE_SECRET) return xmpOnlyProvenance;
  const signed = withXmpFallback(
    createEngineServiceProvenance({
      url: config.IMAGE_ENGINE_URL,
      secret: config.IMAGE_ENGINE_SECRET,
      fetch: env.IMAGE_ENGINE_CONTAINER ? containerFetch(env.IMAGE_ENGINE_CONTAINER) : undefined,
    }),
    (error) => log.error('engine service could not sign; XMP mark only', { error: String(error) }),
  );
  return {
    async mark(image, claim) {
      if (image.bytes.length > WORKER_MARKING_MAX_BYTES) {
        log.warn('output too large to send for signing; XMP mark only', { bytes: image.bytes.length });
        return xmpOnlyProvenance.mark(image, claim);
      }
      return signed.mark(image, claim);
    },
  };
}

/**
 * Sockets cannot outlive a request on Workers, so each request gets its own connection: through
 * Hyperdrive's pooled connection string when bound, else straight to DATABASE_URL over TCP. One
 * driver (pg) either way, so the Worker ships one.
 */
async function openDatabase(env: WorkerBindings, config: Config): Promise<{ db: Db; close: () => Promise<void> }> {
  const connectionString = env.HYPERDRIVE?.connectionString ?? config.DATABASE_URL;
  if (!connectionString) throw new ConfigError('DATABASE_URL', 'is missing (or bind HYPERDRIVE)');
  const client = new pg.Client({ connectionString });
  await client.connect();
  return { db: drizzlePg({ client, schema, casing: 'snake_case' }) as unknown as Db, close: () => client.end() };
}

// Built once per isolate (routes depend only on isolate-level config); each request's ports, with
// its own database connection, reach the app as `env.deps` (0.7-0.9 ms per request saved).
let app: ReturnType<typeof createApp> | undefined;

async function handle(request: Request, env: WorkerBindings, ctx: ExecutionContextLike): Promise<Response> {
  return withDeps(env, ctx, async (deps) => {
    app ??= createApp(deps, documentationRoutes(prebuiltDocument(env.ASSETS)));
    return app.fetch(request, { deps });
  });
}

/** `caches.default` where the runtime has it (Workers, workerd); absent in Node tests. */
const edgeCache = () => (globalThis as { caches?: { default?: EdgeCache } }).caches?.default;

/** Builds the ports for one request or cron run, and closes the database connection afterwards. */
async function withDeps(env: WorkerBindings, ctx: ExecutionContextLike, run: (deps: AppDeps) => Promise<Response>): Promise<Response> {
  const { config, devMailbox, memoryLimits, errorReporter, provenance } = isolateState(env);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(env, config);
  } catch (error) {
    log.error('database unreachable', { error: String(error) });
    return Response.json(
      {
        success: false,
        error: {
          code: 'SERVICE_UNAVAILABLE',
          id: 'databaseUnavailable',
          params: {},
          message: 'The service is temporarily unavailable, please try again',
        },
      },
      { status: 503, headers: { 'retry-after': '5' } },
    );
  }
  try {
    const limits = selectRateLimiter(config, { db: database.db, clock: systemClock, memory: memoryLimits });
    const { queue } = selectQueue(config, { deliver: (job) => handle(job, env, ctx), waitUntil: (p) => ctx.waitUntil(p), log });
    const deps: AppDeps = {
      config,
      db: database.db,
      mailer: selectMailer(config, devMailbox),
      limits,
      blobs: createR2BlobStore(env.BLOBS),
      queue,
      clock: systemClock,
      log,
      payments: createPaymentGateways(config),
      // The offline engine needs sharp (Node only): on Workers it is the engine service, when configured.
      images: workerImageEngines(config, env),
      avatarImages: env.IMAGES ? createCloudflareAvatarImages(env.IMAGES) : passthroughAvatars,
      provenance,
      errorReporter,
      devMailbox,
    };
    return await run(deps);
  } finally {
    ctx.waitUntil(database.close());
  }
}

/**
 * Generative models from config; the upscaler and deterministic tools through the engine service
 * (its Container binding in production, plain fetch to IMAGE_ENGINE_URL elsewhere), which also
 * renders `nano` when IMAGE_ENGINE=local.
 */
function workerImageEngines(config: Config, env: WorkerBindings) {
  const offline = config.IMAGE_ENGINE_URL
    ? createEngineServiceClient({
        url: config.IMAGE_ENGINE_URL,
        secret: config.IMAGE_ENGINE_SECRET!,
        fetch: env.IMAGE_ENGINE_CONTAINER ? containerFetch(env.IMAGE_ENGINE_CONTAINER) : undefined,
      })
    : undefined;
  const local = config.IMAGE_ENGINE === 'local' && offline ? { nano: createLocalEngine(offline) } : {};
  // Provider engines get sources upright through the same binding that re-encodes avatars.
  const upright = env.IMAGES ? createCloudflareUprightImages(env.IMAGES, log) : passthroughUpright;
  // QStash hands the fleet at most this many engine jobs at once (flow control, worker/jobs/pipeline.ts).
  const slots = config.ENGINE_PARALLELISM ?? ENGINE_CONTAINER_INSTANCES;
  return createImageEngines({ ...local, ...providerEngines(config, { ai: env.AI, upright }) }, offline, slots);
}

/** Paths the app answers; every other request is for the assets binding. */
const APP_PATH = /^\/(api|s)(\/|$)|^\/(robots\.txt|sitemap\.xml)$/;

/** workerd's streaming HTML rewriter (a runtime global; only the parts used here). */
interface RewriterElement {
  setAttribute(name: string, value: string): void;
  append(content: string, options: { html: boolean }): void;
}
declare const HTMLRewriter: new () => {
  on(selector: string, handlers: { element(element: RewriterElement): void }): InstanceType<typeof HTMLRewriter>;
  transform(response: Response): Response;
};

let pageHeads: Promise<PageHeads | undefined> | undefined;

/**
 * A file from the assets binding; the SPA's page (index.html, also every client route's fallback)
 * in the visitor's language and with its page's tags, as the Node server sends it. Asked for
 * unconditionally: a 304 would keep a copy in another language.
 */
async function servePage(request: Request, env: WorkerBindings, assets: AssetsLike): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete('if-none-match');
  headers.delete('if-modified-since');
  const response = await assets.fetch(new Request(request, { headers }));
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const url = new URL(request.url);
  const locale = pageLocale(url, headers.get('cookie'), headers.get('accept-language'));
  pageHeads ??= assets.fetch(new URL('/page-heads.json', url)).then((r) => (r.ok ? r.json() : undefined));
  const { config } = isolateState(env);
  const tags = pageHeadFor(await pageHeads, url.pathname, locale, config.PUBLIC_URL_EXPLICIT ? config.PUBLIC_URL : url.origin);
  const page = new Response(response.body, response);
  page.headers.delete('etag');
  page.headers.set('vary', 'Accept-Encoding, Accept-Language, Cookie');
  return new HTMLRewriter()
    .on('html', { element: (html) => html.setAttribute('lang', locale) })
    .on('head', { element: (head) => head.append(tags, { html: true }) })
    .transform(page);
}

export { EngineContainer } from './adapters/images/engine-container';

export default {
  // Public reads may be answered from this data centre's cache before any deps are built.
  fetch: (request: Request, env: WorkerBindings, ctx: ExecutionContextLike) =>
    env.ASSETS && !APP_PATH.test(new URL(request.url).pathname)
      ? servePage(request, env, env.ASSETS)
      : withEdgeCache(
          request,
          edgeCache(),
          (p) => ctx.waitUntil(p),
          () => handle(request, env, ctx),
        ),
  /** Cron trigger (wrangler.toml): expired generation jobs, matured referral bonuses, subscription upkeep. */
  async scheduled(_event: unknown, env: WorkerBindings, ctx: ExecutionContextLike) {
    await withDeps(env, ctx, async (deps) => {
      await runScheduled(deps);
      return new Response(null, { status: 204 });
    });
  },
};
