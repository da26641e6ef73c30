import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WasmReader } from '@contentauth/c2pa-wasm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDevSigningPems, type DevSigningPems } from '@scripts/lib/dev-signing-credentials';
import { DIGITAL_SOURCE_TYPES } from '../../lib/images/xmp';
import { createC2paProvenance, GENERATOR, xmpOnlyProvenance } from './c2pa';
import { createEngineService } from '../../engine/service';
import { credentialsFromPem } from './credentials';
import { createEngineServiceProvenance, withXmpFallback } from './engine-service';
import type { Provenance } from './port';

const wasmPath = createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm');
const photo = readFileSync(new URL('../../../tests/fixtures/photos/astronaut.png', import.meta.url));

let pems: DevSigningPems;
let provenance: Provenance;
beforeAll(async () => {
  pems = await generateDevSigningPems();
  provenance = createC2paProvenance({
    credentials: await credentialsFromPem(pems.privateKeyPem, pems.chainPem),
    wasm: async () => readFileSync(wasmPath),
  });
});

/** The manifest store as c2pa-rs's reader sees it, trusting the development root (as a verifier told about it would). */
async function readManifest(bytes: Uint8Array, format: string, trust = pems.rootPem) {
  const settings = JSON.stringify({ trust: { user_anchors: trust }, verify: { verify_trust: true } });
  const store = JSON.parse((await WasmReader.fromBytes(format, bytes, settings)).json());
  return { store, manifest: store.manifests[store.active_manifest] };
}

const actionsOf = (manifest: { assertions: { label: string; data: { actions: Record<string, unknown>[] } }[] }) =>
  manifest.assertions.find((a) => a.label.startsWith('c2pa.actions'))!.data.actions;

async function pixels(bytes: Uint8Array) {
  return sharp(bytes).raw().toBuffer();
}

describe('C2PA provenance', () => {
  it('signs a generated PNG: created by AI, valid and trusted under its root, pixels untouched', async () => {
    const small = await sharp(photo).resize(96).png().toBuffer();
    const marked = await provenance.mark({ bytes: small, contentType: 'image/png' }, { origin: 'generated', agent: 'offline engine' });
    const { store, manifest } = await readManifest(marked, 'image/png');
    expect(store.validation_state).toBe('Trusted');
    expect(manifest.claim_generator_info[0].name).toBe(GENERATOR.name);
    expect(actionsOf(manifest)).toEqual([
      expect.objectContaining({
        action: 'c2pa.created',
        digitalSourceType: DIGITAL_SOURCE_TYPES.generated,
        softwareAgent: { name: 'offline engine' },
      }),
    ]);
    expect(manifest.ingredients ?? []).toEqual([]);
    expect(Buffer.compare(await pixels(marked), await pixels(small))).toBe(0);
    expect((await sharp(marked).metadata()).xmp?.toString()).toContain(`Iptc4xmpExt:DigitalSourceType="${DIGITAL_SOURCE_TYPES.generated}"`);
  });

  it('signs an edited JPEG with its source as the parent ingredient', async () => {
    const source = await sharp(photo).resize(80).png().toBuffer();
    const edited = await sharp(photo).resize(80).modulate({ saturation: 2 }).jpeg().toBuffer();
    const marked = await provenance.mark(
      { bytes: edited, contentType: 'image/jpeg' },
      { origin: 'edited', agent: 'pop art', source: { bytes: source, contentType: 'image/png' } },
    );
    const { store, manifest } = await readManifest(marked, 'image/jpeg');
    expect(store.validation_state).toBe('Trusted');
    expect(manifest.ingredients).toEqual([expect.objectContaining({ title: 'source image', relationship: 'parentOf' })]);
    const [opened, editedAction] = actionsOf(manifest);
    expect(opened).toMatchObject({ action: 'c2pa.opened' });
    expect((opened!.parameters as { ingredients: { url: string }[] }).ingredients[0]!.url).toContain('c2pa.ingredient');
    expect(editedAction).toMatchObject({ action: 'c2pa.edited', digitalSourceType: DIGITAL_SOURCE_TYPES.edited });
    expect((await sharp(marked).metadata()).xmp?.toString()).toContain(DIGITAL_SOURCE_TYPES.edited);
  });

  it('a changed pixel or another root breaks the credentials', async () => {
    const small = await sharp(photo).resize(64).png({ compressionLevel: 0 }).toBuffer();
    const marked = await provenance.mark({ bytes: small, contentType: 'image/png' }, { origin: 'generated', agent: 'offline engine' });
    const tampered = Uint8Array.from(marked);
    const idat = Buffer.from(tampered).indexOf('IDAT');
    tampered[idat + 200] = tampered[idat + 200]! ^ 0xff;
    expect((await readManifest(tampered, 'image/png')).store.validation_state).toBe('Invalid');
    const stranger = await generateDevSigningPems();
    expect((await readManifest(marked, 'image/png', stranger.rootPem)).store.validation_state).toBe('Valid');
  });

  it('without credentials still writes the XMP mark', async () => {
    const small = await sharp(photo).resize(48).png().toBuffer();
    const marked = await xmpOnlyProvenance.mark({ bytes: small, contentType: 'image/png' }, { origin: 'edited', agent: 'sketch' });
    expect((await sharp(marked).metadata()).xmp?.toString()).toContain(DIGITAL_SOURCE_TYPES.edited);
  });

  // exiftool is what the EU's guidance and most newsrooms use to read the mark; CI installs it.
  it.runIf(existsSync('/usr/bin/exiftool') || process.env.CI)('exiftool reads the IPTC digital source type', async () => {
    const small = await sharp(photo).resize(48).jpeg().toBuffer();
    const marked = await provenance.mark({ bytes: small, contentType: 'image/jpeg' }, { origin: 'generated', agent: 'gemini' });
    const file = join(mkdtempSync(join(tmpdir(), 'xmp-')), 'marked.jpg');
    writeFileSync(file, marked);
    const out = execFileSync('exiftool', ['-s3', '-XMP-iptcExt:DigitalSourceType', file], { encoding: 'utf8' }).trim();
    expect(out).toBe(DIGITAL_SOURCE_TYPES.generated);
  });
});

