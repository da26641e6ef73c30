/**
 * Every output the product writes says it was made by AI, machine-readably: a C2PA manifest signed
 * with the configured key (read back and validated by the Content Authenticity Initiative's own
 * reader) and XMP with the IPTC digital source type. A user's upload keeps none of it.
 */
import { WasmReader } from '@contentauth/c2pa-wasm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDevSigningPems, type DevSigningPems } from '@scripts/lib/dev-signing-credentials';
import { DIGITAL_SOURCE_TYPES } from '@worker/lib/images/xmp';
import { pngFile } from '../fixtures/images';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let pems: DevSigningPems;
let token: string;
beforeAll(async () => {
  pems = await generateDevSigningPems();
  t = await createTestApp({ env: { C2PA_SIGNING_KEY: pems.privateKeyPem, C2PA_CERTIFICATE_CHAIN: pems.chainPem } });
  ({ token } = await t.signIn('provenance@example.com'));
});
afterAll(() => t.close());

async function resultOf(statusPath: string): Promise<Uint8Array> {
  await t.drainJobs();
  const status = await (await t.request(statusPath, { token })).json();
  expect(status.status).toBe('COMPLETED');
  return new Uint8Array(await (await t.request(status.imageUrl)).arrayBuffer());
}

async function credentialsOf(bytes: Uint8Array) {
  const settings = JSON.stringify({ trust: { user_anchors: pems.rootPem }, verify: { verify_trust: true } });
  const store = JSON.parse((await WasmReader.fromBytes('image/png', bytes, settings)).json());
  const manifest = store.manifests[store.active_manifest];
  const actions = manifest.assertions.find((a: { label: string }) => a.label.startsWith('c2pa.actions')).data.actions;
  return { state: store.validation_state as string, actions, ingredients: (manifest.ingredients ?? []) as { relationship: string }[] };
}

const xmpOf = async (bytes: Uint8Array) => (await sharp(bytes).metadata()).xmp?.toString() ?? '';

const edit = (fields: Record<string, string>, file: File) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('images', file);
  return t.request('/api/generate-image/edit', { method: 'POST', token, body: form });
};

describe('provenance on outputs', () => {
  it('a generated picture: c2pa.created as trained algorithmic media, trusted under the configured root', async () => {
    const started = await (await t.request('/api/generate-image', { method: 'POST', token, json: { prompt: 'a red fox in snow' } })).json();
    const bytes = await resultOf(`/api/generate-image/status/${started.id}`);
    const credentials = await credentialsOf(bytes);
    expect(credentials.state).toBe('Trusted');
    expect(credentials.actions).toEqual([
      expect.objectContaining({ action: 'c2pa.created', digitalSourceType: DIGITAL_SOURCE_TYPES.generated }),
    ]);
    expect(credentials.ingredients).toEqual([]);
    expect(await xmpOf(bytes)).toContain(DIGITAL_SOURCE_TYPES.generated);
  });

  it('a photo tool: opened from the user photo (its ingredient), edited as composite media', async () => {
    const started = await (await edit({ toolId: 'pop-art-portrait' }, await pngFile('me.png', 96, 96))).json();
    const credentials = await credentialsOf(await resultOf(`/api/generate-image/status/${started.id}`));
    expect(credentials.state).toBe('Trusted');
    expect(credentials.ingredients).toEqual([expect.objectContaining({ relationship: 'parentOf' })]);
    expect(credentials.actions.map((a: { action: string }) => a.action)).toEqual(['c2pa.opened', 'c2pa.edited']);
    expect(credentials.actions[1].digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.edited);
  });

  it('an upscale carries the same edit credentials', async () => {
    const form = new FormData();
    form.append('image', await pngFile('small.png', 48, 40));
    form.append('scaleFactor', '2');
    const started = await (await t.request('/api/image-upscale/upload', { method: 'POST', token, body: form })).json();
    const bytes = await resultOf(`/api/image-upscale/status/${started.id}`);
    const credentials = await credentialsOf(bytes);
    expect(credentials.state).toBe('Trusted');
    expect(credentials.actions.at(-1)).toMatchObject({ action: 'c2pa.edited', digitalSourceType: DIGITAL_SOURCE_TYPES.edited });
    expect(await xmpOf(bytes)).toContain(DIGITAL_SOURCE_TYPES.edited);
  });

  it('uploading a marked result again stores it without our manifest or XMP', async () => {
    const started = await (
      await t.request('/api/generate-image', { method: 'POST', token, json: { prompt: 'a lighthouse at dusk' } })
    ).json();
    const marked = await resultOf(`/api/generate-image/status/${started.id}`);
    const form = new FormData();
    form.append('image', new File([marked as Uint8Array<ArrayBuffer>], 'again.png', { type: 'image/png' }));
    const res = await t.request('/api/upload/image', { method: 'POST', token, body: form });
    const uploaded = await res.json();
    expect(res.status, JSON.stringify(uploaded)).toBe(200);
    const file = await t.request(uploaded.url, { token });
    expect(file.status).toBe(200);
    const stored = new Uint8Array(await file.arrayBuffer());
    expect(Buffer.from(stored).includes('caBX')).toBe(false);
    expect(await xmpOf(stored)).toBe('');
    await expect(WasmReader.fromBytes('image/png', stored)).rejects.toBeDefined();
  });
});
