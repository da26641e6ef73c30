/**
 * What the Worker build gives zod's classic schemas in place of its JSON Schema code (wrangler.toml
 * `[alias]`): the `"../core/json-schema-processors.js"` and `"../core/to-json-schema.js"` imports of
 * `zod/v4/classic/schemas.js` and `external.js`. wrangler's alias matches an import's exact text, and
 * only those two files of zod import these paths with that text.
 *
 * Every zod schema carries a JSON Schema processor, so the bundler kept the converter for every type
 * (≈ 6 KB gz, decision 071) although the Worker never converts: it serves the prebuilt OpenAPI
 * document, and the one conversion the routes ask for (`formDoc`'s text parts) is read only when a
 * document is generated, in Node. Here every converter throws; `aggregateChecks`, which the string,
 * number and date schemas' `minLength`/`minValue`/`format` getters read, is zod's own. Node and the
 * tests use the real modules. `zod-json-schema-for-workers.test.ts` checks this module still has every
 * name zod's classic schemas take from these paths.
 */
export { aggregateChecks } from '../../node_modules/zod/v4/core/json-schema-processors.js';

function unavailable(): never {
  throw new Error('The Worker is built without zod’s JSON Schema conversion (wrangler.toml [alias], decision 071)');
}

/** `z.toJSONSchema` */
export const toJSONSchema = unavailable;
/** A schema's `.toJSONSchema()` and its Standard Schema `jsonSchema` members. */
export const createToJSONSchemaMethod = (..._: unknown[]) => unavailable;
export const createStandardJSONSchemaMethod = (..._: unknown[]) => unavailable;

// One per schema type: what `processJSONSchema` of each classic schema calls.
export const anyProcessor = unavailable;
export const arrayProcessor = unavailable;
export const bigintProcessor = unavailable;
export const booleanProcessor = unavailable;
export const catchProcessor = unavailable;
export const customProcessor = unavailable;
export const dateProcessor = unavailable;
export const defaultProcessor = unavailable;
export const enumProcessor = unavailable;
export const fileProcessor = unavailable;
export const functionProcessor = unavailable;
export const intersectionProcessor = unavailable;
export const js = unavailable;
export const lazyProcessor = unavailable;
export const literalProcessor = unavailable;
export const mapProcessor = unavailable;
export const nanProcessor = unavailable;
export const neverProcessor = unavailable;
export const nonoptionalProcessor = unavailable;
export const nullProcessor = unavailable;
export const nullableProcessor = unavailable;
export const numberProcessor = unavailable;
export const objectProcessor = unavailable;
export const optionalProcessor = unavailable;
export const pipeProcessor = unavailable;
export const prefaultProcessor = unavailable;
export const promiseProcessor = unavailable;
export const readonlyProcessor = unavailable;
export const recordProcessor = unavailable;
export const setProcessor = unavailable;
export const stringProcessor = unavailable;
export const successProcessor = unavailable;
export const symbolProcessor = unavailable;
export const templateLiteralProcessor = unavailable;
export const transformProcessor = unavailable;
export const tupleProcessor = unavailable;
export const undefinedProcessor = unavailable;
export const unionProcessor = unavailable;
export const unknownProcessor = unavailable;
export const voidProcessor = unavailable;
