import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@worker/openapi/document';

// Every list answers one of two envelopes (docs/decisions/065): the list envelope `Page` plus its
// own `items` (the showcase's under the spec's name, `images`: 092), or the spec's orders shape
// `OrdersPage`. A list operation is one that takes `page`.
type Schema = {
  $ref?: string;
  allOf?: Schema[];
  type?: string | string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
};
type Operation = {
  description?: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
const document = buildOpenApiDocument({ version: 'test' }) as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
const schemas = document.components.schemas;
const PAGE_REF = '#/components/schemas/Page';
const ORDERS_REF = '#/components/schemas/OrdersPage';

const listOperations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => op.parameters?.some((p) => p.in === 'query' && p.name === 'page'))
    .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
);

const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(schemas[schema.$ref.split('/').at(-1)!]!) : schema);

/** The lists the spec names: their array goes by that name instead of `items`. */
const SPEC_LIST_NAMES: Record<string, string> = { 'GET /api/showcase/images': 'images' };

/** Why `schema` is not `Page` plus one required array named `list` and nothing else, or '' when it is. */
function notPageOf(schema: Schema, list: string): string {
  const [envelope, own, ...rest] = schema.allOf ?? [];
  if (envelope?.$ref !== PAGE_REF || !own || rest.length) return `not allOf [Page, { ${list} }]`;
  const ownFields = own.properties ?? {};
  if (ownFields[list]?.type !== 'array' || !own.required?.includes(list)) return `no required ${list} array`;
  const others = Object.keys(ownFields).filter((name) => name !== list);
  return others.length ? `fields beside the envelope and ${list}: ${others}` : '';
}

describe('pagination in the OpenAPI document', () => {
  it('finds the list operations', () => {
    expect(listOperations.map((l) => l.name).sort()).toEqual([
      'GET /api/creation-records',
      'GET /api/credits/purchases',
      'GET /api/credits/transactions',
      'GET /api/orders/user',
      'GET /api/referral/referred-users',
      'GET /api/showcase/images',
    ]);
  });

  it('documents the two envelopes as components with exactly their fields', () => {
    const page = schemas.Page!;
    expect(Object.keys(page.properties ?? {}).sort()).toEqual(['page', 'size', 'success', 'total', 'totalPages']);
    expect([...(page.required ?? [])].sort()).toEqual(['page', 'size', 'success', 'total', 'totalPages']);
    // Spec §3 Order: the list response is success, orders, currentPage, totalPages, total, pageSize, error.
    const orders = schemas.OrdersPage!;
    const specFields = ['currentPage', 'error', 'orders', 'pageSize', 'success', 'total', 'totalPages'];
    expect(Object.keys(orders.properties ?? {}).sort()).toEqual(specFields);
    expect([...(orders.required ?? [])].sort()).toEqual(specFields);
  });

  it('answers every list operation with one of the two envelopes, and says which', () => {
    const wrong = listOperations.flatMap(({ name, op }) => {
      const schema = op.responses['200']?.content?.['application/json']?.schema;
      if (!schema) return [`${name}: no JSON 200 answer`];
      if (schema.$ref === ORDERS_REF)
        return op.description?.includes('`OrdersPage`') ? [] : [`${name}: description does not name OrdersPage`];
      const why = notPageOf(resolve(schema), SPEC_LIST_NAMES[name] ?? 'items');
      if (why) return [`${name}: ${why}`];
      return op.description?.includes('`Page`') ? [] : [`${name}: description does not name Page`];
    });
    expect(wrong).toEqual([]);
  });
});
