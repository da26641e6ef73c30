import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import { dummyPasswordHash, hashPassword, needsRehash, parseStoredHash, PASSWORD_KDF, passwordKdf, verifyPassword } from './passwords';

/** A cheap work factor, as the test suites configure it (PASSWORD_KDF_LOG_N in TEST_ENV). */
const CHEAP = passwordKdf({ PASSWORD_KDF_LOG_N: 4 });

describe('password hashing (scrypt)', () => {
  it('stores a self-describing string with a fresh salt and verifies only the right password', async () => {
    const a = await hashPassword('correct horse battery', CHEAP);
    const b = await hashPassword('correct horse battery', CHEAP);
    expect(a).toMatch(/^scrypt\$4\$8\$1\$[^$]{24}\$[^$]{44}$/);
    expect(a).not.toBe(b); // different salts
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('treats canonically equal Unicode spellings as the same password', async () => {
    const stored = await hashPassword('caf\u00e9-password', CHEAP);
    expect(await verifyPassword('cafe\u0301-password', stored)).toBe(true);
  });

  it('verifies hashes made with other parameters, and flags weaker ones for re-hashing', async () => {
    const { scryptAsync } = await import('@noble/hashes/scrypt.js');
    const salt = new Uint8Array(16).fill(7);
    const weak = await scryptAsync('old password', salt, { N: 2 ** 3, r: 8, p: 1, dkLen: 32 });
    const stored = `scrypt$3$8$1$${Buffer.from(salt).toString('base64')}$${Buffer.from(weak).toString('base64')}`;
    expect(await verifyPassword('old password', stored)).toBe(true);
    expect(await verifyPassword('old passworD', stored)).toBe(false);
    expect(needsRehash(stored, CHEAP)).toBe(true);
    expect(needsRehash(await hashPassword('x'.repeat(8), CHEAP), CHEAP)).toBe(false);
    // A hash made under a higher cost than configured is never downgraded.
    expect(needsRehash(await hashPassword('x'.repeat(8), passwordKdf({ PASSWORD_KDF_LOG_N: 6 })), CHEAP)).toBe(false);
    expect(needsRehash(stored.replace('$8$1$', '$4$1$'), { ...CHEAP, logN: 3 })).toBe(true);
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

  it('has a dummy hash with the configured parameters that no password matches', async () => {
    for (const kdf of [CHEAP, PASSWORD_KDF]) {
      const dummy = dummyPasswordHash(kdf);
      const parsed = parseStoredHash(dummy);
      expect(parsed).toMatchObject({ logN: kdf.logN, r: kdf.r, p: kdf.p });
      expect(parsed!.hash).toHaveLength(kdf.dkLen);
      expect(needsRehash(dummy, kdf)).toBe(false);
    }
    for (const guess of ['', 'password', 'x'.repeat(72)]) expect(await verifyPassword(guess, dummyPasswordHash(CHEAP))).toBe(false);
  });

  it('defaults to the production work factor; the configured one is bounded', () => {
    const base = {
      JWT_KEYS: 'k1:0123456789abcdef0123456789abcdef',
      AUTH_SECRET: 'a'.repeat(32),
      QSTASH_CURRENT_SIGNING_KEY: 'c'.repeat(16),
      QSTASH_NEXT_SIGNING_KEY: 'n'.repeat(16),
      PAYMENTS_SANDBOX_SECRET: 's'.repeat(16),
    };
    expect(passwordKdf(loadConfig(base))).toEqual(PASSWORD_KDF);
    expect(passwordKdf(loadConfig({ ...base, PASSWORD_KDF_LOG_N: '4' }))).toEqual(CHEAP);
    // Anything above what verification accepts (parseStoredHash) would make unverifiable hashes.
    expect(() => loadConfig({ ...base, PASSWORD_KDF_LOG_N: '21' })).toThrow(/PASSWORD_KDF_LOG_N/);
    expect(() => loadConfig({ ...base, PASSWORD_KDF_LOG_N: '0' })).toThrow(/PASSWORD_KDF_LOG_N/);
  });

  it('hashes and verifies with the production parameters (cost measured and reported, not asserted)', async () => {
    const started = performance.now();
    const stored = await hashPassword('measure me please', PASSWORD_KDF);
    const hashed = performance.now();
    expect(stored).toMatch(/^scrypt\$15\$8\$1\$[^$]{24}\$[^$]{44}$/);
    expect(await verifyPassword('measure me please', stored)).toBe(true);
    const verified = performance.now();
    // Made under production cost, checked by a server configured cheaply: the stored parameters decide.
    expect(needsRehash(stored, CHEAP)).toBe(false);
    console.info(`scrypt N=2^15 r=8 p=1: hash ${(hashed - started).toFixed(0)} ms, verify ${(verified - hashed).toFixed(0)} ms`);
  });
});
