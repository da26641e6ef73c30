import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { issueSessionToken } from '../services/auth/session-tokens';
import { issueAccessToken } from '../services/auth/tokens';

/**
 * A spend checks the caller's session in its own statement (migration 0024) instead of the auth
 * middleware's query. Every way a token stops standing for its account must still be the
 * middleware's 401, word for word, and move no credit: each case compares the spend's answer with the
 * answer to a balance read (the middleware's own check) with the same token.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const spend = (token: string, referenceId: string, query = '&amount=1&referenceType=IMAGE_GENERATION') =>
  t.request(`/api/credits/consume?referenceId=${referenceId}${query}`, { method: 'POST', token });

/** Status and body, without the per-request id the error body carries. */
async function answer(res: Response) {
  const body = (await res.json()) as Record<string, unknown> & { error?: Record<string, unknown> };
  if (body.error) delete body.error.requestId;
  delete body.requestId;
  return { status: res.status, body };
}

async function ledgerRows(userId: string) {
  const [row] = await t.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.creditLedger)
    .where(eq(schema.creditLedger.userId, userId));
  return Number(row!.n);
}

async function expectRefusedLikeTheMiddleware(token: string, userId: string, id: string) {
  const before = await ledgerRows(userId);
  const read = await answer(await t.request('/api/credits/balance', { token }));
  expect(read.status).toBe(401);
  expect((read.body.error as { id: string }).id).toBe(id);
  expect(await answer(await spend(token, `refused-${id}-${before}`))).toEqual(read);
  // A malformed spend (the route never reaches its statement) is refused the same way, not a 400.
  expect(await answer(await spend(token, `refused-bad-${before}`, '&amount=abc'))).toEqual(read);
  expect(await ledgerRows(userId)).toBe(before);
}

it('a spend after a password or e-mail change (a newer session version) is the same 401 and moves nothing', async () => {
  const { token, user } = await t.signIn('version@example.com');
  expect((await spend(token, 'before-change')).status).toBe(200);
  await t.deps.db
    .update(schema.users)
    .set({ sessionsValidFrom: new Date(Date.now() + 1000) })
    .where(eq(schema.users.id, user.id));
  await expectRefusedLikeTheMiddleware(token, user.id, 'sessionExpired');
  // A token issued under the new version spends again.
  const [row] = await t.deps.db.select().from(schema.users).where(eq(schema.users.id, user.id));
  const fresh = await issueSessionToken(t.config, row!, new Date(Date.now() + 2000));
  expect((await spend(fresh, 'after-change')).status).toBe(200);
});

it('a spend by a deleted account is the same 401 and moves nothing', async () => {
  const { token, user } = await t.signIn('deleted@example.com');
  await t.deps.db.update(schema.users).set({ deletedAt: new Date() }).where(eq(schema.users.id, user.id));
  await expectRefusedLikeTheMiddleware(token, user.id, 'authFailed');
});

it('a token for an account that does not exist is the same 401', async () => {
  const token = await issueAccessToken(t.config, 'usr_nobodyhere000', new Date());
  expect(await answer(await spend(token, 'ghost'))).toEqual(await answer(await t.request('/api/credits/balance', { token })));
});

it('an unproven-mailbox session whose mailbox was since proven is the same 401 and moves nothing', async () => {
  const { user } = await t.signIn('takeover@example.com');
  const [row] = await t.deps.db.select().from(schema.users).where(eq(schema.users.id, user.id));
  const token = await issueSessionToken(t.config, row!, new Date(), { unverifiedEmail: true });
  await t.deps.db.update(schema.users).set({ emailVerified: false }).where(eq(schema.users.id, user.id));
  expect((await spend(token, 'while-unproven')).status).toBe(200);
  await t.deps.db.update(schema.users).set({ emailVerified: true }).where(eq(schema.users.id, user.id));
  await expectRefusedLikeTheMiddleware(token, user.id, 'sessionExpired');
});

it('a token without a session version stands only if issued in a later second than the last change', async () => {
  const { user } = await t.signIn('legacy@example.com');
  const change = new Date(Math.floor(Date.now() / 1000) * 1000 - 10_000 + 400);
  await t.deps.db.update(schema.users).set({ sessionsValidFrom: change }).where(eq(schema.users.id, user.id));
  // Issued in the same second as the change: refused, as the middleware refuses it.
  const sameSecond = await issueAccessToken(t.config, user.id, new Date(change.getTime() + 100));
  await expectRefusedLikeTheMiddleware(sameSecond, user.id, 'sessionExpired');
  const nextSecond = await issueAccessToken(t.config, user.id, new Date(change.getTime() + 1000));
  expect((await spend(nextSecond, 'next-second')).status).toBe(200);
});

it('a session version that matches the change to the millisecond stands; one a millisecond older does not', async () => {
  const { user } = await t.signIn('millis@example.com');
  const change = new Date(Date.now() - 5000);
  await t.deps.db.update(schema.users).set({ sessionsValidFrom: change }).where(eq(schema.users.id, user.id));
  const current = await issueSessionToken(t.config, { id: user.id, sessionsValidFrom: change }, new Date());
  expect((await spend(current, 'same-version')).status).toBe(200);
  const older = await issueSessionToken(t.config, { id: user.id, sessionsValidFrom: new Date(change.getTime() - 1) }, new Date());
  await expectRefusedLikeTheMiddleware(older, user.id, 'sessionExpired');
});
