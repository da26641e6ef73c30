import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@worker/openapi/document';

// Every list answers one of two envelopes (docs/decisions/065): the list envelope `Page` plus its
// own `items`, or the spec's orders shape `OrdersPage`. A list operation is one that takes `page`.
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

/** Why `schema` is not `Page` plus `items` (and spec-named copies of `items`), or '' when it is. */
function notPageOfItems(schema: Schema): string {
  const [envelope, own, ...rest] = schema.allOf ?? [];
  if (envelope?.$ref !== PAGE_REF || !own || rest.length) return 'not allOf [Page, { items }]';
  const ownFields = own.properties ?? {};
  if (ownFields.items?.type !== 'array' || !own.required?.includes('items')) return 'no required items array';
  const others = Object.entries(ownFields).filter(([name]) => name !== 'items');
  const notCopies = others.filter(
    ([, field]) => field.type !== 'array' || JSON.stringify(field.items) !== JSON.stringify(ownFields.items!.items),
  );
  return notCopies.length ? `fields beside the envelope that are not copies of items: ${notCopies.map(([name]) => name)}` : '';
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
      const why = notPageOfItems(resolve(schema));
      if (why) return [`${name}: ${why}`];
      return op.description?.includes('`Page`') ? [] : [`${name}: description does not name Page`];
    });
    expect(wrong).toEqual([]);
  });
});
