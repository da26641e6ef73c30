import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';

const RESPONSES = fileURLToPath(new URL('./responses/', import.meta.url));

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;
const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** Every schema a schema is made of (itself included), each once. */
function parts(root: z.ZodType, seen = new Set<z.ZodType>()): z.ZodType[] {
  if (seen.has(root)) return [];
  seen.add(root);
  const def = defOf(root);
  const children = [def.innerType, def.element, def.valueType, def.left, def.right, def.in, def.out]
    .concat(def.type === 'object' ? Object.values((root as z.ZodObject).shape) : [])
    .concat(def.type === 'union' ? (def.options as unknown[]) : [])
    .filter(isSchema);
  return [root, ...children.flatMap((child) => parts(child, seen))];
}

describe('the document keeps the null of a nullable response field', () => {
  // `.nullable()` on a component with an id makes the component nullable in the OpenAPI document and its
  // reference not, so generated clients were told the field is never null. z.union([component, z.null()]) is right.
  it('no response schema makes a named component nullable', async () => {
    const modules = await Promise.all(
      readdirSync(RESPONSES)
        .filter((name) => name.endsWith('.ts'))
        .map(
          async (name) =>
            [name, (await import(/* @vite-ignore */ pathToFileURL(RESPONSES + name).href)) as Record<string, unknown>] as const,
        ),
    );
    const wrong = modules.flatMap(([file, exports]) =>
      Object.values(exports)
        .filter(isSchema)
        .flatMap((schema) => parts(schema))
        .filter((part) => defOf(part).type === 'nullable' && z.globalRegistry.get(defOf(part).innerType as z.ZodType)?.id)
        .map((part) => `${file}: ${z.globalRegistry.get(defOf(part).innerType as z.ZodType)?.id}.nullable()`),
    );
    expect(modules.length).toBeGreaterThan(5);
    expect([...new Set(wrong)]).toEqual([]);
  });
});
