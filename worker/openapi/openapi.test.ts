import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/test-app';
import { OPERATIONS } from './registry';

/**
 * Issue 18: /api/openapi.json is a valid OpenAPI 3.1 document that covers every mounted route. A
 * new route fails here until it has an entry in worker/openapi/registry.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Hono's `/:id` and `/:key{.+}` as OpenAPI's `{id}`; `:gateway{stripe|paypal|sandbox}` as one path per gateway. */
function openapiPaths(honoPath: string): string[] {
  const alternatives = /:(\w+)\{((?:[\w-]+\|)+[\w-]+)\}/.exec(honoPath);
  if (alternatives) return alternatives[2]!.split('|').flatMap((value) => openapiPaths(honoPath.replace(alternatives[0], value)));
  return [honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')];
}

function mountedOperations() {
  const mounted = new Set<string>();
  for (const route of t.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    for (const path of openapiPaths(route.path)) mounted.add(`${route.method.toLowerCase()} ${path}`);
  }
  return mounted;
}

describe('OpenAPI', () => {
  it('documents every mounted route, and nothing that is not mounted', () => {
    const documented = new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`));
    const mounted = mountedOperations();
    expect(
      [...mounted].filter((op) => !documented.has(op)),
      'mounted but not in worker/openapi/registry.ts',
    ).toEqual([]);
    expect(
      [...documented].filter((op) => !mounted.has(op)),
      'documented but not mounted',
    ).toEqual([]);
    expect(documented.size).toBe(OPERATIONS.length);
  });

  it('serves a valid OpenAPI 3.1 document with the webhooks and the job callback', async () => {
    const res = await t.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const document = await res.json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/webhooks/stripe'].post.parameters).toContainEqual(
      expect.objectContaining({ name: 'Stripe-Signature', in: 'header' }),
    );
    expect(document.paths['/api/webhooks/paypal'].post).toBeDefined();
    expect(document.paths['/api/jobs/run'].post.requestBody.content['application/json'].schema).toMatchObject({
      properties: { jobId: { type: 'string' } },
    });
    // The spec's field names come from the contracts: consume takes its fields in the query.
    const consume = document.paths['/api/credits/consume'].post;
    expect(consume.parameters.map((p: { name: string }) => p.name)).toEqual(['amount', 'description', 'referenceType', 'referenceId']);
    expect(consume.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.schemas.Error.properties.error.properties.code.enum).toContain('INSUFFICIENT_CREDITS');
  });

  it('renders the reference page from our own origin only', async () => {
    const page = await t.request('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const html = await page.text();
    expect(html).toContain('/api/docs/renderer.js');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await t.request('/api/docs/renderer.js');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain("fetch('/api/openapi.json')");
  });
});
