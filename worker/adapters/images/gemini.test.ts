import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyError, SIZES } from '../../contract/generation';
import { EngineError, type ImageEngine, type TextToImageInput } from './port';
import { TEST_ENV } from '@tests/setup/test-app';
import { loadConfig } from '../../env';
import { createGeminiEngine, nearestAspectRatio } from './gemini';
import { providerEngines } from './provider-engines';
import { createSharpUprightImages } from './upright-sharp';
import { expectUpright, phonePhoto } from './upright.test-support';

/**
 * Gemini's generateContent against a local fake server replaying response bodies shaped like the
 * real API's (camelCase parts, usageMetadata, `{ error: { code, message, status, details } }`).
 */

/** generateContent's request body as the engine writes it (snake_case inline_data). */
interface GenerateContentRequest {
  contents: Array<{ role: string; parts: Array<{ text?: string; inline_data?: { mime_type: string; data: string } }> }>;
  generationConfig: { responseModalities?: string[]; seed?: number; imageConfig?: { aspectRatio?: string } };
}

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: GenerateContentRequest;
}

let server: Server;
let baseUrl: string;
let received: Received[] = [];
let reply: (res: ServerResponse) => void = () => {};
let outputPng: Uint8Array;
let outputPngBase64: string;
let sourceJpeg: Uint8Array;
let sourcePng: Uint8Array;

const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
};

const usageMetadata = {
  promptTokenCount: 18,
  candidatesTokenCount: 1290,
  totalTokenCount: 1308,
  promptTokensDetails: [{ modality: 'TEXT', tokenCount: 18 }],
  candidatesTokensDetails: [{ modality: 'IMAGE', tokenCount: 1290 }],
};

const successBody = () => ({
  candidates: [
    {
      content: {
        parts: [{ text: "Here's the lighthouse you asked for." }, { inlineData: { mimeType: 'image/png', data: outputPngBase64 } }],
        role: 'model',
      },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  usageMetadata,
  modelVersion: 'gemini-2.5-flash-image',
  responseId: 'mF3kaN2bNaOwkdUPhp3v2Qk',
});

beforeAll(async () => {
  outputPng = new Uint8Array(
    await sharp({ create: { width: 4, height: 3, channels: 3, background: '#ff6600' } })
      .png()
      .toBuffer(),
  );
  outputPngBase64 = Buffer.from(outputPng).toString('base64');
  sourceJpeg = new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer(),
  );
  sourcePng = new Uint8Array(
    await sharp({ create: { width: 6, height: 6, channels: 3, background: '#0000ff' } })
      .png()
      .toBuffer(),
  );
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : undefined });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  reply = json(500, { error: { code: 500, message: 'no reply scripted', status: 'INTERNAL' } });
});

const engine = (overrides: { timeoutMs?: number; model?: string } = {}): ImageEngine =>
  createGeminiEngine({
    apiKey: 'test-key-123',
    baseUrl: `${baseUrl}/`,
    model: overrides.model ?? 'gemini-2.5-flash-image',
    timeoutMs: overrides.timeoutMs,
  });

