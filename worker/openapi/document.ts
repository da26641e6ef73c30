/**
 * The OpenAPI 3.1 document, generated from the operation registry with zod 4's own JSON Schema
 * output (draft 2020-12, which OpenAPI 3.1 uses as is). Request schemas are described as the client
 * sends them (`io: 'input'`: a coerced number is a string in the query, a default is optional).
 */
import * as z from 'zod';
import { OPERATIONS, type Operation } from './registry';
import { errorResponse } from './responses';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function parameters(op: Operation) {
  const list: Record<string, unknown>[] = [];
  const pathSchema = op.params ? jsonSchema(op.params) : { properties: {} };
  for (const [, name] of op.path.matchAll(/\{([^}]+)\}/g)) {
    list.push({ name, in: 'path', required: true, schema: pathSchema.properties?.[name!] ?? { type: 'string' } });
  }
  if (op.query) {
    const query = jsonSchema(op.query);
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      list.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  if (op.signatureHeader)
    list.push({
      name: op.signatureHeader,
      in: 'header',
      required: true,
      schema: { type: 'string' },
      description: 'Signature over the raw body',
    });
  return list;
}

function requestBody(op: Operation) {
  if (op.json) return { required: true, content: { 'application/json': { schema: jsonSchema(op.json) } } };
  if (op.rawBody) return { required: true, description: op.rawBody, content: { 'application/json': { schema: { type: 'object' } } } };
  if (op.form) {
    const fields = op.form.fields ? jsonSchema(op.form.fields) : { properties: {}, required: [] };
    const properties: Record<string, unknown> = { ...fields.properties };
    const binary = { type: 'string', contentMediaType: 'application/octet-stream' };
    for (const [name, file] of Object.entries(op.form.files)) {
      properties[name] = file.multiple
        ? { type: 'array', items: binary, description: file.description }
        : { ...binary, description: file.description };
    }
    const required = [...(fields.required ?? []), ...Object.keys(op.form.files)];
    return {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties, ...(required.length ? { required } : {}) } } },
    };
  }
  return undefined;
}

function responses(op: Operation) {
  const error = {
    description: 'The error model (DESIGN §3.2)',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  const success = op.responseContent
    ? {
        [String(op.responseContent.status ?? 200)]: {
          description: op.responseContent.description,
          content: { [op.responseContent.type]: {} },
        },
      }
    : {
        '200': {
          description: 'OK',
          content: { 'application/json': { schema: op.response ? jsonSchema(op.response) : { type: 'object' } } },
        },
      };
  return { ...success, ...(op.auth ? { '401': error } : {}), default: error };
}

export const operationId = (op: Operation) =>
  `${op.method}${op.path
    .replace(/^\/api/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}`;

export function buildOpenApiDocument(options: { version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const body = requestBody(op);
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      operationId: operationId(op),
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      security: op.auth ? [{ bearerAuth: [] }] : [],
      parameters: parameters(op),
      ...(body ? { requestBody: body } : {}),
      responses: responses(op),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Image studio API',
      version: options.version,
      description:
        'Every route of the app. Errors share one body: `{ success: false, error: { code, message }, requestId }`. Webhooks and job callbacks are verified by their signature header before anything is parsed.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: jsonSchema(errorResponse) },
    },
  };
}
