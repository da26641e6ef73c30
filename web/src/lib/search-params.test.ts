import { describe, expect, it } from 'vitest';
import { oneOf, searchParams, text } from './search-params';

describe('searchParams', () => {
  const parse = searchParams({ mode: oneOf(['a', 'b'] as const), prompt: text(5), ref: text(32) });
  it('keeps valid values and drops bad or oversized ones', () => {
    expect(parse({ mode: 'a', prompt: 'hi', ref: 123456 })).toEqual({ mode: 'a', prompt: 'hi', ref: '123456' });
    expect(parse({ mode: 'c', prompt: 'toolong', ref: { x: 1 } })).toEqual({});
    expect(parse({})).toEqual({});
  });
});
