/**
 * Port selection from config, shared by both entries: the Node server
 * (scripts/lib/embedded-deps.ts) and the Worker (worker/index.ts) choose the mailer, rate limiter
 * and queue here, so a new adapter or a changed default is written once. Only runtime-neutral
 * adapters live here; Node-only ones (PGlite, filesystem, sharp, the engine pool) stay in the Node
 * entry so the Worker bundle never pulls them in.
 */
import type { Config } from '../env';
import type { AppDeps, Clock, DevMailbox, JobQueue, Logger, Mailer, RateLimiter } from '../ports';
import { createMemoryRateLimiter } from './limits/memory';
import { createPostgresRateLimiter } from './limits/postgres';
import { createUpstashRateLimiter } from './limits/upstash';
import { createDevMailbox } from './mailer/dev-mailbox';
import { createResendMailer } from './mailer/resend';
import { createInProcessQueue } from './queue/in-process';
import { createQstashQueue } from './queue/qstash';

type InProcessQueue = ReturnType<typeof createInProcessQueue>;

/** The dev mailbox when MAILER=dev (config refuses it in production); create once per process or isolate. */
export function selectDevMailbox(config: Config, log: Logger): DevMailbox | undefined {
  return config.MAILER === 'dev' ? createDevMailbox(log) : undefined;
}

export function selectMailer(config: Config, devMailbox: DevMailbox | undefined): Mailer {
  return devMailbox ?? createResendMailer({ apiKey: config.RESEND_API_KEY!, from: config.MAIL_FROM, baseUrl: config.RESEND_API_URL });
}

/** `memory` should be the process's (or isolate's) one limiter, so its windows outlive a request. */
export function selectRateLimiter(config: Config, ports: { db: AppDeps['db']; clock: Clock; memory?: RateLimiter }): RateLimiter {
  if (config.RATE_LIMITER === 'upstash')
    return createUpstashRateLimiter({ url: config.UPSTASH_REDIS_REST_URL!, token: config.UPSTASH_REDIS_REST_TOKEN! });
  if (config.RATE_LIMITER === 'postgres') return createPostgresRateLimiter(ports.db, ports.clock);
  return ports.memory ?? createMemoryRateLimiter(ports.clock);
}

/**
 * QStash, or the in-process dispatcher that POSTs the same signed callback to this app. The
 * in-process one is returned separately too, so the Node side can drain it.
 */
export function selectQueue(
  config: Config,
  options: {
    deliver: (request: Request) => Promise<Response>;
    log: Logger;
    waitUntil?: (promise: Promise<unknown>) => void;
    backoffMs?: (attempt: number) => number;
  },
): { queue: JobQueue; inProcess?: InProcessQueue } {
  if (config.QUEUE === 'qstash')
    return { queue: createQstashQueue({ token: config.QSTASH_TOKEN!, baseUrl: config.QSTASH_URL, publicUrl: config.PUBLIC_URL }) };
  const inProcess = createInProcessQueue({
    publicUrl: config.PUBLIC_URL,
    signingKey: config.QSTASH_CURRENT_SIGNING_KEY,
    deliver: options.deliver,
    log: options.log,
    ...(options.waitUntil ? { waitUntil: options.waitUntil } : {}),
    ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}),
  });
  return { queue: inProcess, inProcess };
}
