/**
 * What the Worker build resolves `@asteasolutions/zod-to-openapi` to (wrangler.toml `[alias]`): the
 * little of it that @hono/zod-openapi's OpenAPIHono touches at run time, without the document
 * generators, the metadata registry or the `.openapi()` schema method (decision 051).
 *
 * The Worker serves the prebuilt document (./prebuilt.ts), so nothing in it reads a route's
 * registration back: OpenAPIHono registers each route and merges sub-routers' definitions, and this
 * registry keeps none. No schema here calls `.openapi()`: the contract names components with zod's
 * own `.meta({ id })`. Node and the tests use the real package, which builds the document.
 */
import type { ZodType } from 'zod';

/** Takes OpenAPIHono's registrations and keeps none: the Worker never builds a document. */
export class OpenAPIRegistry {
  readonly definitions: never[] = [];
  register<T>(_refId: string | undefined, schema: T): T {
    return schema;
  }
  registerParameter<T>(_refId: string | undefined, schema: T): T {
    return schema;
  }
  registerPath(): void {}
  registerWebhook(): void {}
  registerComponent(): void {}
}

/** No metadata is kept, so a schema never carries a component id for the (absent) document. */
export const getOpenApiMetadata = (_schema: ZodType) => ({ _internal: undefined });

/** OpenAPIHono extends zod at load; the Worker's schemas never call `.openapi()`, so nothing is added. */
export function extendZodWithOpenApi(_zod: unknown): void {}

/** Stands in for a generator: constructing one fails, naming where the Worker's document comes from. */
class NoGeneratorInTheWorker {
  constructor() {
    throw new Error('the Worker serves the prebuilt OpenAPI document (web/public/openapi.json); it carries no generator');
  }
}

export const OpenApiGeneratorV3 = NoGeneratorInTheWorker;
export const OpenApiGeneratorV31 = NoGeneratorInTheWorker;
export const OpenApiGeneratorV32 = NoGeneratorInTheWorker;
