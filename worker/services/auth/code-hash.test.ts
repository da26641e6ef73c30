import { describe, expect, it } from 'vitest';
import { generateLoginCode, hashLoginCode, sameDigest } from './code-hash';

describe('login codes', () => {
  it('are six digits and spread over all digit positions', () => {
    const codes = Array.from({ length: 2000 }, generateLoginCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Leading zeros must occur (≈10% of codes): a code is never a number that lost its padding.
    expect(codes.filter((c) => c.startsWith('0')).length).toBeGreaterThan(100);
  });

  it('hash differently per secret and per e-mail, and compare in constant time', async () => {
    const a = await hashLoginCode('secret-one-secret-one-secret-one-1', 'a@example.com', '123456');
    expect(a).toBe(await hashLoginCode('secret-one-secret-one-secret-one-1', 'a@example.com', '123456'));
    expect(a).not.toBe(await hashLoginCode('secret-two-secret-two-secret-two-2', 'a@example.com', '123456'));
    expect(a).not.toBe(await hashLoginCode('secret-one-secret-one-secret-one-1', 'b@example.com', '123456'));
    expect(sameDigest(a, a)).toBe(true);
    expect(sameDigest(a, a.replace(/.$/, a.endsWith('0') ? '1' : '0'))).toBe(false);
    expect(sameDigest(a, a.slice(1))).toBe(false);
  });
});
