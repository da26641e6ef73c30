/**
 * The offline engine as an HTTP service (production path): the same worker/engine module
 * and worker-thread pool behind signed endpoints, for a Cloudflare Container (wrangler.toml
 * `[[env.production.containers]]`) or any container host (worker/engine/Dockerfile). The Worker
 * calls `/v1/run` through worker/adapters/images/engine-service.ts, and `/v1/mark` (Content
 * Credentials on every output) through worker/adapters/provenance/engine-service.ts, and
 * `/v1/receipt-pdf` (a receipt's PDF with its fonts embedded) through adapters/images/engine-service.ts.
 *
 *   ENGINE_SECRET=… [C2PA_SIGNING_KEY=… C2PA_CERTIFICATE_CHAIN=…] PORT=8080 npx tsx worker/engine/service.ts
 */
import { serve } from '@hono/node-server';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type Context, Hono } from 'hono';
import type * as z from 'zod';
import { bodyLimit } from 'hono/body-limit';
import { pathToFileURL } from 'node:url';
import {
  ENGINE_IGNORED_OPTIONS_HEADER,
  ENGINE_MARK_PATH,
  ENGINE_RUN_PATH,
  verifyEngineRequest,
  wireMarkRequest,
  wireOperation,
} from '../contract/engine-wire';
import { createC2paProvenance, xmpOnlyProvenance } from '../adapters/provenance/c2pa';
import { credentialsFromPem } from '../adapters/provenance/credentials';
import type { Provenance } from '../adapters/provenance/port';
import { EngineBusyError, EngineInputError } from '../contract/engine-operations';
import { createEnginePool, type EnginePool } from './pool';
import { ENGINE_RECEIPT_PDF_PATH, RECEIPT_DOCUMENT_MAX_BYTES, receiptDocument } from '../contract/receipt-document';
import { renderReceiptPdf } from './receipts/receipt-pdf';
import { ENGINE_PREFLIGHT_PATH, wirePreflightRequest } from '../contract/image-preflight';
import { preflightTextToImage } from './render/preflight';

/** Five 10 MB uploads as base64 (an edit), plus JSON. */
const MAX_BODY_BYTES = 80 * 1024 * 1024;

export interface EngineServiceOptions {
  secret: string;
  pool: Pick<EnginePool, 'run'>;
  /** Marks outputs as AI-made for the Worker (`/v1/mark`): XMP and, with credentials, a signed C2PA manifest. */
  provenance?: Provenance;
  now?: () => Date;
}

