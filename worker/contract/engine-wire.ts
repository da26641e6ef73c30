import * as z from 'zod';
import { GENERATION_OPTIONS, type GenerationOption } from './generation-options';
import { ENGINE_TOOL_IDS, UPSCALE_FACTORS, type EngineOperation } from './engine-operations';
import { base64ToBytes, bytesToBase64, equalBytes, hmacSha256, toHex } from '../lib/bytes';

/**
 * The engine service's wire format, shared by the Worker's client (engine-service.ts) and the
 * service (worker/engine/service.ts). Runtime-agnostic (WebCrypto, no Buffer): the Worker bundles it.
 *
 * Request: `POST /v1/run`, JSON body = the operation with images as base64, headers
 * `x-engine-timestamp` (unix seconds) and `x-engine-signature` = hex HMAC-SHA256(secret, "<ts>.<body>").
 * Answer: the image bytes (content-type, `x-engine-width`, `x-engine-height`, and
 * `x-engine-ignored-options`: a comma-separated list of options that changed nothing); 422 JSON
 * `{code, message}` for an input the engine refuses; 401 for a missing, stale or wrong signature.
 */
export const ENGINE_RUN_PATH = '/v1/run';
export const ENGINE_IGNORED_OPTIONS_HEADER = 'x-engine-ignored-options';

/** The answer's ignored options, keeping only names the product knows (undefined when none). */
export function readIgnoredOptions(header: string | null): GenerationOption[] | undefined {
  const known = (header ?? '')
    .split(',')
    .filter((name): name is GenerationOption => (GENERATION_OPTIONS as readonly string[]).includes(name));
  return known.length ? known : undefined;
}
/** A signed request older (or newer) than this is refused, so a captured one cannot be replayed later. */
export const ENGINE_SIGNATURE_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

async function hmacHex(secret: string, timestamp: string, body: Uint8Array): Promise<string> {
  const message = new Uint8Array(timestamp.length + 1 + body.length);
  message.set(encoder.encode(`${timestamp}.`));
  message.set(body, timestamp.length + 1);
  return toHex(await hmacSha256(secret, message));
}

export async function signEngineRequest(secret: string, body: Uint8Array, now = new Date()): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return { 'x-engine-timestamp': timestamp, 'x-engine-signature': await hmacHex(secret, timestamp, body) };
}

/** Constant-time comparison of the signature over the exact bytes received, within the time window. */
export async function verifyEngineRequest(secret: string, headers: Headers, body: Uint8Array, now = new Date()): Promise<boolean> {
  const timestamp = headers.get('x-engine-timestamp') ?? '';
  const signature = headers.get('x-engine-signature') ?? '';
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > ENGINE_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = await hmacHex(secret, timestamp, body);
  return equalBytes(encoder.encode(expected), encoder.encode(signature));
}

export function encodeOperation(op: EngineOperation): Uint8Array<ArrayBuffer> {
  const wire =
    op.op === 'edit'
      ? { ...op, images: op.images.map((bytes) => bytesToBase64(bytes)) }
      : op.op === 'tool' || op.op === 'upscale'
        ? { ...op, image: bytesToBase64(op.image) }
        : op;
  return encoder.encode(JSON.stringify(wire));
}

const image = z
  .string()
  .max(20_000_000)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/)
  .transform(base64ToBytes);
const dimension = z.number().int().min(16).max(4096);
const seed = z
  .number()
  .int()
  .min(0)
  .max(2 ** 32);

/** The service validates what it is sent even when signed: a bad operation is a 400, never a crash. */
export const wireOperation = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('text-to-image'),
    prompt: z.string().max(10_000),
    negativePrompt: z.string().max(5000).optional(),
    style: z.string().max(40),
    width: dimension,
    height: dimension,
    seed,
  }),
  z.object({ op: z.literal('logo'), brief: z.string().max(10_000), width: dimension, height: dimension, seed }),
  z.object({
    op: z.literal('avatar'),
    selection: z.record(z.string().max(64), z.string().max(64)),
    width: dimension,
    height: dimension,
    seed,
  }),
  z.object({
    op: z.literal('edit'),
    prompt: z.string().max(10_000),
    style: z.string().max(40),
    images: z.array(image).min(1).max(5),
    width: dimension.optional(),
    height: dimension.optional(),
    seed,
    strength: z.number().min(0).max(1).optional(),
  }),
  z.object({
    op: z.literal('tool'),
    toolId: z.enum(ENGINE_TOOL_IDS),
    image,
    params: z.record(z.string().max(40), z.union([z.string().max(10_000), z.number(), z.boolean()])),
    seed,
  }),
  z.object({
    op: z.literal('upscale'),
    image,
    scale: z.union([z.literal(UPSCALE_FACTORS[0]), z.literal(UPSCALE_FACTORS[1]), z.literal(UPSCALE_FACTORS[2])]),
    faceEnhancement: z.boolean(),
    // An input the user agreed to shrink to the factor's pixel budget (contract/upscale.ts fitToUpscaleBudget).
    fitTo: z.object({ width: z.number().int().min(1).max(8192), height: z.number().int().min(1).max(8192) }).optional(),
  }),
  z.object({ op: z.literal('logo-svg'), brief: z.string().max(10_000), width: dimension, height: dimension, seed }),
]) satisfies z.ZodType<EngineOperation, unknown>;

/**
 * `POST /v1/mark`: an output to mark as AI-made (XMP and a signed C2PA manifest, decision 056). The
 * engine service signs, so the request Worker ships neither the 9 MB c2pa WebAssembly nor the key's
 * use; the request is signed like `/v1/run`. Answer: the marked bytes, same content type.
 */
export const ENGINE_MARK_PATH = '/v1/mark';

export interface MarkRequest {
  image: { bytes: Uint8Array; contentType: string };
  origin: 'generated' | 'edited';
  agent: string;
  source?: { bytes: Uint8Array; contentType: string };
}

const markedType = z.enum(['image/png', 'image/jpeg', 'image/webp']);

export function encodeMarkRequest(request: MarkRequest): Uint8Array<ArrayBuffer> {
  const wire = {
    image: bytesToBase64(request.image.bytes),
    contentType: request.image.contentType,
    origin: request.origin,
    agent: request.agent,
    ...(request.source ? { source: { image: bytesToBase64(request.source.bytes), contentType: request.source.contentType } } : {}),
  };
  return encoder.encode(JSON.stringify(wire));
}

export const wireMarkRequest = z
  .object({
    image,
    contentType: markedType,
    origin: z.enum(['generated', 'edited']),
    agent: z.string().min(1).max(200),
    source: z.object({ image, contentType: z.string().regex(/^image\/[a-z0-9.+-]{1,40}$/) }).optional(),
  })
  .transform(
    (wire): MarkRequest => ({
      image: { bytes: wire.image, contentType: wire.contentType },
      origin: wire.origin,
      agent: wire.agent,
      ...(wire.source ? { source: { bytes: wire.source.image, contentType: wire.source.contentType } } : {}),
    }),
  );
