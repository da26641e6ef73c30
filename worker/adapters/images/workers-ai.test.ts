import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifyError } from '../../contract/generation';
import { EngineError, type EditInput, type TextToImageInput } from './port';
import { bytesToBase64 } from '../../lib/bytes';
import { TEST_ENV } from '@tests/setup/test-app';
import { loadConfig } from '../../env';
import { providerEngines } from './provider-engines';
import { createSharpUprightImages } from './upright-sharp';
import { expectUpright, phonePhoto } from './upright.test-support';
import { createWorkersAiEngine, DEFAULT_EDIT_MODEL, DEFAULT_TEXT_MODEL, engineErrorFromAi, type AiBindingLike } from './workers-ai';

/**
 * A fake `env.AI` binding replaying the shapes Workers AI returns: FLUX answers `{ image: base64 }`
 * (JPEG), img2img answers a ReadableStream of PNG bytes, failures are thrown as the binding's
 * `InferenceUpstreamError` ("<code>: <description>").
 */

let jpeg: Uint8Array;
let png: Uint8Array;
let sourcePng: Uint8Array;

beforeAll(async () => {
  jpeg = new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer(),
  );
  png = new Uint8Array(
    await sharp({ create: { width: 5, height: 5, channels: 3, background: '#abcdef' } })
      .png()
      .toBuffer(),
  );
  sourcePng = new Uint8Array(
    await sharp({ create: { width: 3, height: 2, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer(),
  );
});

/** How the binding builds its errors (workerd src/cloudflare/internal/ai-api.ts). */
class InferenceUpstreamError extends Error {
  constructor(message: string, name = 'InferenceUpstreamError') {
    super(message);
    this.name = name;
  }
}

function fakeAi(answer: (model: string, inputs: Record<string, unknown>) => unknown) {
  const calls: { model: string; inputs: Record<string, unknown> }[] = [];
  const ai: AiBindingLike = {
    async run(model, inputs) {
      calls.push({ model, inputs });
      return answer(model, inputs);
    },
  };
  return { ai, calls };
}

function streamOf(bytes: Uint8Array, pieces = 3): ReadableStream<Uint8Array> {
  const size = Math.ceil(bytes.length / pieces);
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

const t2i = ({
  prompt = 'A fox in the snow',
  negativePrompt,
  ...overrides
}: Partial<TextToImageInput> & { prompt?: string; negativePrompt?: string } = {}): TextToImageInput => ({
  operation: { op: 'text-to-image', prompt, negativePrompt },
  style: 'anime',
  width: 1024,
  height: 1024,
  seed: 1234,
  model: 'nano',
  ...overrides,
});

const editInput = (overrides: Partial<EditInput> = {}): EditInput => ({
  operation: { op: 'edit', prompt: 'turn it into a watercolor' },
  style: 'artistic',
  images: [
    { bytes: sourcePng, contentType: 'image/png' },
    { bytes: new Uint8Array([1, 2, 3]), contentType: 'image/png' },
  ],
  seed: 99,
  model: 'nano',
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('Workers AI engine: text-to-image (FLUX schnell)', () => {
  it('runs flux with prompt, steps ≤ 8 and seed, and decodes the base64 JPEG', async () => {
    const { ai, calls } = fakeAi(() => ({ image: bytesToBase64(jpeg) }));
    const image = await createWorkersAiEngine({ ai }).textToImage(t2i({ negativePrompt: 'blurry' }));

    expect(image.contentType).toBe('image/jpeg');
    expect(Array.from(image.bytes)).toEqual(Array.from(jpeg));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.model).toBe(DEFAULT_TEXT_MODEL);
    expect(calls[0]!.model).toBe('@cf/black-forest-labs/flux-1-schnell');
    expect(Object.keys(calls[0]!.inputs).sort()).toEqual(['prompt', 'seed', 'steps']);
    expect(calls[0]!.inputs.seed).toBe(1234);
    expect(calls[0]!.inputs.steps).toBe(4);
    const prompt = calls[0]!.inputs.prompt as string;
    expect(prompt.startsWith('A fox in the snow\n')).toBe(true);
    expect(prompt).toContain('anime style');
    expect(prompt).toContain('Avoid: blurry.');
  });

  it('keeps the prompt within 2048 characters by cutting the user text, not the guidance', async () => {
    const { ai, calls } = fakeAi(() => ({ image: bytesToBase64(jpeg) }));
    await createWorkersAiEngine({ ai }).textToImage(t2i({ prompt: 'x'.repeat(5000), negativePrompt: 'fog' }));
    const prompt = calls[0]!.inputs.prompt as string;
    expect(prompt.length).toBe(2048);
    expect(prompt.endsWith('Avoid: fog.')).toBe(true);
  });

  it('uses size, negative prompt and num_steps for a Stable Diffusion text model, reading its byte stream', async () => {
    const { ai, calls } = fakeAi(() => streamOf(png));
    const image = await createWorkersAiEngine({ ai, textModel: '@cf/stabilityai/stable-diffusion-xl-base-1.0' }).textToImage(
      t2i({ width: 1344, height: 768, negativePrompt: 'people' }),
    );
    expect(image.contentType).toBe('image/png');
    expect(Array.from(image.bytes)).toEqual(Array.from(png));
    expect(calls[0]!.model).toBe('@cf/stabilityai/stable-diffusion-xl-base-1.0');
    expect(calls[0]!.inputs).toMatchObject({
      negative_prompt: 'people',
      width: 1344,
      height: 768,
      num_steps: 20,
      guidance: 7.5,
      seed: 1234,
    });
  });

  it('an empty or non-image result is "no image returned" (not retryable)', async () => {
    for (const result of [{ image: '' }, {}, null, new Uint8Array(0), { image: bytesToBase64(new TextEncoder().encode('hello')) }]) {
      const { ai } = fakeAi(() => result);
      const error = await failure(createWorkersAiEngine({ ai }).textToImage(t2i()));
      expect(classifyError(error.message)).toBe('no_image');
      expect(error.retryable).toBe(false);
    }
  });
});

describe('Workers AI engine: edit (img2img)', () => {
  it('sends the first image as a byte array with strength, steps ≤ 20 and guidance; returns the streamed PNG', async () => {
    const { ai, calls } = fakeAi(() => streamOf(png));
    const image = await createWorkersAiEngine({ ai }).edit(editInput({ width: 768, height: 512 }));

    expect(image.contentType).toBe('image/png');
    expect(Array.from(image.bytes)).toEqual(Array.from(png));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.model).toBe(DEFAULT_EDIT_MODEL);
    expect(calls[0]!.model).toBe('@cf/runwayml/stable-diffusion-v1-5-img2img');
    const inputs = calls[0]!.inputs;
    expect(inputs.image).toEqual(Array.from(sourcePng));
    expect(inputs).toMatchObject({ strength: 0.7, num_steps: 20, guidance: 7.5, width: 768, height: 512, seed: 99 });
    expect(typeof inputs.negative_prompt).toBe('string');
    expect(inputs.prompt as string).toContain('turn it into a watercolor');
    expect(inputs.prompt as string).toContain('painterly');
  });

  it('maps the advanced options: strength, steps capped at the model maximum, guidance and the negative prompt', async () => {
    const { ai, calls } = fakeAi(() => streamOf(png));
    await createWorkersAiEngine({ ai }).edit({
      ...editInput(),
      tuning: { strength: 0.35, steps: 50, cfgScale: 11, negativePrompt: 'text, frames' },
    });
    expect(calls[0]!.inputs).toMatchObject({ strength: 0.35, num_steps: 20, guidance: 11, negative_prompt: 'text, frames' });

    const flux = fakeAi(() => ({ image: bytesToBase64(jpeg) }));
    await createWorkersAiEngine({ ai: flux.ai }).textToImage({ ...t2i(), tuning: { steps: 6, cfgScale: 12 } });
    // FLUX takes steps (≤ 8) but no guidance: the engine says so in its options.
    expect(flux.calls[0]!.inputs).toMatchObject({ steps: 6 });
    expect(createWorkersAiEngine({ ai: flux.ai }).options?.textToImage).not.toContain('cfgScale');
    const sd = fakeAi(() => streamOf(png));
    await createWorkersAiEngine({ ai: sd.ai, textModel: '@cf/stabilityai/stable-diffusion-xl-base-1.0' }).textToImage({
      ...t2i(),
      tuning: { steps: 12, cfgScale: 9 },
    });
    expect(sd.calls[0]!.inputs).toMatchObject({ num_steps: 12, guidance: 9 });
  });

  it('omits width/height when the edit has no size, and accepts a Uint8Array result', async () => {
    const { ai, calls } = fakeAi(() => png);
    const image = await createWorkersAiEngine({ ai, editModel: '@cf/custom/img2img' }).edit(editInput());
    expect(image.contentType).toBe('image/png');
    expect(calls[0]!.model).toBe('@cf/custom/img2img');
    expect('width' in calls[0]!.inputs).toBe(false);
    expect('height' in calls[0]!.inputs).toBe(false);
  });

  it('refuses an edit without images without calling the binding', async () => {
    const { ai, calls } = fakeAi(() => png);
    const error = await failure(createWorkersAiEngine({ ai }).edit(editInput({ images: [] })));
    expect(classifyError(error.message)).toBe('invalid_input');
    expect(error.retryable).toBe(false);
    expect(calls).toHaveLength(0);
  });
});

describe('Workers AI engine: portrait phone photos', () => {
  // Built as production builds it (providerEngines), with the Node upright port; Workers use the Images binding (upright.test.ts).
  const nano = (ai: AiBindingLike) =>
    providerEngines(loadConfig({ ...TEST_ENV, IMAGE_ENGINE: 'workers-ai' }), { ai, upright: createSharpUprightImages() }).nano!;

  it.each(['jpeg', 'png'] as const)(
    'img2img receives an Orientation=6 %s upright: sides swapped, no tag, corners in place',
    async (format) => {
      const { ai, calls } = fakeAi(() => png);
      await nano(ai).edit(editInput({ images: [{ bytes: await phonePhoto(format), contentType: `image/${format}` }] }));
      expect(calls).toHaveLength(1);
      await expectUpright(new Uint8Array(calls[0]!.inputs.image as number[]));
    },
  );

  it('an upright source goes byte for byte', async () => {
    const { ai, calls } = fakeAi(() => png);
    await nano(ai).edit(editInput());
    expect(calls[0]!.inputs.image).toEqual(Array.from(sourcePng));
  });
});

describe('Workers AI engine: thrown errors', () => {
  const cases: { thrown: Error; category: string; retryable: boolean }[] = [
    {
      thrown: new InferenceUpstreamError('3040: Capacity temporarily exceeded, please try again.', 'AiError'),
      category: 'rate_limit',
      retryable: true,
    },
    { thrown: new InferenceUpstreamError('3040: No more data centers to forward the request to'), category: 'rate_limit', retryable: true },
    { thrown: new Error('AiError: Too many requests (429)'), category: 'rate_limit', retryable: true },
    {
      thrown: new InferenceUpstreamError(
        "3036: You have used up your daily free allocation of 10,000 neurons. Please upgrade to Cloudflare's Workers Paid plan if you would like to continue usage.",
      ),
      category: 'rate_limit',
      retryable: false,
    },
    {
      thrown: new InferenceUpstreamError('5016: Input prompt contains NSFW content.', 'AiError'),
      category: 'safety_policy',
      retryable: false,
    },
    { thrown: new InferenceUpstreamError('3030: Output image flagged as NSFW'), category: 'safety_policy', retryable: false },
    { thrown: new InferenceUpstreamError('5016: User has not agreed to Llama3.2 model terms'), category: 'auth_error', retryable: false },
    { thrown: new InferenceUpstreamError('3023: Service unavailable for account'), category: 'auth_error', retryable: false },
    { thrown: new InferenceUpstreamError('3007: Request timeout'), category: 'timeout', retryable: true },
    { thrown: new InferenceUpstreamError('3006: Request is too large'), category: 'invalid_input', retryable: false },
    { thrown: new InferenceUpstreamError('5004: Invalid data type for base64 input: number'), category: 'invalid_input', retryable: false },
    { thrown: new InferenceUpstreamError('5007: No such model @cf/nope/model or task'), category: 'server_error', retryable: false },
    { thrown: new InferenceUpstreamError('AiError: Internal server error', 'AiError'), category: 'server_error', retryable: true },
    { thrown: new InferenceUpstreamError('<html>upstream connect error</html>'), category: 'server_error', retryable: true },
  ];

  for (const c of cases) {
    it(`"${c.thrown.message.slice(0, 60)}" → ${c.category}, retryable ${c.retryable}`, async () => {
      const { ai } = fakeAi(() => {
        throw c.thrown;
      });
      const error = await failure(createWorkersAiEngine({ ai }).textToImage(t2i()));
      expect(classifyError(error.message)).toBe(c.category);
      expect(error.retryable).toBe(c.retryable);
    });
  }

  it('maps errors on the edit path too, and keeps the provider text when it does not change the category', async () => {
    const { ai } = fakeAi(() => {
      throw new InferenceUpstreamError('3040: Capacity temporarily exceeded, please try again.', 'AiError');
    });
    const error = await failure(createWorkersAiEngine({ ai }).edit(editInput()));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe(
      'rate limit: Workers AI capacity temporarily exceeded: 3040: Capacity temporarily exceeded, please try again.',
    );
  });

  it('maps a non-Error throw', () => {
    const error = engineErrorFromAi('3040: Capacity temporarily exceeded');
    expect(error.retryable).toBe(true);
    expect(classifyError(error.message)).toBe('rate_limit');
  });
});
