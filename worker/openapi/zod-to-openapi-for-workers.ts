/**
 * What the Worker build resolves `@asteasolutions/zod-to-openapi` to (wrangler.toml `[alias]`): the
 * package without its document generators (≈ 8 KB gz of the Worker script, decision 051).
 *
 * @hono/zod-openapi's OpenAPIHono registers every route in an OpenAPIRegistry and schemas carry
 * `.openapi()` metadata: those stay. Its `getOpenAPIDocument`/`getOpenAPI31Document`/`doc`/`doc31`
 * methods reference the generators, so the bundler would keep them although the Worker never calls
 * them: it serves the prebuilt document (./prebuilt.ts; worker/app.ts takes the documentation routes
 * from its caller, and only the Node server passes the generating ones). Node and the tests use the
 * real package.
 */
// The package types its `exports` entry (dist/index.d.ts), not this file path; nothing imports this module by type.
// biome-ignore format: the directive above covers one line
// @ts-expect-error: no declaration file beside dist/index.mjs
export { extendZodWithOpenApi, getOpenApiMetadata, getRefId, OpenAPIRegistry, zodToOpenAPIRegistry } from '../../node_modules/@asteasolutions/zod-to-openapi/dist/index.mjs';

/** Stands in for a generator: constructing one fails, naming where the Worker's document comes from. */
class NoGeneratorInTheWorker {
  constructor() {
    throw new Error('the Worker serves the prebuilt OpenAPI document (web/public/openapi.json); it carries no generator');
  }
}

export const OpenApiGeneratorV3 = NoGeneratorInTheWorker;
export const OpenApiGeneratorV31 = NoGeneratorInTheWorker;
export const OpenApiGeneratorV32 = NoGeneratorInTheWorker;
