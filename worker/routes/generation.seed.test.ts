import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';

/**
 * The seed is kept. On the default offline engine, the same prompt, style, size and seed through the
 * API give the same pixels, and the status says which seed ran. (The files differ in their signed
 * Content Credentials, which name each output; decision 032.)
 */
let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  ({ token } = await t.signIn('seeds@example.com'));
});
afterEach(() => t.close());

async function render(json: Record<string, unknown>) {
  const started = await (await t.request('/api/generate-image', { method: 'POST', token, json })).json();
  await t.drainJobs();
  const done = await (await t.request(`/api/generate-image/status/${started.id}`, { token })).json();
  expect(done).toMatchObject({ status: 'COMPLETED' });
  const file = await t.request(done.imageUrl);
  expect(file.headers.get('content-type')).toBe('image/png');
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { started, done, bytes, pixels: await sharp(bytes).raw().toBuffer() };
}

describe('generation seed', () => {
  it('returns the seed, and the same seed gives the same pixels', async () => {
    const request = { prompt: 'a red fox in a meadow', style: 'cartoon', width: 256, height: 256, model: 'nano' };
    const first = await render({ ...request, seed: 42 });
    const again = await render({ ...request, seed: 42 });
    expect(first.started.seed).toBe(42);
    expect(again.done.seed).toBe(42);
    expect(first.bytes.length).toBeGreaterThan(1000);
    expect(again.pixels.equals(first.pixels)).toBe(true);

    const other = await render({ ...request, seed: 43 });
    expect(other.pixels.equals(first.pixels)).toBe(false);

    // No seed sent: the server picks one and says which, so a regenerate can ask for the same picture.
    const chosen = await render(request);
    expect(chosen.done.seed).toEqual(expect.any(Number));
    const repeat = await render({ ...request, seed: chosen.done.seed });
    expect(repeat.pixels.equals(chosen.pixels)).toBe(true);
  }, 60_000);
});
