import * as z from 'zod';
import type { PlainMessageId } from './messages';

/**
 * Which text the API accepts (DESIGN.md §3.10). Every string a route validates is checked after
 * parsing, in one place (worker/lib/validate.ts): control characters (NUL, ESC, …, DEL and C1)
 * and unpaired surrogates are refused with a 400 naming the field — they crash PostgreSQL ("invalid
 * byte sequence 0x00"), break JSON/UTF-8 on the way out and hide text from the people who read it.
 * Fields are single-line unless their schema is marked {@link multiline} (prompts, reasons), which
 * then also accept tab, line feed and CR LF. Pure code: the SPA can use the same rules.
 */

type TextMeta = { multiline: true };
const textKinds = z.registry<TextMeta>();

/** Marks a string schema as multi-line: `\n`, `\t` and `\r\n` are allowed in it. Clones inherit the mark. */
export function multiline<S extends z.ZodType>(schema: S): S {
  textKinds.add(schema, { multiline: true });
  return schema;
}

export type TextProblem = 'control' | 'newline' | 'surrogate';

/** The message (worker/contract/messages.ts) each problem is reported with. */
export const TEXT_PROBLEM_MESSAGES = {
  control: 'textControl',
  newline: 'textNewline',
  surrogate: 'textSurrogate',
} as const satisfies Record<TextProblem, PlainMessageId>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose (DESIGN.md §3.10).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;
const LINE = /[\t\n\r]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with one string, or null when it is acceptable text for its kind of field. */
export function textProblem(value: string, options: { multiline?: boolean } = {}): TextProblem | null {
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  if (CONTROL.test(value)) return 'control';
  if (!options.multiline && LINE.test(value)) return 'newline';
  return null;
}

interface ZodNode {
  _zod: { def: Record<string, unknown> & { type: string }; parent?: ZodNode };
}
const def = (schema: unknown) => (schema as ZodNode)._zod.def;
const isMultiline = (schema: unknown) => textKinds.get(schema as z.ZodType)?.multiline === true;

/** Peels wrappers (optional, default, pipe, union, lazy, …) down to the schemas that shape a value. */
function shapes(schema: unknown, marked: boolean, out: { schema: unknown; marked: boolean }[], depth = 0): typeof out {
  if (!schema || depth > 32) return out;
  const d = def(schema);
  const m = marked || isMultiline(schema);
  switch (d.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return shapes(d.innerType, m, out, depth + 1);
    case 'pipe':
      // A transform's output has no schema to look at: fall back to its input's.
      shapes(def(d.out).type === 'transform' ? d.in : d.out, m, out, depth + 1);
      return out;
    case 'union':
      for (const option of d.options as unknown[]) shapes(option, m, out, depth + 1);
      return out;
    case 'intersection':
      shapes(d.left, m, out, depth + 1);
      return shapes(d.right, m, out, depth + 1);
    case 'lazy':
      return shapes((d.getter as () => unknown)(), m, out, depth + 1);
    default:
      out.push({ schema, marked: m });
      return out;
  }
}

function childSchemas(parents: { schema: unknown }[], key: string | number): unknown[] {
  const children: unknown[] = [];
  for (const { schema } of parents) {
    const d = def(schema);
    if (d.type === 'object') children.push((d.shape as Record<string, unknown>)[key] ?? d.catchall);
    else if (d.type === 'record') children.push(d.valueType);
    else if (d.type === 'array') children.push(d.element);
    else if (d.type === 'tuple') children.push((d.items as unknown[])[Number(key)] ?? d.rest);
  }
  return children.filter(Boolean);
}

/**
 * The first string in a parsed value that is not acceptable text, with its path, or null. Strings
 * are judged by the schema that produced them (multi-line only where marked); record keys are
 * single-line. Bounded depth: parsed request values are small.
 */
export function findTextProblem(schema: unknown, value: unknown): { path: (string | number)[]; problem: TextProblem } | null {
  const walk = (schemas: unknown[], v: unknown, path: (string | number)[]): ReturnType<typeof findTextProblem> => {
    if (path.length > 32) return null;
    const here = schemas.flatMap((s) => shapes(s, false, []));
    if (typeof v === 'string') {
      const problem = textProblem(v, { multiline: here.some((s) => s.marked) });
      return problem ? { path, problem } : null;
    }
    if (Array.isArray(v)) {
      for (let k = 0; k < v.length; k += 1) {
        const found = walk(childSchemas(here, k), v[k], [...path, k]);
        if (found) return found;
      }
      return null;
    }
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      for (const [key, child] of Object.entries(v)) {
        const keyProblem = textProblem(key);
        if (keyProblem) return { path: [...path, key], problem: keyProblem };
        const found = walk(childSchemas(here, key), child, [...path, key]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk([schema], value, []);
}