export function createEngineService(options: EngineServiceOptions) {
  if (options.secret.length < 32) throw new Error('ENGINE_SECRET must be at least 32 characters');
  const now = options.now ?? (() => new Date());
  const provenance = options.provenance ?? xmpOnlyProvenance;
  const limit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: 'request too large' }, 413) });
  /** The signed body as JSON, or the answer that refuses it. Unsigned, stale or tampered requests do no work at all. */
  const signedJson = async (c: Context): Promise<{ json: unknown } | { refusal: Response }> => {
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (!(await verifyEngineRequest(options.secret, c.req.raw.headers, body, now())))
      return { refusal: c.json({ message: 'invalid signature' }, 401) };
    try {
      return { json: JSON.parse(new TextDecoder().decode(body)) };
    } catch {
      return { refusal: c.json({ message: 'body is not JSON' }, 400) };
    }
  };
  const invalid = (c: Context, error: z.ZodError) =>
    c.json({ message: `invalid operation: ${error.issues[0]?.path.join('.')} ${error.issues[0]?.message}` }, 400);
  return (
    new Hono()
      .get('/health', (c) => c.json({ status: 'ok' }))
      .post(ENGINE_RUN_PATH, limit, async (c) => {
        const signed = await signedJson(c);
        if ('refusal' in signed) return signed.refusal;
        const parsed = wireOperation.safeParse(signed.json);
        if (!parsed.success) return invalid(c, parsed.error);
        return answerRun(c, options.pool, parsed.data);
      })
      // Before Start: which options the renderer will ignore for a prompt (render/preflight.ts). Cheap
      // and pure (no rendering), so it runs here rather than waiting for a pool thread behind renders.
      .post(ENGINE_PREFLIGHT_PATH, limit, async (c) => {
        const signed = await signedJson(c);
        if ('refusal' in signed) return signed.refusal;
        const parsed = wirePreflightRequest.safeParse(signed.json);
        if (!parsed.success) return invalid(c, parsed.error);
        return c.json(preflightTextToImage(parsed.data), 200);
      })
      .post(ENGINE_MARK_PATH, limit, async (c) => {
        const signed = await signedJson(c);
        if ('refusal' in signed) return signed.refusal;
        const parsed = wireMarkRequest.safeParse(signed.json);
        if (!parsed.success) return invalid(c, parsed.error);
        const { image, origin, agent, source } = parsed.data;
        try {
          const marked = await provenance.mark(image, { origin, agent, ...(source ? { source } : {}) });
          return c.body(marked as Uint8Array<ArrayBuffer>, 200, { 'content-type': image.contentType });
        } catch (error) {
          console.error(JSON.stringify({ level: 'error', message: 'marking failed', error: String(error) }));
          return c.json({ message: 'marking failed' }, 500);
        }
      })
      // A receipt's PDF (decision 061): the Worker sends its words, the service embeds the fonts.
      .post(
        ENGINE_RECEIPT_PDF_PATH,
        bodyLimit({ maxSize: RECEIPT_DOCUMENT_MAX_BYTES, onError: (c) => c.json({ message: 'request too large' }, 413) }),
        async (c) => {
          const signed = await signedJson(c);
          if ('refusal' in signed) return signed.refusal;
          const parsed = receiptDocument.safeParse(signed.json);
          if (!parsed.success) return invalid(c, parsed.error);
          return answerReceiptPdf(c, parsed.data);
        },
      )
  );
}

/** One engine operation on the pool, answered as its bytes, or as the error a caller can act on. */
async function answerRun(c: Context, pool: Pick<EnginePool, 'run'>, operation: z.infer<typeof wireOperation>) {
  try {
    const output = await pool.run(operation);
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
    console.error(JSON.stringify({ level: 'error', message: 'engine operation failed', op: operation.op, error: String(error) }));
    return c.json({ message: 'engine failure' }, 500);
  }
}

/** A receipt's PDF, or a 500 when rendering it fails. */
async function answerReceiptPdf(c: Context, document: z.infer<typeof receiptDocument>) {
  try {
    const pdf = await renderReceiptPdf(document);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, { 'content-type': 'application/pdf' });
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'receipt PDF failed', error: String(error) }));
    return c.json({ message: 'receipt PDF failed' }, 500);
  }
}

/**
 * Content Credentials from C2PA_SIGNING_KEY and C2PA_CERTIFICATE_CHAIN (the Worker hands its secrets
 * to the container); without them, the XMP mark alone.
 */
function serviceProvenance(env: NodeJS.ProcessEnv): Provenance {
  const key = env.C2PA_SIGNING_KEY;
  const chain = env.C2PA_CERTIFICATE_CHAIN;
  if (!key || !chain) return xmpOnlyProvenance;
  const wasmPath = createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm');
  let signing: Promise<Provenance> | undefined;
  return {
    async mark(image, claim) {
      signing ??= credentialsFromPem(key, chain).then((credentials) =>
        createC2paProvenance({ credentials, wasm: () => readFile(wasmPath) }),
      );
      return (await signing).mark(image, claim);
    },
  };
}

/** Starts the service on PORT; closes the pool on SIGTERM/SIGINT (container stop). */
export function startEngineService(env: NodeJS.ProcessEnv = process.env) {
  const secret = env.ENGINE_SECRET ?? '';
  const port = Number(env.PORT ?? 8080);
  const pool = createEnginePool(env.ENGINE_THREADS ? { threads: Number(env.ENGINE_THREADS) } : {});
  const app = createEngineService({ secret, pool, provenance: serviceProvenance(env) });
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
