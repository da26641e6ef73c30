import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { FACE_SWAP_PREFIX } from '../../contract/face-swap';
import { createImageEngines } from './engines';
import { createGeminiEngine } from './gemini';

/**
 * Face swap in production: the API compiles the prompt with the identity-preserving prefix
 * and the Gemini engine sends it, with the user's photo, to generateContent — here a local fake of
 * Gemini's REST API that records what it was sent and answers with an image, as the real one does.
 */
let server: Server;
let baseUrl: string;
/** generateContent's request body as the engine writes it (snake_case inline_data). */
interface GenerateContentRequest {
  contents: Array<{ role: string; parts: Array<{ text?: string; inline_data?: { mime_type: string; data: string } }> }>;
  generationConfig: { responseModalities?: string[]; imageConfig?: { aspectRatio?: string } };
}
let received: { url: string; body: GenerateContentRequest }[] = [];
let answer: Uint8Array;
let t: TestApp;
let token: string;
const photo = readFileSync(new URL('../../../tests/fixtures/photos/astronaut.png', import.meta.url));

beforeAll(async () => {
  answer = new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c08040' } })
      .png()
      .toBuffer(),
  );
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ url: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(
        JSON.stringify({
          candidates: [
            {
              content: {
                role: 'model',
                parts: [
                  { text: 'Here is the portrait.' },
                  { inlineData: { mimeType: 'image/png', data: Buffer.from(answer).toString('base64') } },
                ],
              },
              finishReason: 'STOP',
              index: 0,
            },
          ],
          modelVersion: 'gemini-2.5-flash-image',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(async () => {
  received = [];
  const gemini = createGeminiEngine({ apiKey: 'test-key', baseUrl, model: 'gemini-2.5-flash-image' });
  t = await createTestApp({ images: createImageEngines({ nano: gemini, gemini }) });
  ({ token } = await t.signIn('gemini-face@example.com'));
});
afterEach(() => t.close());

const statusOf = async (id: string) =>
  (await (await t.request(`/api/generate-image/status/${id}`, { token })).json()) as { status: string; imageUrl: string | null };

it('sends the photo and the compiled edit prompt, prefix first, to Gemini, and keeps its image', async () => {
  const form = new FormData();
  form.append('toolId', 'face-swap');
  form.append('model', 'gemini');
  form.append('extra', 'for my team page');
  form.append('options', JSON.stringify({ hair_color: 'platinum', head_accessories: 'round_glasses', light_style: 'golden_hour' }));
  form.append('images', new File([photo], 'me.png', { type: 'image/png' }));
  const res = await t.request('/api/generate-image/edit', { method: 'POST', token, body: form });
  expect(res.status).toBe(200);
  const { id, recordId } = await res.json();
  await t.drainJobs();

  expect(received).toHaveLength(1);
  expect(received[0]!.url).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent');
  const [textPart, imagePart] = received[0]!.body.contents[0]!.parts;
  const text = textPart!.text!;
  const image = imagePart!.inline_data!;
  expect(
    text.startsWith(
      `${FACE_SWAP_PREFIX.edit}\n\nfor my team page. Character features: platinum blonde hair, wearing round glasses. Environmental characteristics: golden hour sunlight.`,
    ),
  ).toBe(true);
  expect(text).toMatch(/Preserve the person's identity, likeness and facial structure exactly/);
  expect(image.mime_type).toBe('image/png');
  expect(Buffer.from(image.data, 'base64').equals(photo)).toBe(true);

  const status = await statusOf(id);
  expect(status.status).toBe('COMPLETED');
  const [record] = await t.deps.db.select().from(schema.creationRecords).where(eq(schema.creationRecords.id, recordId));
  expect(record).toMatchObject({ type: 'FACE_SWAP', model: 'gemini' });
  const stored = await t.request(status.imageUrl!, { token });
  // Gemini's pixels, as the model drew them (the file also carries its Content Credentials).
  const pixels = async (bytes: Uint8Array) => sharp(bytes).raw().toBuffer();
  expect((await pixels(new Uint8Array(await stored.arrayBuffer()))).equals(await pixels(answer))).toBe(true);
});

it('sends a text-mode request with the generate prefix and no image', async () => {
  const res = await t.request('/api/generate-image', {
    method: 'POST',
    token,
    json: {
      toolId: 'face-swap',
      model: 'gemini',
      style: 'realistic',
      width: 1024,
      height: 1024,
      prompt: 'Character features: a man, a full beard.',
      options: { gender: 'male', beard: 'full_beard' },
    },
  });
  expect(res.status).toBe(200);
  await t.drainJobs();
  const parts = received[0]!.body.contents[0]!.parts;
  expect(parts).toHaveLength(1);
  expect(parts[0]!.text!.startsWith(`${FACE_SWAP_PREFIX.generate}\n\nCharacter features: a man, a full beard.`)).toBe(true);
  expect(received[0]!.body.generationConfig.imageConfig).toEqual({ aspectRatio: '1:1' });
});
