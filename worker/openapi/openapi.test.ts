import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { buildOpenApiDocument } from './document';

/**
 * /api/openapi.json is generated from the routes' own definitions (docs/decisions/025): every
 * mounted route is in it, it is a valid OpenAPI 3.1 document, and Redocly's recommended rules pass
 * (every operation documents a 4XX answer, public ones say `security: []`).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Hono's `/:id` and `/:key{.+}` as OpenAPI's `{id}`. */
const openapiPath = (honoPath: string) => honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

describe('OpenAPI', () => {
  it('documents every mounted route, and nothing that is not mounted', () => {
    const document = buildOpenApiDocument({ version: 'test' });
    const documented = new Set(
      Object.entries(document.paths ?? {}).flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method} ${path}`)),
    );
    const mounted = new Set(
      t.app.routes
        // Every route, /api or not (the shared pages under /s, robots.txt and the sitemap too).
        .filter((r) => r.method !== 'ALL')
        .map((r) => `${r.method.toLowerCase()} ${openapiPath(r.path)}`),
    );
    expect(
      [...mounted].filter((op) => !documented.has(op)),
      'mounted but not documented',
    ).toEqual([]);
    expect(
      [...documented].filter((op) => !mounted.has(op)),
      'documented but not mounted',
    ).toEqual([]);
  });

  it('serves a valid OpenAPI 3.1 document with the real success bodies', async () => {
    const res = await t.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const document = await res.json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 2000)).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
    const consume = document.paths['/api/credits/consume'].post;
    expect(consume.parameters.map((p: { name: string }) => p.name)).toEqual(['amount', 'description', 'referenceType', 'referenceId']);
    expect(consume.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(consume.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '402', '413', '500']));
    // Spec §7: pricing is a bare list, the profile a bare object.
    expect(document.components.schemas.PricingList.type).toBe('array');
    expect(document.components.schemas.UserProfile.properties).not.toHaveProperty('success');
    expect(document.paths['/api/public/pricing/all'].get.security).toEqual([]);
    expect(document.components.schemas.Error.properties.error.properties.code.enum).toContain('INSUFFICIENT_CREDITS');
  });

  it('passes redocly lint (recommended rules) with no error or warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(buildOpenApiDocument({ version: 'test' })));
      let output = '';
      try {
        output = execFileSync('npx', ['redocly', 'lint', '--format=stylish', file], {
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          encoding: 'utf8',
          stdio: 'pipe',
        });
      } catch (error) {
        const failed = error as { stdout?: string; stderr?: string };
        throw new Error(`redocly lint failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`.slice(0, 4000));
      }
      expect(output).not.toMatch(/warning|operation-4xx-response/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('renders the reference page from our own origin only', async () => {
    const page = await t.request('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const html = await page.text();
    expect(html).toContain('<script src="/api-docs.js" defer>');
    expect(html).not.toMatch(/https?:\/\//);
    // The script is a static file of the site (web/public), served beside the SPA.
    expect(readFileSync('web/public/api-docs.js', 'utf8')).toContain("fetch('/api/openapi.json')");
  });
});
