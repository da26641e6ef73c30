import type { ErrorReporter, Logger } from '../../ports';
import { describeError } from '../runtime/console-logger';

/**
 * Sentry's ingestion protocol over fetch (an envelope with one event), so it runs on Workers and
 * Node alike without an SDK in the Worker bundle. Any Sentry-compatible collector accepts it
 * (Sentry, GlitchTip, a self-hosted relay). DSN: `https://<public key>@<host>/<project id>`.
 */
export function createSentryEnvelopeReporter(options: {
  dsn: string;
  environment: string;
  release?: string;
  log: Logger;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): ErrorReporter {
  const dsn = new URL(options.dsn);
  const projectId = dsn.pathname.replace(/^\/+|\/+$/g, '');
  const endpoint = `${dsn.protocol}//${dsn.host}/api/${projectId}/envelope/`;
  const auth = `Sentry sentry_version=7, sentry_key=${dsn.username}, sentry_client=image-studio/1`;
  const doFetch = options.fetch ?? fetch;
  return {
    async capture(error, context) {
      const err = error instanceof Error ? error : new Error(String(error));
      // The same redaction as the logs (DESIGN.md §3.10): a failed query's message ends in its bound
      // values (e-mails, password hashes, codes), which must not leave for a third party either.
      const described = describeError(err);
      const message = typeof described === 'string' ? described : described.message;
      const eventId = crypto.randomUUID().replace(/-/g, '');
      const sentAt = new Date().toISOString();
      const event = {
        event_id: eventId,
        timestamp: sentAt,
        platform: 'javascript',
        level: 'error',
        environment: options.environment,
        ...(options.release ? { release: options.release } : {}),
        tags: { where: context.where, ...(context.requestId ? { requestId: context.requestId } : {}) },
        ...(context.path ? { request: { method: context.method, url: context.path } } : {}),
        exception: {
          values: [
            { type: err.name, value: message.slice(0, 1000), ...(err.stack ? { stacktrace: { frames: framesOf(err.stack) } } : {}) },
          ],
        },
      };
      const body = [
        JSON.stringify({ event_id: eventId, sent_at: sentAt, dsn: options.dsn }),
        JSON.stringify({ type: 'event' }),
        JSON.stringify(event),
      ].join('\n');
      try {
        const response = await doFetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': auth },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 2000),
        });
        if (!response.ok) options.log.warn('error reporter refused the event', { status: response.status });
      } catch (failure) {
        // Reporting must never turn one error into two: note it and move on.
        options.log.warn('error reporter unreachable', { error: String(failure) });
      }
    },
  };
}

/** Sentry wants frames oldest first; V8 stacks list newest first. File paths only, no source text. */
function framesOf(stack: string) {
  return stack
    .split('\n')
    .slice(1, 30)
    .map((line) => /at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ function: m[1] ?? '?', filename: m[2], lineno: Number(m[3]), colno: Number(m[4]) }))
    .reverse();
}

/** The reporter from config, or none. */
export function errorReporterFrom(
  config: { ERROR_REPORTER_DSN?: string; APP_ENV: string; APP_VERSION?: string; APP_COMMIT?: string },
  log: Logger,
) {
  if (!config.ERROR_REPORTER_DSN) return undefined;
  const release = config.APP_VERSION ? `${config.APP_VERSION}${config.APP_COMMIT ? `+${config.APP_COMMIT}` : ''}` : config.APP_COMMIT;
  return createSentryEnvelopeReporter({ dsn: config.ERROR_REPORTER_DSN, environment: config.APP_ENV, release, log });
}
