/**
 * SQLSTATEs and socket errors that mean the database connection went away or is not taking
 * connections (a restart, a failover, a terminated backend), as opposed to a fault in the query:
 * class 08 (connection exception) and 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now).
 */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const CONNECTION_LOST_MESSAGE =
  /connection terminated|terminating connection|connection (is )?closed|connection error|cannot use a pool after/i;

/**
 * Whether `error` (or an error it wraps, as Drizzle wraps the driver's in `cause`) says the database
 * could not be reached. Such a request is answered 503 with Retry-After: nothing it started was
 * committed, and the same request succeeds once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_LOST_CODES.has(code))) return true;
    if (CONNECTION_LOST_MESSAGE.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
