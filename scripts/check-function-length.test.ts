import { describe, expect, it } from 'vitest';
import { codeLines, longFunctions, MAX_LINES } from './check-function-length';

/** A component whose JSX spans `rows` lines of markup, as a reader sees it. */
function component(rows: number): string {
  const items = Array.from({ length: rows }, (_, i) => `      <li key="${i}">row ${i}</li>`).join('\n');
  return `export function Probe() {\n  return (\n    <ul>\n${items}\n    </ul>\n  );\n}\n`;
}

describe('the function-length check', () => {
  it('counts JSX lines the way they read, and flags a 96-line component', () => {
    const text = component(90);
    const [found] = longFunctions('probe.tsx', text);
    expect(found).toMatchObject({ name: 'Probe', line: 1, lines: 96 });
  });

  it('passes a component of exactly the limit', () => {
    expect(longFunctions('probe.tsx', component(MAX_LINES - 6))).toEqual([]);
  });

  it('does not count blank lines or comments', () => {
    const text = 'function f() {\n\n  // a note\n  /* a\n     block */\n  return 1;\n}\n';
    expect(codeLines(text, 0, text.length)).toBe(3);
  });

  it('finds functions nested in calls and object literals', () => {
    const body = Array.from({ length: 85 }, (_, i) => `    const v${i} = ${i};`).join('\n');
    const text = `export const routes = {\n  handler: () => {\n${body}\n  },\n};\n`;
    expect(longFunctions('routes.ts', text).map((f) => f.name)).toEqual(['handler']);
  });
});
