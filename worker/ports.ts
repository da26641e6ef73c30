import type { Db } from '@db/client';
import type { Config } from './env';
import type { AvatarImages } from './adapters/images/avatar-port';
import type { ImageEngines } from './adapters/images/port';
import type { BlobStore } from './adapters/blobs/port';
import type { ErrorReporter } from './adapters/errors/port';
import type { RateLimiter } from './adapters/limits/port';
import type { DevMailbox, Mailer } from './adapters/mailer/port';
import type { JobQueue } from './adapters/queue/port';
import type { Clock, Logger } from './adapters/runtime/port';
import type { PaymentGateways } from './adapters/payments/port';
import type { Provenance } from './adapters/provenance/port';

/**
 * The app never reads process.env or bindings: it receives these ports already built
 * (scripts/lib/embedded-deps.ts for Node, worker/index.ts for Workers; both choose adapters through
 * worker/adapters/select.ts). Each port's interface lives in its adapter folder (`port.ts`) and is
 * re-exported here, so importers keep one place to import from. DESIGN.md §1 lists the adapters.
 */
export type { MailMessage, Mailer, DevMailbox } from './adapters/mailer/port';
export type { RateLimitRule, RateLimitResult, RateLimiter } from './adapters/limits/port';
export type { StoredBlob, BlobStore, BlobListing } from './adapters/blobs/port';
export type { JobMessage, JobQueue } from './adapters/queue/port';
export type { Clock, Logger } from './adapters/runtime/port';
export type { AvatarImages } from './adapters/images/avatar-port';
export type { ErrorContext, ErrorReporter } from './adapters/errors/port';
export type { GatewayEvent, PaymentEffect, PaymentGateway, PaymentGateways } from './adapters/payments/port';

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
  /** Marks every output image as AI-made (XMP, and C2PA Content Credentials where a signing key is configured). */
  provenance: Provenance;
  /** Unset = errors are only logged. */
  errorReporter?: ErrorReporter;
  /** Present only in embedded mode; mounts `GET /api/dev/mailbox`. */
  devMailbox?: DevMailbox;
}
