import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@worker/openapi/document';
import { responseChecker } from '../setup/test-app';

// What a client generated from the document needs to know: ranges, allowed values, every input
// and the real media types of what it downloads.
type Schema = {
  anyOf?: Schema[];
  type?: string;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  properties?: Record<string, Schema>;
};
type Operation = {
  parameters?: { name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
const document = buildOpenApiDocument({ version: 'test' }) as unknown as { paths: Record<string, Record<string, Operation>> };
const operation = (method: string, path: string) => document.paths[path]![method]!;

/** Every schema of every request (parameters and bodies), walked down through properties and anyOf. */
function requestSchemas(): Schema[] {
  const found: Schema[] = [];
  const walk = (schema: Schema | undefined) => {
    if (!schema) return;
    found.push(schema);
    for (const inner of [...(schema.anyOf ?? []), ...Object.values(schema.properties ?? {})]) walk(inner);
  };
  for (const item of Object.values(document.paths))
    for (const op of Object.values(item)) {
      for (const parameter of op.parameters ?? []) walk(parameter.schema);
      for (const body of Object.values(op.requestBody?.content ?? {})) walk(body.schema);
    }
  return found;
}

describe('the OpenAPI document', () => {
  it('states the range of every number a request may send as a number or as digits', () => {
    const numeric = requestSchemas().filter((s) => s.anyOf?.some((branch) => branch.type === 'integer' || branch.type === 'number'));
    expect(numeric.length).toBeGreaterThanOrEqual(30);
    for (const schema of numeric) {
      const branch = schema.anyOf!.find((b) => b.type === 'integer' || b.type === 'number')!;
      expect(branch.enum ?? [branch.minimum, branch.maximum], JSON.stringify(schema)).not.toContain(undefined);
    }
    const body = operation('post', '/api/generate-image').requestBody!.content['application/json']!.schema.properties!;
    expect(body.count!.anyOf![0]).toMatchObject({ type: 'integer', minimum: 1, maximum: 4 });
    expect(body.steps!.anyOf![0]).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
  });

  it('lists the values of the creation records’ status and type filters', () => {
    const parameters = operation('get', '/api/creation-records').parameters!;
    expect(parameters.find((p) => p.name === 'status')!.schema.enum).toEqual(['PROCESSING', 'COMPLETED', 'FAILED']);
    expect(parameters.find((p) => p.name === 'type')!.schema.enum).toContain('UPSCALED_IMAGE');
  });

  it('lists the tool inputs of an edit', () => {
    const fields = operation('post', '/api/generate-image/edit').requestBody!.content['multipart/form-data']!.schema.properties!;
    expect(fields.size!.enum).toEqual(['oneInch', 'twoInch', 'passport', 'visa']);
    expect(fields.backgroundColor).toMatchObject({ type: 'string', pattern: '^#[0-9a-fA-F]{6}$' });
  });

  it('names the media types a stored file comes in', () => {
    expect(Object.keys(operation('get', '/api/files/{key}').responses['200']!.content!)).toEqual(
      expect.arrayContaining(['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'application/zip']),
    );
  });
});

describe('the API suite’s answer checker', () => {
  const check = responseChecker();
  const answer = (type: string, status = 200) => new Response(new Uint8Array([1, 2, 3]), { status, headers: { 'content-type': type } });

  it('checks binary answers against their documented media types', async () => {
    await expect(check('GET', 'http://localhost/api/files/users/u/results/job_1.png', answer('image/png'))).resolves.toBeUndefined();
    await expect(check('GET', 'http://localhost/s/abc/image', answer('image/webp'))).resolves.toBeUndefined();
    await expect(check('GET', 'http://localhost/api/files/users/u/results/job_1.png', answer('application/pdf'))).rejects.toThrow(
      /answers application\/pdf/,
    );
    await expect(check('GET', 'http://localhost/api/files/users/u/results/job_1.png', answer('image/png', 418))).rejects.toThrow(
      /not a documented status/,
    );
  });
});
