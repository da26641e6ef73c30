import { resolve } from 'node:path';
import { seedDatabase } from '@db/seed';
import { createApp } from '@worker/app';
import { openapiRoutes } from '@worker/openapi/document';
import { blobDir, createFilesystemBlobStore } from '@worker/adapters/blobs/filesystem';
import { errorReporterFrom } from '@worker/adapters/errors/sentry-envelope';
import { openNodePostgres } from '@worker/adapters/db/node-postgres';
import { migrateNodePostgres } from '@worker/adapters/db/migrate-node-postgres';
import { openPglite } from '@worker/adapters/db/pglite';
import { createSharpAvatarImages } from '@worker/adapters/images/avatar-sharp';
import { createImageEngines } from '@worker/adapters/images/engines';
import { createLocalEngine } from '@worker/adapters/images/local-engine';
import type { OfflineEngine } from '@worker/adapters/images/port';
import { createEnginePool } from '@worker/engine/pool';
import { createJobDispatcher, dispatchingQueue } from '@worker/jobs/dispatcher';
import { providerEngines } from '@worker/adapters/images/provider-engines';
import { createSharpUprightImages } from '@worker/adapters/images/upright-sharp';
import { createPaymentGateways } from '@worker/adapters/payments';
import { selectDevMailbox, selectMailer, selectQueue, selectRateLimiter } from '@worker/adapters/select';
import { createConsoleLogger, systemClock } from '@worker/adapters/runtime/console-logger';
import { nodeProvenance } from './provenance-node';
import type { Config } from '@worker/env';
import type { AppDeps, Clock, Logger } from '@worker/ports';
import type { ImageEngines } from '@worker/services/generation/engine';

export interface EmbeddedOptions {
  config: Config;
  /** Keep PGlite in memory (tests) instead of under DATA_DIR. Ignored when DATABASE_URL is set. */
  inMemoryDb?: boolean;
  blobRoot?: string;
  clock?: Clock;
  log?: Logger;
  /** Tests shorten the queue's retry backoff. */
  queueBackoffMs?: (attempt: number) => number;
  /** Tests swap in engines that fail on purpose. */
  images?: ImageEngines;
  seed?: boolean;
}

/**
 * Builds the Node-side ports (DESIGN.md §1) and the app on top of them: PGlite or a real server,
 * filesystem blobs, the dev mailbox, the in-process queue. Shared by `npm start`, `npm run dev`,
 * the bench and the API tests, so they all run the same wiring.
 */
export async function createEmbeddedApp(options: EmbeddedOptions) {
  const { config } = options;
  const log = options.log ?? createConsoleLogger();
  const clock = options.clock ?? systemClock;

  let database: { db: AppDeps['db']; close: () => Promise<void> };
  if (config.DATABASE_URL) {
    await migrateNodePostgres(config.DATABASE_URL);
    database = openNodePostgres(config.DATABASE_URL);
  } else {
    database = await openPglite(options.inMemoryDb ? undefined : resolve(config.DATA_DIR, 'pglite'));
  }
  if (options.seed !== false) await seedDatabase(database.db);

  const devMailbox = selectDevMailbox(config, log);
  const mailer = selectMailer(config, devMailbox);
  const limits = selectRateLimiter(config, { db: database.db, clock });

  let app: ReturnType<typeof createApp> | undefined;
  let deps: AppDeps | undefined;
  const { queue: selectedQueue, inProcess: inProcessQueue } = selectQueue(config, {
    deliver: async (request) => app!.fetch(request),
    log,
    backoffMs: options.queueBackoffMs,
  });

  // The offline engine's worker threads (started on first use): local text-to-image, edits, tools, upscaler.
  const enginePool = createEnginePool(config.ENGINE_PARALLELISM ? { threads: config.ENGINE_PARALLELISM } : {});
  // Receipt PDFs are drawn in this process (fonts parsed once, loaded on the first receipt): decision 061.
  const offline: OfflineEngine = {
    run: (op) => enginePool.run(op),
    preflight: (input) => enginePool.preflight(input),
    receiptPdf: async (document) => (await import('@worker/engine/receipts/receipt-pdf')).renderReceiptPdf(document),
  };
  const images =
    options.images ??
    createImageEngines(
      {
        ...(config.IMAGE_ENGINE === 'local' ? { nano: createLocalEngine(offline) } : {}),
        ...providerEngines(config, { upright: createSharpUprightImages() }),
      },
      offline,
      enginePool.threads,
    );
  // Content Credentials: the configured key, else this installation's development root (in memory for tests).
  const provenance = await nodeProvenance(config, { persist: !options.inMemoryDb });
  // Nothing awaits between here and `deps = …`: the dispatcher starts polling at once and reads `deps`.
  // With the in-process queue, engine jobs wait as rows in the database and this process's
  // dispatcher runs them, one per engine slot; with QStash they arrive through the signed callback.
  const dispatcher = inProcessQueue
    ? createJobDispatcher(() => deps!, { slots: images.slots, ...(options.queueBackoffMs ? { backoffMs: options.queueBackoffMs } : {}) })
    : undefined;
  const queue = dispatcher ? dispatchingQueue(dispatcher, selectedQueue) : selectedQueue;
  deps = {
    config,
    db: database.db,
    mailer,
    limits,
    blobs: createFilesystemBlobStore(options.blobRoot ?? blobDir(config.DATA_DIR)),
    queue,
    clock,
    log,
    payments: createPaymentGateways(config),
    // Offline by default; Gemini models join when a key and model names are configured.
    images,
    avatarImages: createSharpAvatarImages(),
    provenance,
    errorReporter: errorReporterFrom(config, log),
    devMailbox,
  };
  app = createApp(deps, openapiRoutes);
  // Jobs that waited through a restart (or whose run died with the last process) start now.
  void dispatcher?.wake();

  return {
    app,
    deps,
    dispatcher,
    /** Waits until every published job has run (tests, shutdown). */
    drainJobs: async () => {
      await dispatcher?.drain();
      await inProcessQueue?.drain();
    },
    async close() {
      await dispatcher?.close();
      await inProcessQueue?.drain();
      await enginePool.close();
      await database.close();
    },
  };
}
