import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import * as real from '../../node_modules/zod/v4/core/json-schema-processors.js';
import * as standIn from './zod-json-schema-for-workers';

/** The two zod files whose imports of the JSON Schema modules wrangler.toml aliases to the stand-in. */
const source = (file: string) => readFileSync(fileURLToPath(new URL(`../../node_modules/zod/v4/classic/${file}`, import.meta.url)), 'utf8');

/** Every name those files take from the aliased paths: namespace members and named imports or re-exports. */
function namesTaken(): string[] {
  const names = new Set<string>();
  for (const text of [source('schemas.js'), source('external.js')]) {
    for (const [, name] of text.matchAll(/\bprocessors\.(\w+)/g)) names.add(name!);
    for (const [, list] of text.matchAll(/(?:import|export) \{([^}]*)\} from "\.\.\/core\/(?:json-schema-processors|to-json-schema)\.js"/g))
      for (const name of list!.split(',')) if (name.trim()) names.add(name.trim().split(/\s+as\s+/)[0]!);
  }
  return [...names].sort();
}

it('has every name zod’s classic schemas take from the JSON Schema modules the Worker build replaces', () => {
  const names = namesTaken();
  expect(names).toEqual(expect.arrayContaining(['aggregateChecks', 'createToJSONSchemaMethod', 'stringProcessor', 'toJSONSchema']));
  expect(names.filter((name) => !(name in standIn))).toEqual([]);
});

it('keeps zod’s own aggregateChecks and throws in every converter', () => {
  expect(standIn.aggregateChecks).toBe(real.aggregateChecks);
  for (const [name, value] of Object.entries(standIn)) {
    if (name === 'aggregateChecks') continue;
    const converter = name.startsWith('create') ? (value as () => () => never)() : (value as () => never);
    expect(converter, name).toThrow(/without zod’s JSON Schema conversion/);
  }
});
