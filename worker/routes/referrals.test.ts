import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { maskEmail } from '../contract/referrals';
import { newId } from '../lib/ids';
import { applyMovement } from '../services/credits/ledger';
import { grantMaturedPurchaseBonuses, REFUND_WINDOW_MS } from '../services/referrals/referrals';

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
beforeEach(async () => {
  clock = manualClock(new Date());
  t = await createTestApp({ clock });
});
afterEach(() => t.close());

const balanceOf = async (token: string) => (await (await t.request('/api/credits/balance', { token })).json()).available as number;

async function signUpWith(email: string, referralCode: string, where: 'send' | 'verify' = 'verify') {
  await t.request('/api/auth/login/send-code', { method: 'POST', json: { email, ...(where === 'send' ? { referralCode } : {}) } });
  const res = await t.request('/api/auth/login/verify-code', {
    method: 'POST',
    json: { email, verificationCode: t.latestCode(email), ...(where === 'verify' ? { referralCode } : {}) },
  });
  return res.json() as Promise<{ token: string; user: { id: string }; isReferralLogin: boolean }>;
}

describe('referrals', () => {
  it('gives the inviter 50 credits once per invitee, and lists the invitee masked', async () => {
    const alice = await t.signIn('alice@example.com');
    const link = await (await t.request('/api/referral/link', { token: alice.token })).json();
    expect(link).toMatchObject({
      referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
      link: `http://localhost:8787/login?ref=${link.referralCode}`,
    });
    expect(await (await t.request(`/api/referral/info/${link.referralCode}`)).json()).toMatchObject({ referrerName: 'alice' });

    const bob = await signUpWith('bob.builder@example.com', link.referralCode, 'send');
    expect(bob.isReferralLogin).toBe(true);
    expect(await balanceOf(alice.token)).toBe(70);

    // Bob signing in again (a replay of the reward path) changes nothing.
    clock.advance(61);
    const again = await signUpWith('bob.builder@example.com', link.referralCode);
    expect(again.isReferralLogin).toBe(false);
    expect(await balanceOf(alice.token)).toBe(70);

    const list = await (await t.request('/api/referral/referred-users?page=0&size=20', { token: alice.token })).json();
    expect(list.items).toEqual([
      expect.objectContaining({ invitedUser: maskEmail('bob.builder@example.com'), status: 'completed', rewardAmount: 50 }),
    ]);
    expect(list.items[0].invitedUser).not.toContain('builder');
    expect(await (await t.request('/api/referral/stats', { token: alice.token })).json()).toMatchObject({
      totalReferrals: 1,
      registrationRewards: 50,
      rewardBalance: 50,
    });
    const ledger = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.referenceType, 'REFERRAL'));
    expect(ledger).toHaveLength(1);
  });

  it('lists a friend as pending until the sign-up reward is paid, then completed', async () => {
    const ivan = await t.signIn('ivan@example.com');
    const { referralCode } = await (await t.request('/api/referral/link', { token: ivan.token })).json();
    // A password account earns the inviter nothing until it proves the mailbox.
    const res = await t.request('/api/auth/register', {
      method: 'POST',
      json: { name: 'Judy', email: 'judy@example.com', password: 'password-123', referralCode },
    });
    expect(res.status).toBe(200);
    const judy = (await res.json()) as { token: string };
    const friends = async () => (await (await t.request('/api/referral/referred-users', { token: ivan.token })).json()).items;
    expect(await friends()).toEqual([expect.objectContaining({ status: 'pending', rewardAmount: 0 })]);
    expect(await (await t.request('/api/referral/stats', { token: ivan.token })).json()).toMatchObject({ totalPaidCount: 0 });

    const verified = await t.request('/api/auth/email-verification/verify', {
      method: 'POST',
      token: judy.token,
      json: { verificationCode: t.latestCode('judy@example.com') },
    });
    expect(verified.status).toBe(200);
    expect(await balanceOf(ivan.token)).toBe(70);
    expect(await friends()).toEqual([expect.objectContaining({ status: 'completed', rewardAmount: 50 })]);
    // "Paid" counts friends who bought, and Judy has bought nothing.
    expect(await (await t.request('/api/referral/stats', { token: ivan.token })).json()).toMatchObject({ totalPaidCount: 0 });
  });

  it('refuses self-referral, unknown codes and existing accounts', async () => {
    const carol = await t.signIn('carol@example.com');
    const { referralCode } = await (await t.request('/api/referral/link', { token: carol.token })).json();
    const self = await t.request('/api/referral/process-registration', { method: 'POST', token: carol.token, json: { referralCode } });
    expect(self.status).toBe(400);
    expect((await t.request('/api/referral/info/NOPE1234')).status).toBe(404);
    expect(await (await t.request('/api/referral/validate/NOPE1234')).json()).toMatchObject({ valid: false });

    const dave = await t.signIn('dave@example.com');
    clock.advance(25 * 3600);
    const late = await t.request('/api/referral/process-registration', { method: 'POST', token: dave.token, json: { referralCode } });
    expect(late.status).toBe(409);
    expect(await balanceOf(carol.token)).toBe(20);
  });

  it('rewards once under concurrent sign-in completions', async () => {
    const erin = await t.signIn('erin@example.com');
    const { referralCode } = await (await t.request('/api/referral/link', { token: erin.token })).json();
    const frank = await t.signIn('frank@example.com');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request('/api/referral/process-registration', { method: 'POST', token: frank.token, json: { referralCode } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balanceOf(erin.token)).toBe(70);
  });

  it('pays the purchase bonus only after the refund window, and never for a refunded order', async () => {
    const gina = await t.signIn('gina@example.com');
    const { referralCode } = await (await t.request('/api/referral/link', { token: gina.token })).json();
    const hank = await signUpWith('hank@example.com', referralCode);
    const paidAt = clock.now();
    const order = (status: 'PAID' | 'REFUNDED') => ({
      id: newId('ord'),
      orderNumber: newId('no'),
      userId: hank.user.id,
      planId: 'pack_500',
      kind: 'credits' as const,
      gateway: 'SANDBOX' as const,
      paymentMethod: 'STRIPE' as const,
      status,
      amountCents: 1999,
      credits: 500,
      creditsAdded: 500,
      paidAt,
    });
    const [paid, refunded] = [order('PAID'), order('REFUNDED')];
    await t.deps.db.insert(schema.orders).values([paid, refunded]);
    await t.deps.db.transaction((tx) =>
      applyMovement(tx, {
        userId: hank.user.id,
        movementKey: `order:${paid.id}`,
        type: 'EARNED',
        referenceType: 'PURCHASE',
        reason: 'SIGN_UP_BONUS',
        reasonParams: {},
        parts: { paid: 500 },
      }),
    );

    expect(await grantMaturedPurchaseBonuses(t.deps.db, clock.now())).toBe(0);
    clock.advance(REFUND_WINDOW_MS / 1000 + 1);
    expect(await grantMaturedPurchaseBonuses(t.deps.db, clock.now())).toBe(1);
    expect(await grantMaturedPurchaseBonuses(t.deps.db, clock.now())).toBe(0);
    expect(await balanceOf(gina.token)).toBe(20 + 50 + 50);
    expect(await (await t.request('/api/referral/stats', { token: gina.token })).json()).toMatchObject({
      totalPurchaseRewards: 50,
      totalPaidCount: 1,
    });
    expect(await (await t.request('/api/credits/referral', { token: gina.token })).json()).toMatchObject({ rewardBalance: 100 });
  });
});

