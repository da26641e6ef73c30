import { serve, type HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Hono } from 'hono';
import type { App } from '../../worker/app';
import type { Config } from '../../worker/env';
import { SPA_SECURITY_HEADERS } from './security-headers';

/** Headers a client could send to pose as another address; only the one TRUST_PROXY names reaches the app. */
const CLIENT_ADDRESS_HEADERS = ['cf-connecting-ip', 'x-client-ip', 'x-real-ip', 'x-forwarded-for', 'true-client-ip', 'forwarded'];

export interface NodeServerOptions {
  port: number;
  staticDir?: string;
  /** The proxy header to pass on (config TRUST_PROXY); unset = the app sees only the socket address. */
  trustProxy?: Config['TRUST_PROXY'];
  /** Interface to bind; unset = all interfaces. */
  hostname?: string;
  onListen?: (port: number) => void;
}

/**
 * Serves the app on Node: `/api/*` from the Hono app, everything else from the built SPA, with
 * unknown paths answered by index.html (the SPA's router decides) — the same behaviour as the
 * Workers assets binding with `not_found_handling = "single-page-application"`. The app receives
 * the socket as `c.env` (worker/lib/client-ip.ts reads the peer address and the real local port).
 */
export function serveNode(app: App, options: NodeServerOptions) {
  const root = new Hono<{ Bindings: HttpBindings }>();
  root.all('/api/*', (c) => app.fetch(c.req.raw, c.env));
  root.all('/api', (c) => app.fetch(c.req.raw, c.env));
  if (options.staticDir && existsSync(join(options.staticDir, 'index.html'))) {
    const rel = relative(process.cwd(), options.staticDir);
    const indexHtml = readFileSync(join(options.staticDir, 'index.html'), 'utf8');
    root.use('*', async (c, next) => {
      await next();
      for (const [name, value] of Object.entries(SPA_SECURITY_HEADERS)) c.header(name, value);
    });
    // Cloudflare's assets binding reads _headers and never serves it; neither do we.
    root.get('/_headers', (c) => c.html(indexHtml));
    root.use(
      '/assets/*',
      serveStatic({ root: rel, onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable') }),
    );
    root.use('*', serveStatic({ root: rel }));
    root.get('*', (c) => c.html(indexHtml));
  }
  const spoofable = CLIENT_ADDRESS_HEADERS.filter((name) => name !== options.trustProxy);
  return serve(
    {
      fetch: (request, env) => {
        // Rate limits key on the client address: never let a client-sent address header reach the app.
        if (spoofable.some((name) => request.headers.has(name))) {
          const headers = new Headers(request.headers);
          for (const name of spoofable) headers.delete(name);
          request = new Request(request, { headers });
        }
        return root.fetch(request, env as HttpBindings);
      },
      port: options.port,
      hostname: options.hostname,
    },
    (info) => options.onListen?.(info.port),
  );
}
