import type { Clock, Logger } from '../../ports';

/** One JSON line per event: readable in a terminal, parseable by Workers Logs. */
export function createConsoleLogger(options: { quiet?: boolean } = {}): Logger {
  const line = (level: string, message: string, fields?: Record<string, unknown>) =>
    JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  return {
    info: (message, fields) => {
      if (!options.quiet) console.log(line('info', message, fields));
    },
    warn: (message, fields) => console.warn(line('warn', message, fields)),
    error: (message, fields) => console.error(line('error', message, fields)),
  };
}

export const systemClock: Clock = { now: () => new Date() };
