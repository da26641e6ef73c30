import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { createImageEngines } from '../adapters/images/engines';
import type { ImageEngine } from '../adapters/images/port';
import { PREFLIGHTS_PER_USER } from '../services/generation/preflight';

/**
 * `POST /api/generate-image/preflight`: before Start, the options the engine will ignore for a
 * prompt — the answer the job's status gives afterwards (generation.options.test.ts, "honours the
 * options on the offline engine"), given before anything is drawn or debited.
 */
let t: TestApp;
afterEach(() => t?.close());

describe('text-to-image preflight', () => {
  it('says before Start that a negative prompt naming nothing this scene holds will be ignored, and which words', async () => {
    t = await createTestApp();
    const { token } = await t.signIn('preflight@example.com');
    const ask = async (json: Record<string, unknown>) => {
      const response = await t.request('/api/generate-image/preflight', { method: 'POST', token, json });
      expect(response.status).toBe(200);
      return response.json();
    };
    const fox = { prompt: 'a red fox in a meadow', style: 'cartoon', width: 256, height: 256, seed: 5 };
    expect(await ask({ ...fox, negativePrompt: 'low quality, jpeg artifacts' })).toEqual({
      success: true,
      ignoredOptions: ['negativePrompt'],
      unusedTerms: [
        { term: 'low quality', reason: 'unknown' },
        { term: 'jpeg artifacts', reason: 'unknown' },
      ],
    });
    expect(await ask({ ...fox, negativePrompt: 'submarine' })).toMatchObject({ ignoredOptions: ['negativePrompt'] });
    // Known to the engine, but this picture holds no dog.
    expect(await ask({ ...fox, negativePrompt: 'dog' })).toMatchObject({
      ignoredOptions: ['negativePrompt'],
      unusedTerms: [{ term: 'dog', reason: 'absent' }],
    });
    // A fox and a dog: leaving the dog out changes the picture.
    expect(await ask({ ...fox, prompt: 'a fox and a dog in a meadow', negativePrompt: 'dog' })).toEqual({
      success: true,
      ignoredOptions: [],
      unusedTerms: [],
    });
    expect(await ask({ ...fox, prompt: '草地上的狐狸和狗', negativePrompt: '狗' })).toMatchObject({ ignoredOptions: [] });
    expect(await ask({ ...fox, prompt: '草地上的狐狸', negativePrompt: '潛水艇' })).toMatchObject({ ignoredOptions: ['negativePrompt'] });
    // The job says the same afterwards.
    for (const json of [
      { ...fox, negativePrompt: 'submarine' },
      { ...fox, prompt: 'a fox and a dog in a meadow', negativePrompt: 'dog' },
    ]) {
      const before = await ask(json);
      const started = await (await t.request('/api/generate-image', { method: 'POST', token, json })).json();
      await t.drainJobs();
      const done = await (await t.request(`/api/generate-image/status/${started.id}`, { token })).json();
      expect(done.status).toBe('COMPLETED');
      expect(done.ignoredOptions.includes('negativePrompt')).toBe(before.ignoredOptions.includes('negativePrompt'));
    }
    // No negative prompt, nothing to ignore; no seed: the answer holds for the seeds the job may pick.
    expect(await ask(fox)).toEqual({ success: true, ignoredOptions: [], unusedTerms: [] });
    const { seed: _seed, ...anySeed } = fox;
    expect(await ask({ ...anySeed, negativePrompt: 'low quality' })).toMatchObject({ ignoredOptions: ['negativePrompt'] });
  }, 60_000);

  it('validates and bounds the body like the generate route, and answers signed-out visitors too', async () => {
    t = await createTestApp();
    const { token } = await t.signIn('preflight-bounds@example.com');
    const post = (json: Record<string, unknown>, withToken = true) =>
      t.request('/api/generate-image/preflight', { method: 'POST', ...(withToken ? { token } : {}), json });
    // Public: a signed-out visitor types in the workbench too.
    expect((await post({ prompt: 'a fox', negativePrompt: 'dog' }, false)).status).toBe(200);
    expect((await post({ prompt: '' })).status).toBe(400);
    expect((await post({ prompt: 'a fox', negativePrompt: 'x'.repeat(2001) })).status).toBe(400);
    expect((await post({ prompt: 'x'.repeat(5001) })).status).toBe(400);
    expect((await post({ prompt: 'a fox', width: 100 })).status).toBe(400);
    expect((await post({ prompt: 'a fox', seed: -1 })).status).toBe(400);
  });

  it('answers for a provider engine that reads the negative prompt itself: nothing ignored', async () => {
    const provider: ImageEngine = {
      name: 'provider',
      options: { textToImage: ['negativePrompt', 'seed'], edit: ['negativePrompt', 'seed'] },
      preflight: async () => ({ ignoredOptions: [], unusedTerms: [] }),
      textToImage: async () => {
        throw new Error('not drawn by a preflight');
      },
      edit: async () => {
        throw new Error('not drawn by a preflight');
      },
    };
    const blind: ImageEngine = { ...provider, name: 'blind', options: { textToImage: ['seed'], edit: ['seed'] } };
    t = await createTestApp({ images: createImageEngines({ nano: provider, gemini: blind }) });
    const { token } = await t.signIn('preflight-provider@example.com');
    const ask = async (json: Record<string, unknown>) =>
      (await t.request('/api/generate-image/preflight', { method: 'POST', token, json })).json();
    expect(await ask({ prompt: 'a fox', negativePrompt: 'low quality' })).toEqual({ success: true, ignoredOptions: [], unusedTerms: [] });
    // An engine whose capability table lacks the negative prompt ignores it whatever it says.
    expect(await ask({ prompt: 'a fox', negativePrompt: 'low quality', model: 'gemini' })).toMatchObject({
      ignoredOptions: ['negativePrompt'],
    });
  });

  it('is rate-limited per user', async () => {
    t = await createTestApp();
    const { token } = await t.signIn('preflight-limit@example.com');
    const post = () => t.request('/api/generate-image/preflight', { method: 'POST', token, json: { prompt: 'a fox' } });
    for (let i = 0; i < PREFLIGHTS_PER_USER.limit; i++) expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
  }, 60_000);
});