const t2i = (overrides: Partial<TextToImageInput> & { negativePrompt?: string } = {}): TextToImageInput => ({
  operation: { op: 'text-to-image', prompt: 'A lighthouse at dusk', negativePrompt: overrides.negativePrompt },
  style: 'realistic',
  width: 1344,
  height: 768,
  seed: 42,
  model: 'nano',
  ...(({ negativePrompt: _, ...rest }) => rest)(overrides),
});

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('Gemini engine: text-to-image', () => {
  it('posts generateContent with the key header, enriched prompt and aspect ratio, and returns the PNG bytes', async () => {
    reply = json(200, successBody());
    const image = await engine().textToImage(t2i({ negativePrompt: 'people, text' }));

    expect(image.contentType).toBe('image/png');
    expect(Buffer.from(image.bytes).equals(Buffer.from(outputPng))).toBe(true);

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent');
    expect(request!.headers['x-goog-api-key']).toBe('test-key-123');
    expect(request!.headers['content-type']).toBe('application/json');
    // The seed goes along, so Gemini's sampling repeats for the same seed (best effort on its side).
    expect(request!.body.generationConfig).toEqual({
      responseModalities: ['TEXT', 'IMAGE'],
      seed: 42,
      imageConfig: { aspectRatio: '16:9' },
    });
    expect(request!.body.contents).toHaveLength(1);
    expect(request!.body.contents[0]!.role).toBe('user');
    const parts = request!.body.contents[0]!.parts;
    expect(parts).toHaveLength(1);
    const text = parts[0]!.text!;
    expect(text.startsWith('A lighthouse at dusk\n')).toBe(true);
    expect(text).toContain('photorealistic');
    expect(text).toContain('1344x768 pixels, aspect ratio 16:9');
    expect(text).toContain('Avoid: people, text.');
  });

  it('omits "Avoid:" without a negative prompt and passes non-quick styles through by name', async () => {
    reply = json(200, successBody());
    await engine().textToImage(t2i({ style: 'id-photo', width: 1024, height: 1024 }));
    const text = received[0]!.body.contents[0]!.parts[0]!.text!;
    expect(text).not.toContain('Avoid:');
    expect(text).toContain('Style: id photo style.');
    expect(received[0]!.body.generationConfig.imageConfig).toEqual({ aspectRatio: '1:1' });
  });

  it('accepts snake_case inline_data parts and sniffs the real type from the bytes', async () => {
    const jpegBase64 = Buffer.from(sourceJpeg).toString('base64');
    reply = json(200, {
      candidates: [
        { content: { parts: [{ inline_data: { mime_type: 'image/png', data: jpegBase64 } }], role: 'model' }, finishReason: 'STOP' },
      ],
    });
    const image = await engine().textToImage(t2i());
    expect(image.contentType).toBe('image/jpeg');
    expect(image.bytes.length).toBe(sourceJpeg.length);
  });

  it('puts the model name into the path (gemini-enhanced → a different model)', async () => {
    reply = json(200, successBody());
    await engine({ model: 'gemini-3-pro-image-preview' }).textToImage(t2i());
    expect(received[0]!.url).toBe('/v1beta/models/gemini-3-pro-image-preview:generateContent');
  });
});

describe('Gemini engine: multi-image edit', () => {
  it('sends the instruction then every image as inline_data (base64), with the aspect ratio when a size is given', async () => {
    reply = json(200, successBody());
    const image = await engine().edit({
      operation: { op: 'edit', prompt: 'Put the person from image 2 into the scene of image 1' },
      style: 'anime',
      images: [
        { bytes: sourceJpeg, contentType: 'image/jpeg' },
        { bytes: sourcePng, contentType: 'image/png' },
      ],
      width: 832,
      height: 1248,
      seed: 7,
      model: 'gemini',
    });
    expect(image.contentType).toBe('image/png');

    const parts = received[0]!.body.contents[0]!.parts;
    expect(parts).toHaveLength(3);
    expect(parts[0]!.text).toContain('Put the person from image 2 into the scene of image 1');
    expect(parts[0]!.text).toContain('anime style');
    expect(parts[0]!.text).toContain('832x1248 pixels, aspect ratio 2:3');
    expect(parts[0]!.text).toContain('Use all 2 attached images');
    expect(parts[1]).toEqual({ inline_data: { mime_type: 'image/jpeg', data: Buffer.from(sourceJpeg).toString('base64') } });
    expect(parts[2]).toEqual({ inline_data: { mime_type: 'image/png', data: Buffer.from(sourcePng).toString('base64') } });
    expect(received[0]!.body.generationConfig).toEqual({
      responseModalities: ['TEXT', 'IMAGE'],
      seed: 7,
      imageConfig: { aspectRatio: '2:3' },
    });
  });

  it('leaves the aspect ratio to the model when no size is given', async () => {
    reply = json(200, successBody());
    await engine().edit({
      operation: { op: 'edit', prompt: 'make it warmer' },
      style: 'realistic',
      images: [{ bytes: sourcePng, contentType: 'image/png' }],
      seed: 1,
      model: 'nano',
    });
    expect(received[0]!.body.generationConfig).toEqual({ responseModalities: ['TEXT', 'IMAGE'], seed: 1 });
    expect(received[0]!.body.contents[0]!.parts).toHaveLength(2);
  });

  it('refuses zero or more than five images without calling Gemini', async () => {
    const image = { bytes: sourcePng, contentType: 'image/png' };
    const none = await failure(
      engine().edit({ operation: { op: 'edit', prompt: 'x' }, style: 'realistic', images: [], seed: 1, model: 'nano' }),
    );
    const six = await failure(
      engine().edit({ operation: { op: 'edit', prompt: 'x' }, style: 'realistic', images: Array(6).fill(image), seed: 1, model: 'nano' }),
    );
    expect([none.retryable, six.retryable]).toEqual([false, false]);
    expect(classifyError(none.message)).toBe('invalid_input');
    expect(classifyError(six.message)).toBe('invalid_input');
    expect(received).toHaveLength(0);
  });
});

