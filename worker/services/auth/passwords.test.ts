import { describe, expect, it } from 'vitest';
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, parseStoredHash, PASSWORD_KDF, verifyPassword } from './passwords';

describe('password hashing (scrypt)', () => {
  it('stores a self-describing string with a fresh salt and verifies only the right password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[^$]{24}\$[^$]{44}$/);
    expect(a).not.toBe(b); // different salts
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('treats canonically equal Unicode spellings as the same password', async () => {
    const stored = await hashPassword('caf\u00e9-password');
    expect(await verifyPassword('cafe\u0301-password', stored)).toBe(true);
  });

  it('verifies hashes made with other parameters, and flags them for re-hashing', async () => {
    const { scryptAsync } = await import('@noble/hashes/scrypt.js');
    const salt = new Uint8Array(16).fill(7);
    const weak = await scryptAsync('old password', salt, { N: 2 ** 10, r: 8, p: 1, dkLen: 32 });
    const stored = `scrypt$10$8$1$${Buffer.from(salt).toString('base64')}$${Buffer.from(weak).toString('base64')}`;
    expect(await verifyPassword('old password', stored)).toBe(true);
    expect(needsRehash(stored)).toBe(true);
    expect(needsRehash(await hashPassword('x'.repeat(8)))).toBe(false);
  });

  it('never matches (or throws on) a malformed or hostile stored value', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$2b$10$abc',
      'scrypt$15$8$1$!!$!!',
      'scrypt$30$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    ]) {
      expect(parseStoredHash(stored), stored).toBeNull();
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });

  it('has a dummy hash with today’s parameters, so unknown e-mails cost a real scrypt run', async () => {
    const parsed = parseStoredHash(DUMMY_PASSWORD_HASH);
    expect(parsed).toMatchObject({ logN: PASSWORD_KDF.logN, r: PASSWORD_KDF.r, p: PASSWORD_KDF.p });
    expect(parsed!.hash).toHaveLength(PASSWORD_KDF.dkLen);
    expect(needsRehash(DUMMY_PASSWORD_HASH)).toBe(false);
  });

  it('costs about as much to check as to create (measured)', async () => {
    const stored = await hashPassword('measure me please');
    const runs = 3;
    const started = performance.now();
    for (let i = 0; i < runs; i++) await verifyPassword('measure me please', stored);
    const ms = (performance.now() - started) / runs;
    console.info(`scrypt N=2^15 r=8 p=1 verify: ${ms.toFixed(0)} ms`);
    expect(ms).toBeGreaterThan(30);
  });
});
