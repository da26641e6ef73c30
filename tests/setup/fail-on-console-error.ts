import { afterEach, beforeEach, vi } from 'vitest';

/** DESIGN.md §3.8: an unexpected console.error fails the test that caused it. */
let errors: string[] = [];
let allowed: RegExp[] = [];

/** Declares that the current test expects an error log matching `pattern` (and asserts it happened). */
export function expectConsoleError(pattern: RegExp) {
  allowed.push(pattern);
}

beforeEach(() => {
  errors = [];
  allowed = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  for (const pattern of allowed) {
    if (!errors.some((line) => pattern.test(line))) throw new Error(`expected a console.error matching ${pattern}`);
  }
  const unexpected = errors.filter((line) => !allowed.some((pattern) => pattern.test(line)));
  if (unexpected.length) throw new Error(`unexpected console.error:\n${unexpected.join('\n')}`);
});
