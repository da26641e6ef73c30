import { describe, expect, it } from 'vitest';
import { TEST_ENV } from '@tests/setup/test-app';
import { loadConfig } from '../../env';
import { issueSessionToken, sessionStillValid, sessionVersionInToken } from './session-tokens';
import { issueAccessToken, readAccessToken } from './tokens';

const config = loadConfig(TEST_ENV);
const now = new Date('2026-11-22T10:00:00.250Z');

describe('session tokens', () => {
  it('verify like access tokens and carry the session version they were issued under', async () => {
    const token = await issueSessionToken(config, { id: 'usr_1', sessionsValidFrom: now }, now, { unverifiedEmail: true });
    expect(await readAccessToken(config, token, now)).toEqual({
      userId: 'usr_1',
      unverifiedEmail: true,
      issuedAtSeconds: Math.floor(now.getTime() / 1000),
    });
    expect(sessionVersionInToken(token)).toBe(now.getTime());
    const fresh = await issueSessionToken(config, { id: 'usr_1', sessionsValidFrom: null }, now);
    expect(sessionVersionInToken(fresh)).toBe(0);
    expect(sessionVersionInToken(await issueAccessToken(config, 'usr_1', now))).toBeUndefined();
  });

  it('a token of an older version is refused, even one millisecond older in the same second', () => {
    const changed = { sessionsValidFrom: new Date(now.getTime() + 1) };
    const second = Math.floor(now.getTime() / 1000);
    expect(sessionStillValid({ version: now.getTime(), issuedAtSeconds: second }, changed)).toBe(false);
    expect(sessionStillValid({ version: 0, issuedAtSeconds: second }, changed)).toBe(false);
    expect(sessionStillValid({ version: now.getTime() + 1, issuedAtSeconds: second }, changed)).toBe(true);
    expect(sessionStillValid({ version: 0, issuedAtSeconds: second }, { sessionsValidFrom: null })).toBe(true);
  });

  it('a token without a version stands only if issued in a later second than the change', () => {
    const changed = { sessionsValidFrom: now };
    const second = Math.floor(now.getTime() / 1000);
    expect(sessionStillValid({ version: undefined, issuedAtSeconds: second - 1 }, changed)).toBe(false);
    expect(sessionStillValid({ version: undefined, issuedAtSeconds: second }, changed)).toBe(false);
    expect(sessionStillValid({ version: undefined, issuedAtSeconds: second + 1 }, changed)).toBe(true);
  });
});
