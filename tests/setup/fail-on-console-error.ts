import { afterEach, beforeEach, vi } from 'vitest';

/** DESIGN.md §3.8: an unexpected console.error fails the test that caused it. */
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length) throw new Error(`unexpected console.error:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
});
