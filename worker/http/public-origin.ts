import type { Context } from 'hono';
import { isLoopbackHost } from '../env';
import { listeningPort } from './client-ip';
import type { AppEnv } from './hono-env';

/**
 * The origin user-facing links are built from (checkout return URLs, invite links, the OAuth
 * redirect URI), without a trailing slash.
 *
 * - PUBLIC_URL set (always in production): exactly that.
 * - Otherwise (embedded / development): the request's own origin when its Host is a loopback host,
 *   so a buyer who opened `http://127.0.0.1:9000` comes back to `127.0.0.1:9000` and stays signed in
 *   (localStorage is per origin). A non-loopback Host is the client's word and is never reflected:
 *   links then say `http://localhost:<the port this server really listens on>`.
 */
export function publicOrigin<E extends AppEnv>(c: Context<E>): string {
  const { config } = c.get('deps');
  if (config.PUBLIC_URL_EXPLICIT || config.APP_ENV === 'production') return config.PUBLIC_URL.replace(/\/+$/, '');
  const requested = requestOrigin(c.req.url);
  if (requested && isLoopbackHost(requested.hostname)) return requested.origin;
  return `http://localhost:${listeningPort(c) ?? config.PORT}`;
}

function requestOrigin(url: string): URL | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