describe('Gemini engine: portrait phone photos', () => {
  // Built as production builds it (providerEngines), with the Node upright port; Workers use the Images binding (upright.test.ts).
  const nano = () =>
    providerEngines(loadConfig({ ...TEST_ENV, IMAGE_ENGINE: 'gemini', GEMINI_API_KEY: 'test-key-123', GEMINI_API_URL: baseUrl }), {
      upright: createSharpUprightImages(),
    }).nano!;

  it('receives an Orientation=6 JPEG and PNG upright: sides swapped, no tag, corners in place; upright images byte for byte', async () => {
    reply = json(200, successBody());
    await nano().edit({
      operation: { op: 'edit', prompt: 'make it a watercolour' },
      style: 'artistic',
      images: [
        { bytes: await phonePhoto('jpeg'), contentType: 'image/jpeg' },
        { bytes: await phonePhoto('png'), contentType: 'image/png' },
        { bytes: sourcePng, contentType: 'image/png' },
      ],
      seed: 3,
      model: 'nano',
    });
    const [, jpeg, png, plain] = received[0]!.body.contents[0]!.parts;
    expect([jpeg!.inline_data!.mime_type, png!.inline_data!.mime_type]).toEqual(['image/jpeg', 'image/png']);
    await expectUpright(Buffer.from(jpeg!.inline_data!.data, 'base64'));
    await expectUpright(Buffer.from(png!.inline_data!.data, 'base64'));
    expect(plain).toEqual({ inline_data: { mime_type: 'image/png', data: Buffer.from(sourcePng).toString('base64') } });
  });
});

