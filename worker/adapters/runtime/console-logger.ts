import type { Clock, Logger } from '../../ports';

/** One JSON line per event: readable in a terminal, parseable by Workers Logs. */
/** `quiet` keeps info and warnings out of test output; errors always print (and fail tests, DESIGN.md §3.8). */
export function createConsoleLogger(options: { quiet?: boolean } = {}): Logger {
  const line = (level: string, message: string, fields?: Record<string, unknown>) =>
    JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
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
