import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Hono } from 'hono';
import type { App } from '../../worker/app';

/**
 * Serves the app on Node: `/api/*` from the Hono app, everything else from the built SPA, with
 * unknown paths answered by index.html (the SPA's router decides) — the same behaviour as the
 * Workers assets binding with `not_found_handling = "single-page-application"`.
 */
export function serveNode(app: App, options: { port: number; staticDir?: string; onListen?: (port: number) => void }) {
  const root = new Hono();
  root.all('/api/*', (c) => app.fetch(c.req.raw));
  root.all('/api', (c) => app.fetch(c.req.raw));
  if (options.staticDir && existsSync(join(options.staticDir, 'index.html'))) {
    const rel = relative(process.cwd(), options.staticDir);
    const indexHtml = readFileSync(join(options.staticDir, 'index.html'), 'utf8');
    root.use(
      '/assets/*',
      serveStatic({ root: rel, onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable') }),
    );
    root.use('*', serveStatic({ root: rel }));
    root.get('*', (c) => c.html(indexHtml));
  }
  return serve(
    {
      fetch: (request, env) => {
        // Rate limits key on this header: overwrite whatever the client sent with the socket address.
        const headers = new Headers(request.headers);
        const socket = (env as { incoming?: { socket?: { remoteAddress?: string } } }).incoming?.socket;
        headers.set('x-client-ip', socket?.remoteAddress ?? 'unknown');
        return root.fetch(new Request(request, { headers }));
      },
      port: options.port,
    },
    (info) => options.onListen?.(info.port),
  );
}
