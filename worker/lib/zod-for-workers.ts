/**
 * What the Worker build resolves `zod` to (wrangler.toml `[alias]`): all of zod, plus a `z` that
 * holds only `ZodType`.
 *
 * @hono/zod-openapi does `import { z } from 'zod'` and passes that namespace to
 * `extendZodWithOpenApi(z)`, which only patches `z.ZodType.prototype`. Handing it the whole
 * namespace as a value makes the bundler keep every member, including zod's 64 message locales
 * (≈ 260 KB minified, ≈ 70 KB gzipped, decision 030). Our own code uses `import * as z from 'zod'`
 * and property access, which the bundler shakes. Node and the tests use the real package.
 */
import { ZodType } from '../../node_modules/zod/v4/classic/external.js';

export * from '../../node_modules/zod/v4/classic/external.js';
export const z = { ZodType };
