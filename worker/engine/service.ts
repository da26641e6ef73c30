/**
 * The offline engine as an HTTP service (production path): the same worker/engine module
 * and worker-thread pool behind one signed endpoint, for a Cloudflare Container (wrangler.toml
 * `[[env.production.containers]]`) or any container host (worker/engine/Dockerfile). The Worker
 * calls it through worker/adapters/images/engine-service.ts.
 *
 *   ENGINE_SECRET=… PORT=8080 npx tsx worker/engine/service.ts
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { pathToFileURL } from 'node:url';
import { ENGINE_IGNORED_OPTIONS_HEADER, ENGINE_RUN_PATH, verifyEngineRequest, wireOperation } from '../contract/engine-wire';
import { EngineBusyError, EngineInputError } from '../contract/engine-operations';
import { createEnginePool, type EnginePool } from './pool';

/** Five 10 MB uploads as base64 (an edit), plus JSON. */
const MAX_BODY_BYTES = 80 * 1024 * 1024;

export function createEngineService(options: { secret: string; pool: Pick<EnginePool, 'run'>; now?: () => Date }) {
  if (options.secret.length < 32) throw new Error('ENGINE_SECRET must be at least 32 characters');
  const now = options.now ?? (() => new Date());
  return new Hono()
    .get('/health', (c) => c.json({ status: 'ok' }))
    .post(
      ENGINE_RUN_PATH,
      bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: 'request too large' }, 413) }),
      async (c) => {
        const body = new Uint8Array(await c.req.arrayBuffer());
        // Unsigned, stale or tampered requests do no work at all: image work is the expensive part.
        if (!(await verifyEngineRequest(options.secret, c.req.raw.headers, body, now())))
          return c.json({ message: 'invalid signature' }, 401);
        let json: unknown;
        try {
          json = JSON.parse(new TextDecoder().decode(body));
        } catch {
          return c.json({ message: 'body is not JSON' }, 400);
        }
        const parsed = wireOperation.safeParse(json);
        if (!parsed.success)
          return c.json(
            { message: `invalid operation: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}` },
            400,
          );
        try {
          const output = await options.pool.run(parsed.data);
          return c.body(output.bytes as Uint8Array<ArrayBuffer>, 200, {
            'content-type': output.contentType,
            'x-engine-width': String(output.width),
            'x-engine-height': String(output.height),
            ...(output.ignoredOptions?.length ? { [ENGINE_IGNORED_OPTIONS_HEADER]: output.ignoredOptions.join(',') } : {}),
          });
        } catch (error) {
          if (error instanceof EngineInputError) return c.json({ code: error.code, message: error.message }, 422);
          // A full pool is not a failure: the caller puts the job back in line and asks again then.
          if (error instanceof EngineBusyError)
            return c.json({ message: 'engine busy' }, 503, { 'retry-after': String(error.retryAfterSeconds) });
          console.error(JSON.stringify({ level: 'error', message: 'engine operation failed', op: parsed.data.op, error: String(error) }));
          return c.json({ message: 'engine failure' }, 500);
        }
      },
    );
}

/** Starts the service on PORT; closes the pool on SIGTERM/SIGINT (container stop). */
export function startEngineService(env: NodeJS.ProcessEnv = process.env) {
  const secret = env.ENGINE_SECRET ?? '';
  const port = Number(env.PORT ?? 8080);
  const pool = createEnginePool(env.ENGINE_THREADS ? { threads: Number(env.ENGINE_THREADS) } : {});
  const app = createEngineService({ secret, pool });
  const server = serve({ fetch: app.fetch, port, hostname: env.HOST ?? '0.0.0.0' }, (info) =>
    console.log(JSON.stringify({ level: 'info', message: 'engine service listening', port: info.port, threads: pool.threads })),
  );
  const stop = async () => {
    server.close();
    await pool.close();
  };
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
  process.once('SIGINT', () => void stop().then(() => process.exit(0)));
  return { server, stop };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) startEngineService();
