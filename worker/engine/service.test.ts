import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngineServiceClient } from '../adapters/images/engine-service';
import { encodeOperation, ENGINE_RUN_PATH, signEngineRequest } from '../contract/engine-wire';
import { EngineBusyError, EngineError } from '../services/generation/engine';
import { EngineInputError } from '../contract/engine-operations';
import { createEnginePool } from './pool';
import { createEngineService } from './service';
import { NO_FACE_MESSAGE } from './tools/id-photo';
import { fixtureBytes } from './tools/test-support';

const SECRET = 'engine-test-secret-0123456789abcdef';
const pool = createEnginePool({ threads: 1 });
afterAll(() => pool.close());
const service = createEngineService({ secret: SECRET, pool });
// The Worker's client, talking to the service in-process through app.request.
const client = (secret = SECRET) =>
  createEngineServiceClient({ url: 'http://engine.internal', secret, fetch: (request) => Promise.resolve(service.request(request)) });
const png = async (width: number, height: number) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#c04020' } })
      .png()
      .toBuffer(),
  );

describe('engine service', () => {
  it('upscales for a correctly signed client: exactly twice the size', async () => {
    const output = await client().run({ op: 'upscale', image: await png(50, 20), scale: 2, faceEnhancement: false });
    expect(output).toMatchObject({ contentType: 'image/png', width: 100, height: 40 });
    expect(await sharp(output.bytes).metadata()).toMatchObject({ width: 100, height: 40 });
  });

  it('carries the fit-to-budget size across the wire: the input is shrunk first, then enlarged', async () => {
    const output = await client().run({
      op: 'upscale',
      image: await png(50, 20),
      scale: 2,
      faceEnhancement: false,
      fitTo: { width: 25, height: 10 },
    });
    expect(output).toMatchObject({ contentType: 'image/png', width: 50, height: 20 });
    expect(await sharp(output.bytes).metadata()).toMatchObject({ width: 50, height: 20 });
  });

  it("carries a logo's SVG across the wire as image/svg+xml", async () => {
    const output = await client().run({ op: 'logo-svg', brief: '"Bean There" coffee shop', width: 512, height: 512, seed: 7 });
    expect(output).toMatchObject({ contentType: 'image/svg+xml', width: 512, height: 512 });
    expect(new TextDecoder().decode(output.bytes)).toContain('<title>Bean There</title>');
  });

  it('carries an edit with several images and a text-to-image across the wire', async () => {
    const edited = await client().run({
      op: 'edit',
      prompt: 'black and white',
      style: 'realistic',
      images: [await png(40, 30), await png(20, 20)],
      width: 64,
      height: 48,
      seed: 3,
    });
    expect(await sharp(edited.bytes).metadata()).toMatchObject({ width: 64, height: 48 });
    const rendered = await client().run({
      op: 'text-to-image',
      prompt: 'a lighthouse',
      style: 'realistic',
      width: 96,
      height: 64,
      seed: 5,
    });
    expect(rendered).toMatchObject({ width: 96, height: 64 });
    expect(rendered.ignoredOptions).toBeUndefined();
    // A negative prompt that changed nothing comes back named, for the job's status.
    const unchanged = await client().run({
      op: 'text-to-image',
      prompt: 'a lighthouse',
      negativePrompt: 'low quality',
      style: 'realistic',
      width: 96,
      height: 64,
      seed: 5,
    });
    expect(unchanged.ignoredOptions).toEqual(['negativePrompt']);
    expect(Buffer.from(unchanged.bytes).equals(Buffer.from(rendered.bytes))).toBe(true);
  });

  it('runs a photo tool across the wire: an ID photo of the astronaut at exactly the preset size and its print density', async () => {
    const output = await client().run({
      op: 'tool',
      toolId: 'id-photo-generation',
      image: fixtureBytes('astronaut'),
      params: { size: 'visa', backgroundColor: '#0000ff' },
      seed: 1,
    });
    // The size comes back in the headers and is the PNG's own.
    expect(output).toMatchObject({ contentType: 'image/png', width: 602, height: 602 });
    // Visa: 602 px at 300 DPI is 5.1 cm both ways.
    expect(await sharp(output.bytes).metadata()).toMatchObject({ format: 'png', width: 602, height: 602, density: 300 });
  }, 60_000);

  it("brings a tool's input error back through the wire: a faceless photo (coffee) is NO_FACE_FOUND, not a retry", async () => {
    const refused = client().run({
      op: 'tool',
      toolId: 'id-photo-generation',
      image: fixtureBytes('coffee'),
      params: { size: 'passport' },
      seed: 1,
    });
    // Thrown in a pool thread, flattened to {inputError}, sent as 422 {code, message}, rebuilt by the client.
    await expect(refused).rejects.toBeInstanceOf(EngineInputError);
    await expect(refused).rejects.toMatchObject({ code: 'NO_FACE_FOUND', message: NO_FACE_MESSAGE });
    const body = encodeOperation({ op: 'tool', toolId: 'id-photo-generation', image: fixtureBytes('coffee'), params: {}, seed: 1 });
    const res = await service.request(ENGINE_RUN_PATH, { method: 'POST', body, headers: await signEngineRequest(SECRET, body) });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: 'NO_FACE_FOUND', message: NO_FACE_MESSAGE });
  }, 60_000);

  it('refuses unsigned, wrongly signed, stale and tampered requests with 401 and does no work', async () => {
    const body = encodeOperation({ op: 'upscale', image: await png(8, 8), scale: 2, faceEnhancement: false });
    const post = (headers: Record<string, string>, sent = body) =>
      service.request(ENGINE_RUN_PATH, { method: 'POST', body: sent, headers: { 'content-type': 'application/json', ...headers } });
    expect((await post({})).status).toBe(401);
    expect((await post(await signEngineRequest('another-secret-0123456789abcdefghij', body))).status).toBe(401);
    expect((await post(await signEngineRequest(SECRET, body, new Date(Date.now() - 10 * 60_000)))).status).toBe(401);
    const tampered = new Uint8Array(body);
    tampered[tampered.length - 3]! ^= 1;
    expect((await post(await signEngineRequest(SECRET, body), tampered)).status).toBe(401);
    await expect(
      client('another-secret-0123456789abcdefghij').run({ op: 'upscale', image: await png(8, 8), scale: 2, faceEnhancement: false }),
    ).rejects.toMatchObject({
      retryable: false,
    });
  });

  it('answers a bad operation with 400 and an undecodable image with 422 → EngineInputError', async () => {
    const body = new TextEncoder().encode(JSON.stringify({ op: 'upscale', image: 'AAAA', scale: 3, faceEnhancement: false }));
    const res = await service.request(ENGINE_RUN_PATH, { method: 'POST', body, headers: await signEngineRequest(SECRET, body) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/scale/);
    const refused = client().run({ op: 'upscale', image: new Uint8Array([1, 2, 3, 4, 5]), scale: 2, faceEnhancement: false });
    await expect(refused).rejects.toBeInstanceOf(EngineInputError);
    await expect(refused).rejects.toMatchObject({ code: 'INVALID_IMAGE' });
  });

  it('reports a service outage as a retryable failure', async () => {
    const down = createEngineServiceClient({
      url: 'http://engine.internal',
      secret: SECRET,
      fetch: async () => new Response('bad gateway', { status: 502 }),
    });
    const failure = down.run({ op: 'upscale', image: await png(8, 8), scale: 2, faceEnhancement: false });
    await expect(failure).rejects.toBeInstanceOf(EngineError);
    await expect(failure).rejects.toMatchObject({ retryable: true });
  });

  it('answers a full pool with 503 and Retry-After, which the client reads as busy (no attempt), not as a failure', async () => {
    const full = createEngineService({
      secret: SECRET,
      pool: {
        run: async () => {
          throw new EngineBusyError('the engine pool is full', 15);
        },
      },
    });
    const body = encodeOperation({ op: 'upscale', image: await png(8, 8), scale: 2, faceEnhancement: false });
    const raw = await full.request(ENGINE_RUN_PATH, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...(await signEngineRequest(SECRET, body)) },
    });
    expect(raw.status).toBe(503);
    expect(raw.headers.get('retry-after')).toBe('15');
    const busy = createEngineServiceClient({
      url: 'http://engine.internal',
      secret: SECRET,
      fetch: (r) => Promise.resolve(full.request(r)),
    });
    const refused = busy.run({ op: 'upscale', image: await png(8, 8), scale: 2, faceEnhancement: false });
    await expect(refused).rejects.toBeInstanceOf(EngineBusyError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 15 });
    // A 429 from a proxy in front of the fleet means the same.
    const limited = createEngineServiceClient({
      url: 'http://engine.internal',
      secret: SECRET,
      fetch: async () => new Response('slow down', { status: 429, headers: { 'retry-after': '3' } }),
    });
    await expect(limited.run({ op: 'upscale', image: await png(8, 8), scale: 2, faceEnhancement: false })).rejects.toMatchObject({
      name: 'EngineBusyError',
      retryAfterSeconds: 3,
    });
  });

  it('answers the text-to-image preflight for a signed client, and refuses an unsigned one', async () => {
    const fox = { prompt: 'a red fox in a meadow', style: 'realistic', width: 256, height: 256, seed: 4 };
    expect(await client().preflight!({ ...fox, negativePrompt: 'low quality, submarine' })).toEqual({
      ignoredOptions: ['negativePrompt'],
      unusedTerms: [
        { term: 'low quality', reason: 'unknown' },
        { term: 'submarine', reason: 'unknown' },
      ],
    });
    expect(await client().preflight!({ ...fox, prompt: 'a fox and a dog', negativePrompt: 'dog' })).toEqual({
      ignoredOptions: [],
      unusedTerms: [],
    });
    await expect(client('wrong-secret-0123456789abcdef0123456789').preflight!({ ...fox, negativePrompt: 'dog' })).rejects.toMatchObject({
      retryable: false,
    });
  });
});
