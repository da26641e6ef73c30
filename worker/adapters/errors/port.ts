/** The error-tracking port: sentry-envelope.ts. */

/** Where an error was caught, for the error tracker (never request bodies, queries or tokens). */
export interface ErrorContext {
  where: 'request' | 'cron';
  requestId?: string;
  method?: string;
  /** The path only: query strings can carry codes and signatures. */
  path?: string;
}

/**
 * Error tracking: unexpected errors from `onError` (5xx) and the cron handler. The
 * Sentry-envelope adapter (adapters/errors/sentry-envelope.ts) when ERROR_REPORTER_DSN is set;
 * nothing otherwise (the logger already has them). Never throws and never waits long.
 */
export interface ErrorReporter {
  capture(error: unknown, context: ErrorContext): Promise<void>;
}
