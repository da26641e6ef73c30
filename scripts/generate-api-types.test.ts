import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_FILE, SCHEMA_FILE, renderApiTypes, renderDocument } from './generate-api-types';

describe('web/src/api/schema.gen.ts', () => {
  it('matches the OpenAPI document (run `npm run api:types` after changing a route)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await renderApiTypes());
  }, 60_000);

  it('types the paths the SPA calls', async () => {
    const text = await renderApiTypes();
    expect(text).toContain('"/api/users/me"');
    expect(text).toContain('export interface paths');
  }, 60_000);
});

describe('web/public/openapi.json', () => {
  it('is the document the Node server generates, which the Worker serves (run `npm run api:types` after changing a route)', () => {
    expect(readFileSync(DOCUMENT_FILE, 'utf8')).toBe(renderDocument());
  }, 60_000);
});
