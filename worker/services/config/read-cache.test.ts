import { describe, expect, it } from 'vitest';
import { cachedPublicBody, invalidatePublicReads, PUBLIC_READ_TTL_MS, peekPublicBody } from './read-cache';

describe('peekPublicBody', () => {
  it('gives a loaded, unexpired value only; nothing while loading, after the TTL or after a write', async () => {
    const scope = {};
    let finish!: (body: string) => void;
    const loading = cachedPublicBody(scope, 'k', () => new Promise<string>((resolve) => (finish = resolve)), 1000);
    expect(peekPublicBody(scope, 'k', 1000)).toBeUndefined();
    finish('{"a":1}');
    const loaded = await loading;
    expect(peekPublicBody(scope, 'k', 1000)).toBe(loaded);
    expect(peekPublicBody(scope, 'other', 1000)).toBeUndefined();
    expect(peekPublicBody(scope, 'k', 1000 + PUBLIC_READ_TTL_MS)).toBeUndefined();
    invalidatePublicReads(scope);
    expect(peekPublicBody(scope, 'k', 1000)).toBeUndefined();
  });

  it('a failed load leaves nothing to peek', async () => {
    const scope = {};
    await expect(cachedPublicBody(scope, 'k', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(peekPublicBody(scope, 'k', 0)).toBeUndefined();
  });
});