describe('Content Credentials signed by the engine service (what the Worker uses)', () => {
  const SECRET = 'engine-test-secret-0123456789abcdef';
  const noWork = { run: () => Promise.reject(new Error('no image work in these tests')) };
  const through = (service: ReturnType<typeof createEngineService>, secret = SECRET) =>
    createEngineServiceProvenance({ url: 'http://engine.internal', secret, fetch: (request) => Promise.resolve(service.request(request)) });

  it('signs an edit with its source as the ingredient, trusted under the root, pixels untouched', async () => {
    const service = createEngineService({ secret: SECRET, pool: noWork, provenance });
    const small = await sharp(photo).resize(96).png().toBuffer();
    const source = await sharp(photo).resize(64).jpeg().toBuffer();
    const marked = await through(service).mark(
      { bytes: small, contentType: 'image/png' },
      { origin: 'edited', agent: 'sketch', source: { bytes: source, contentType: 'image/jpeg' } },
    );
    const { store, manifest } = await readManifest(marked, 'image/png');
    expect(store.validation_state).toBe('Trusted');
    expect(actionsOf(manifest)).toEqual(expect.arrayContaining([expect.objectContaining({ softwareAgent: { name: 'sketch' } })]));
    expect(manifest.ingredients).toHaveLength(1);
    expect(Buffer.compare(await pixels(marked), await pixels(small))).toBe(0);
  });

  it('refuses a wrongly signed request; the Worker then keeps the XMP mark', async () => {
    const service = createEngineService({ secret: SECRET, pool: noWork, provenance });
    const small = await sharp(photo).resize(32).png().toBuffer();
    const wrong = through(service, 'another-secret-0123456789abcdef-xyz');
    await expect(wrong.mark({ bytes: small, contentType: 'image/png' }, { origin: 'generated', agent: 'x' })).rejects.toThrow(/401/);
    const fallbacks: unknown[] = [];
    const marked = await withXmpFallback(wrong, (error) => fallbacks.push(error)).mark(
      { bytes: small, contentType: 'image/png' },
      { origin: 'generated', agent: 'x' },
    );
    expect(fallbacks).toHaveLength(1);
    expect((await sharp(marked).metadata()).xmp?.toString()).toContain(DIGITAL_SOURCE_TYPES.generated);
  });
});
