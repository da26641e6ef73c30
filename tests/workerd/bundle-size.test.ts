import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { WORKER_BUNDLE_DIR } from './global-setup';

/**
 * the Worker bundle as wrangler builds it for deploy (wrangler.toml: minify, no kept
 * names) stays under its budget gzipped, so cold starts stay cheap. It was 549 KB unminified with all
 * 64 zod locales (`import { z } from 'zod'` keeps the whole namespace; `import * as z` lets the
 * bundler drop what is unused).
 */
// Built by global-setup.ts with the deploy settings.
const OUT = WORKER_BUNDLE_DIR;
// 300 KB until the routes carried their OpenAPI definitions: the document generator
// (@asteasolutions/zod-to-openapi) and the e-mail catalogue add ≈ 12 KB gz (decision 030). 320 KB
// until outputs carried Content Credentials (317 KB with them): c2pa-wasm's JavaScript glue adds
// ≈ 15 KB gz; its 9 MB WebAssembly is a separate module, compiled at upload and instantiated on the
// first output marked, so it costs cold starts nothing (decision 032). 330 KB until receipts, share
// pages and the API's message table in both languages arrived (≈ 333 KB with them, decision 038).
// 265 KB since the Worker ships one PostgreSQL driver and no lru-cache (decision 055), signs no
// Content Credentials itself (decision 056) and reaches QStash with fetch (≈ 262 KB). 255 KB since it
// serves the prebuilt OpenAPI document without the generator and takes only pg's Client (≈ 254 KB,
// decision 051). 248 KB since passwords, digests and HMACs use node:crypto instead of @noble/hashes,
// the data export deflates with CompressionStream instead of fflate's deflate, and arctic's PKCE
// takes @oslojs/crypto's SHA-256 alone (≈ 245 KB); 242 KB since zod's classic schemas come without
// their JSON Schema converters (≈ 239 KB, decision 071).
const LIMIT_BYTES = 242 * 1024;
/** The Workers Free plan's limit on a deploy's whole upload, gzipped. */
const UPLOAD_LIMIT_BYTES = 3 * 1024 * 1024;

it('the whole upload (script and every module beside it) is under the Free plan limit of 3 MB gzipped', () => {
  const modules = readdirSync(OUT).filter((name) => !name.endsWith('.map') && name !== 'README.md');
  const gzipped = modules.reduce((sum, name) => sum + gzipSync(readFileSync(`${OUT}/${name}`)).length, 0);
  expect(gzipped, `${Math.round(gzipped / 1024)} KiB gz in ${modules.join(', ')}`).toBeLessThanOrEqual(UPLOAD_LIMIT_BYTES);
});

it('the minified Worker bundle is at most 242 KB gzipped and carries no zod locales or JSON Schema converters', () => {
  const bundle = readFileSync(`${OUT}/index.js`);
  const gzipped = gzipSync(bundle).length;
  expect(gzipped, `${Math.round(gzipped / 1024)} KB gz`).toBeLessThanOrEqual(LIMIT_BYTES);
  // A German zod message: present only when the locales are bundled.
  expect(bundle.toString('utf8')).not.toContain('Eingabe: erwartet');
  // A message of zod's JSON Schema converters (wrangler.toml [alias], decision 071).
  expect(bundle.toString('utf8')).not.toContain('cannot be represented in JSON Schema');
});
