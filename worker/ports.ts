import type { Db } from '../db/client';
import type { Config } from './env';
import type { ImageType } from './lib/images/inspect';
import type { ImageEngines } from './services/generation/engine';
import type { PaymentGateways } from './services/payments/gateway';

/**
 * The app never reads process.env or bindings: it receives these ports already built
 * (scripts/lib/embedded-deps.ts for Node, worker/index.ts for Workers). DESIGN.md §1 lists the adapters.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Embedded mode only: lets the dev mailbox route and e2e tests read what was "sent". */
export interface DevMailbox extends Mailer {
  list(email: string): (MailMessage & { sentAt: string })[];
}

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit against `key` and says whether it is within the rule. */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
}

export interface StoredBlob {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
}

export interface BlobStore {
  put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, options: { contentType: string }): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
}

export interface JobMessage {
  /** Path of the callback route under the app, e.g. `/api/jobs/run` (worker/jobs). */
  path: string;
  body: unknown;
  /** Ask the queue to retry a failed delivery up to this many times (QStash `Upstash-Retries`). */
  retries?: number;
}

export interface JobQueue {
  publish(message: JobMessage): Promise<{ messageId: string }>;
}

export interface Clock {
  now(): Date;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * Turns an uploaded avatar (type and header dimensions already checked) into the stored image: a
 * 256×256 WebP, cover-cropped, decoded and re-encoded so no metadata or crafted bytes survive.
 * sharp on Node, the Cloudflare Images binding on Workers (worker/adapters/images/avatar-*.ts).
 * Rejects with `AvatarDecodeError` (services/auth/avatars.ts) when the bytes do not decode.
 */
export interface AvatarImages {
  toAvatar(bytes: Uint8Array, type: ImageType): Promise<{ bytes: Uint8Array; contentType: ImageType }>;
  /** Whether the bytes fully decode (not only their header): uploads are proved before they are accepted or charged. */
  decodes(bytes: Uint8Array, type: ImageType): Promise<boolean>;
}

/** Where an error was caught, for the error tracker (never request bodies, queries or tokens). */
export interface ErrorContext {
  where: 'request' | 'cron';
  requestId?: string;
  method?: string;
  /** The path only: query strings can carry codes and signatures. */
  path?: string;
}

/**
 * Error tracking (issue 18): unexpected errors from `onError` (5xx) and the cron handler. The
 * Sentry-envelope adapter (adapters/errors/sentry-envelope.ts) when ERROR_REPORTER_DSN is set;
 * nothing otherwise (the logger already has them). Never throws and never waits long.
 */
export interface ErrorReporter {
  capture(error: unknown, context: ErrorContext): Promise<void>;
}

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  limits: RateLimiter;
  blobs: BlobStore;
  queue: JobQueue;
  clock: Clock;
  log: Logger;
  payments: PaymentGateways;
  images: ImageEngines;
  avatarImages: AvatarImages;
  /** Unset = errors are only logged. */
  errorReporter?: ErrorReporter;
  /** Present only in embedded mode; mounts `GET /api/dev/mailbox`. */
  devMailbox?: DevMailbox;
}