describe('invite links', () => {
  it('follow the loopback origin the app was opened on when PUBLIC_URL is not set, never a foreign Host', async () => {
    const ivy = await t.signIn('ivy@example.com');
    for (const path of ['/api/referral/link', '/api/credits/referral/link']) {
      const opened = await (await t.request(`http://127.0.0.1:9000${path}`, { token: ivy.token })).json();
      expect(opened.link).toBe(`http://127.0.0.1:9000/login?ref=${opened.referralCode}`);
      // A Host the client made up is not reflected: the link names the port the server listens on.
      const spoofed = await (await t.request(`http://evil.example${path}`, { token: ivy.token })).json();
      expect(spoofed.link).toBe(`http://localhost:${t.config.PORT}/login?ref=${opened.referralCode}`);
    }
  });

  it('use PUBLIC_URL whenever it is set', async () => {
    const pinned = await createTestApp({ clock, env: { PUBLIC_URL: 'http://localhost:9443' } });
    try {
      const jo = await pinned.signIn('jo@example.com');
      const { link, referralCode } = await (await pinned.request('http://127.0.0.1:9000/api/referral/link', { token: jo.token })).json();
      expect(link).toBe(`http://localhost:9443/login?ref=${referralCode}`);
    } finally {
      await pinned.close();
    }
  });
});

it('masks e-mails', () => {
  expect(maskEmail('bob.builder@example.com')).toBe('bo*********@e***.com');
  expect(maskEmail('a@b.io')).toBe('a***@b***.io');
});
