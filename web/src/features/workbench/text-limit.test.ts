import { describe, expect, it } from 'vitest';
import { toolById } from '@worker/contract/tools';
import { checkTextLimit } from './text-limit';

const logo = toolById('logo-generation').components.find((c) => c.type === 'promptInput')!;

describe('checkTextLimit', () => {
  it('counts what the server counts: the trimmed text', () => {
    expect(checkTextLimit(`  ${'a'.repeat(2000)}  `, { max: 2000 })).toEqual({ kind: 'ok', length: 2000 });
    expect(checkTextLimit('a'.repeat(2001), { max: 2000 })).toEqual({ kind: 'too-long', length: 2001, over: 1 });
  });

  it('says how many characters a short logo description lacks, from the catalogue rule', () => {
    expect(logo.type === 'promptInput' && logo.minLength).toBe(5);
    const rule = logo.type === 'promptInput' ? { min: logo.minLength, max: logo.maxLength, required: logo.required } : { max: 0 };
    expect(checkTextLimit('abc', rule)).toEqual({ kind: 'too-short', length: 3, missing: 2 });
    expect(checkTextLimit('   ', rule)).toEqual({ kind: 'empty', length: 0 });
    expect(checkTextLimit('a bee', rule)).toEqual({ kind: 'ok', length: 5 });
  });

  it('lets an optional field stay empty', () => {
    expect(checkTextLimit('', { max: 2000 })).toEqual({ kind: 'ok', length: 0 });
    expect(checkTextLimit('', { max: 5000, required: true })).toEqual({ kind: 'empty', length: 0 });
  });
});