describe('Gemini engine: failures', () => {
  const cases: { name: string; status: number; body: unknown; category: string; retryable: boolean; contains?: string }[] = [
    {
      name: 'prompt blocked (promptFeedback.blockReason PROHIBITED_CONTENT, no candidates)',
      status: 200,
      body: {
        promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
        usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 },
        modelVersion: 'gemini-2.5-flash-image',
        responseId: 'x1',
      },
      category: 'safety_policy',
      retryable: false,
      contains: 'PROHIBITED_CONTENT',
    },
    {
      name: 'prompt blocked (blockReason OTHER)',
      status: 200,
      body: { promptFeedback: { blockReason: 'OTHER' }, modelVersion: 'gemini-2.5-flash-image' },
      category: 'safety_policy',
      retryable: false,
    },
    {
      name: 'image filtered (finishReason IMAGE_SAFETY, no content)',
      status: 200,
      body: {
        candidates: [{ finishReason: 'IMAGE_SAFETY', index: 0 }],
        usageMetadata,
        modelVersion: 'gemini-2.5-flash-image',
        responseId: 'x2',
      },
      category: 'safety_policy',
      retryable: false,
      contains: 'IMAGE_SAFETY',
    },
    {
      name: 'finishReason SAFETY',
      status: 200,
      body: { candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'SAFETY', index: 0 }] },
      category: 'safety_policy',
      retryable: false,
    },
    {
      name: 'finishReason RECITATION',
      status: 200,
      body: { candidates: [{ finishReason: 'RECITATION', index: 0 }] },
      category: 'recitation',
      retryable: false,
    },
    {
      name: 'text only, no image part',
      status: 200,
      body: {
        candidates: [
          {
            content: { parts: [{ text: 'I can describe a lighthouse, but I could not draw one this time.' }], role: 'model' },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata,
        modelVersion: 'gemini-2.5-flash-image',
      },
      category: 'no_image',
      retryable: false,
      contains: 'STOP',
    },
    {
      name: '429 RESOURCE_EXHAUSTED with quota details',
      status: 429,
      body: {
        error: {
          code: 429,
          message:
            'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
          status: 'RESOURCE_EXHAUSTED',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
              violations: [
                {
                  quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
                  quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
                  quotaValue: '10',
                },
              ],
            },
            { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '37s' },
          ],
        },
      },
      category: 'rate_limit',
      retryable: true,
      contains: 'You exceeded your current quota',
    },
    {
      name: '400 INVALID_ARGUMENT',
      status: 400,
      body: { error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' } },
      category: 'invalid_input',
      retryable: false,
    },
    {
      name: '400 API_KEY_INVALID (an auth failure dressed as 400)',
      status: 400,
      body: {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'API_KEY_INVALID',
              domain: 'googleapis.com',
              metadata: { service: 'generativelanguage.googleapis.com' },
            },
          ],
        },
      },
      category: 'auth_error',
      retryable: false,
    },
    {
      name: '403 PERMISSION_DENIED',
      status: 403,
      body: {
        error: {
          code: 403,
          message:
            "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
          status: 'PERMISSION_DENIED',
        },
      },
      category: 'auth_error',
      retryable: false,
      contains: '403',
    },
    {
      name: '503 UNAVAILABLE (overloaded)',
      status: 503,
      body: { error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } },
      category: 'server_error',
      retryable: true,
      contains: 'overloaded',
    },
    {
      name: '500 INTERNAL',
      status: 500,
      body: {
        error: {
          code: 500,
          message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
          status: 'INTERNAL',
        },
      },
      category: 'server_error',
      retryable: true,
    },
    {
      name: '504 DEADLINE_EXCEEDED',
      status: 504,
      body: { error: { code: 504, message: 'Deadline expired before operation could complete.', status: 'DEADLINE_EXCEEDED' } },
      category: 'timeout',
      retryable: true,
    },
    {
      name: '404 NOT_FOUND model',
      status: 404,
      body: {
        error: {
          code: 404,
          message: 'models/gemini-9-image is not found for API version v1beta, or is not supported for generateContent.',
          status: 'NOT_FOUND',
        },
      },
      category: 'not_found',
      retryable: false,
    },
  ];

  for (const c of cases) {
    it(`${c.name} → ${c.category}, retryable ${c.retryable}`, async () => {
      reply = json(c.status, c.body);
      const error = await failure(engine().textToImage(t2i()));
      expect(classifyError(error.message)).toBe(c.category);
      expect(error.retryable).toBe(c.retryable);
      if (c.contains) expect(error.message).toContain(c.contains);
    });
  }

  it('a proxy HTML 502 page is a retryable server error without the HTML in the message', async () => {
    reply = (res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    };
    const error = await failure(engine().textToImage(t2i()));
    expect(error.retryable).toBe(true);
    expect(classifyError(error.message)).toBe('server_error');
    expect(error.message).not.toContain('<html>');
  });

  it('a 200 with a non-JSON body is a retryable server error', async () => {
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"candidates": [');
    };
    const error = await failure(engine().textToImage(t2i()));
    expect(error.retryable).toBe(true);
    expect(classifyError(error.message)).toBe('server_error');
  });

  it('aborts after timeoutMs and reports a retryable timeout', async () => {
    reply = () => {}; // never answers
    const started = Date.now();
    const error = await failure(engine({ timeoutMs: 150 }).textToImage(t2i()));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.retryable).toBe(true);
    expect(classifyError(error.message)).toBe('timeout');
    expect(received).toHaveLength(1);
  });

  it('a refused connection is a retryable network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(createGeminiEngine({ apiKey: 'k', baseUrl: `http://127.0.0.1:${port}`, model: 'm' }).textToImage(t2i()));
    expect(error.retryable).toBe(true);
    expect(classifyError(error.message)).toBe('network_error');
  });
});

describe('nearestAspectRatio', () => {
  it('maps sizes onto the supported ratios', () => {
    expect(nearestAspectRatio(1024, 1024)).toBe('1:1');
    expect(nearestAspectRatio(1536, 672)).toBe('21:9');
    expect(nearestAspectRatio(768, 1344)).toBe('9:16');
    expect(nearestAspectRatio(512, 512)).toBe('1:1');
    expect(nearestAspectRatio(1000, 760)).toBe('4:3');
    expect(nearestAspectRatio(2048, 256)).toBe('21:9');
  });

  it('maps every spec §3 pixel size onto its own nominal ratio', () => {
    expect(SIZES.map((s) => nearestAspectRatio(s.width, s.height))).toEqual(SIZES.map((s) => s.ratio));
  });
});
