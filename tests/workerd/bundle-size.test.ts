import { readFileSync } from 'node:fs';
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
// 290 KB since the Worker ships one PostgreSQL driver (pg) and no lru-cache (≈ 285 KB, decision 055).
const LIMIT_BYTES = 290 * 1024;

it('the minified Worker bundle is at most 290 KB gzipped and carries no zod locales', () => {
  const bundle = readFileSync(`${OUT}/index.js`);
  const gzipped = gzipSync(bundle).length;
  expect(gzipped, `${Math.round(gzipped / 1024)} KB gz`).toBeLessThanOrEqual(LIMIT_BYTES);
  // A German zod message: present only when the locales are bundled.
  expect(bundle.toString('utf8')).not.toContain('Eingabe: erwartet');
});
