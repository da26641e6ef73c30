import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../env';
import { TEST_ENV } from '@tests/setup/test-app';
import { issueAccessToken, verifyAccessToken } from './tokens';

const now = new Date('2026-11-22T10:00:00Z');
const config = (keys: string) => loadConfig({ ...TEST_ENV, JWT_KEYS: keys });
const OLD = 'old:old-secret-old-secret-old-secret-0001';
const NEW = 'new:new-secret-new-secret-new-secret-0002';

describe('access tokens', () => {
  it('round-trips the user id and carries iss, aud, exp and kid', async () => {
    const token = await issueAccessToken(config(NEW), 'usr_1', now);
    expect(await verifyAccessToken(config(NEW), token, now)).toBe('usr_1');
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'HS256', kid: 'new' });
    expect(payload).toMatchObject({ sub: 'usr_1', iss: 'image-studio', aud: 'image-studio-web' });
    expect(payload.exp - payload.iat).toBe(config(NEW).JWT_TTL_SECONDS);
  });

  it('keeps old tokens valid while their key is still listed, and drops them after', async () => {
    const token = await issueAccessToken(config(OLD), 'usr_1', now);
    expect(await verifyAccessToken(config(`${NEW},${OLD}`), token, now)).toBe('usr_1');
    await expect(verifyAccessToken(config(NEW), token, now)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses expired tokens, other audiences and forged signatures', async () => {
    const token = await issueAccessToken(config(NEW), 'usr_1', now);
    const later = new Date(now.getTime() + (config(NEW).JWT_TTL_SECONDS + 1) * 1000);
    await expect(verifyAccessToken(config(NEW), token, later)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });

    const otherAudience = loadConfig({ ...TEST_ENV, JWT_KEYS: NEW, JWT_AUDIENCE: 'someone-else' });
    await expect(verifyAccessToken(otherAudience, token, now)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });

    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: 'new' })
      .setSubject('usr_admin')
      .setIssuer('image-studio')
      .setAudience('image-studio-web')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-guessed-secret-a-guessed-secret-00'));
    await expect(verifyAccessToken(config(NEW), forged, new Date())).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
