import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { findTextProblem, multiline, textProblem } from './text';

describe('textProblem', () => {
  it('refuses control characters and unpaired surrogates, and line breaks outside multi-line fields', () => {
    expect(textProblem('Ada Lovelace 😀 中文')).toBeNull();
    expect(textProblem('a\u0000b')).toBe('control');
    expect(textProblem('a\u001bb')).toBe('control');
    expect(textProblem('a\u007fb')).toBe('control');
    expect(textProblem('a\u0085b')).toBe('control');
    expect(textProblem('a\ud800b')).toBe('surrogate');
    expect(textProblem('a\udc00')).toBe('surrogate');
    expect(textProblem('a\nb')).toBe('newline');
    expect(textProblem('a\tb')).toBe('newline');
    expect(textProblem('line 1\r\nline 2\n\tindented', { multiline: true })).toBeNull();
    expect(textProblem('a\rb', { multiline: true })).toBe('control');
    expect(textProblem('a\u0000b', { multiline: true })).toBe('control');
  });
});

describe('findTextProblem', () => {
  const schema = z.object({
    name: z.string().trim().max(40),
    prompt: multiline(z.string().trim().min(1)).max(100).optional(),
    tags: z.array(z.string()).default([]),
    extra: z.record(z.string(), z.union([z.number(), multiline(z.string())])).optional(),
    derived: z
      .string()
      .transform((s) => s.toLowerCase())
      .optional(),
  });
  const find = (value: unknown) => findTextProblem(schema, schema.parse(value));

  it('names the path of the first bad string and honours the multi-line mark through wrappers and clones', () => {
    expect(find({ name: 'a', prompt: 'two\nlines', tags: ['x'], extra: { note: 'a\nb', n: 1 } })).toBeNull();
    expect(find({ name: 'a\nb' })).toEqual({ path: ['name'], problem: 'newline' });
    expect(find({ name: 'a', prompt: 'x\u0000' })).toEqual({ path: ['prompt'], problem: 'control' });
    expect(find({ name: 'a', tags: ['ok', '\ud83d'] })).toEqual({ path: ['tags', 1], problem: 'surrogate' });
    expect(find({ name: 'a', extra: { 'k\u0000': 1 } })).toEqual({ path: ['extra', 'k\u0000'], problem: 'control' });
    expect(find({ name: 'a', derived: 'X\nY' })).toEqual({ path: ['derived'], problem: 'newline' });
  });
});
