import type { Clock, Logger } from '../../ports';

/**
 * Logs never carry query parameters, passwords, hashes, codes or tokens (DESIGN.md §3.10). A failed
 * Drizzle query's message ends in `params: <every bound value>` (e-mails, password hashes, login
 * codes), and PostgreSQL echoes bad input in some messages (`invalid input syntax … : "value"`), so
 * an error is logged as its class, its message with those parts cut off, the SQLSTATE and its stack
 * frames — never its message-bearing stack header, its `params` or the driver's `detail`.
 */
const PARAMS = /\s*\bparams:[\s\S]*$/;
const ECHOED_VALUE = /:\s*"[\s\S]*"\s*$/;
const SECRET_KEY = /pass(word)?|secret|token|authorization|cookie|hash|otp|signature|^sig$|verificationcode|^code$/i;
const URL_QUERY = /^((?:https?:\/\/|\/)[^?#\s]*)[?#][\s\S]*$/;

/** Also capped: a failed query's SQL text can run to kilobytes. */
export function redactText(text: string): string {
  const redacted = text.replace(PARAMS, '').replace(URL_QUERY, '$1');
  return redacted.length > 600 ? `${redacted.slice(0, 600)}…` : redacted;
}

interface LoggedError {
  class: string;
  message: string;
  sqlstate?: string;
  stack?: string[];
  cause?: LoggedError;
}

export function describeError(error: unknown, depth = 0): LoggedError | string {
  if (!(error instanceof Error)) return redactText(String(error)).replace(ECHOED_VALUE, ': "…"');
  const code = (error as { code?: unknown }).code;
  const described: LoggedError = {
    class: error.constructor?.name || error.name,
    message: redactText(error.message).replace(ECHOED_VALUE, ': "…"'),
  };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) described.sqlstate = code;
  const frames = error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .map((line) => line.trim());
  if (frames?.length) described.stack = frames;
  if (error.cause !== undefined && depth < 3) {
    const cause = describeError(error.cause, depth + 1);
    if (typeof cause !== 'string') {
      described.cause = cause;
      described.sqlstate ??= cause.sqlstate;
    }
  }
  return described;
}

function redactFields(fields: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (SECRET_KEY.test(key)) out[key] = '[redacted]';
    else if (value instanceof Error) out[key] = describeError(value);
    else if (typeof value === 'string') out[key] = redactText(value);
    else out[key] = value;
  }
  return out;
}

/** One JSON line per event: readable in a terminal, parseable by Workers Logs. */
/** `quiet` keeps info and warnings out of test output; errors always print (and fail tests, DESIGN.md §3.8). */
export function createConsoleLogger(options: { quiet?: boolean } = {}): Logger {
  const line = (level: string, message: string, fields?: Record<string, unknown>) =>
    JSON.stringify({ level, message: redactText(message), time: new Date().toISOString(), ...redactFields(fields) });
  return {
    info: (message, fields) => {
      if (!options.quiet) console.log(line('info', message, fields));
    },
    warn: (message, fields) => {
      if (!options.quiet) console.warn(line('warn', message, fields));
    },
    error: (message, fields) => console.error(line('error', message, fields)),
  };
}

export const systemClock: Clock = { now: () => new Date() };
