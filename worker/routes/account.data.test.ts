import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { pngFile, scriptedEngines } from '@tests/fixtures/images';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { GatewayError } from '../adapters/payments/port';
import { DATA_EXPORT } from '../contract/account';
import { EXPORT_IMAGE_BYTES_MAX } from '../services/account/export-contents';
import { runMaintenance } from '../jobs/maintenance';
import { ACCOUNT_DELETED_REASON } from '../services/payments/effects/refused-payments';
import {
  balanceOf,
  buy,
  createOrder,
  deliver,
  expectLedgerConsistent,
  orderRow,
  sandboxOf,
  signEvent,
  submitCheckout,
} from './payments.test-support';

/** "My data" export (a queued job with progress) and account deletion, through the API. */
let t: TestApp;
const clock = manualClock();
beforeAll(async () => {
  // The Postgres limiter: its counters are rows, and deletion must not leave an address in them.
  t = await createTestApp({
    clock,
    images: scriptedEngines().images,
    env: { LOGIN_CODE_MAX_PER_IP_HOUR: '1000', RATE_LIMITER: 'postgres' },
  });
});
afterAll(() => t.close());
const spies: { mockRestore(): void }[] = [];
const track = <T extends { mockRestore(): void }>(spy: T) => {
  spies.push(spy);
  return spy;
};
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

let n = 0;
async function newUser() {
  const email = `data${++n}@example.com`;
  const { token, user } = await t.signIn(email);
  clock.advance(61);
  return { email, token, userId: user.id };
}

/** One finished text-to-image creation and one avatar, so the user owns files. */
async function withFiles(token: string) {
  const started = await (
    await t.request('/api/generate-image', {
      method: 'POST',
      token,
      json: { prompt: 'a red lighthouse', style: 'realistic', width: 512, height: 512, model: 'nano' },
    })
  ).json();
  await t.drainJobs();
  const form = new FormData();
  form.append('avatar', await pngFile('me.png', 64, 64));
  const avatar = await (await t.request('/api/users/me/avatar', { method: 'POST', token, body: form })).json();
  const [record] = await t.deps.db.select().from(schema.creationRecords).where(eq(schema.creationRecords.id, started.recordId));
  expect(record).toMatchObject({ status: 'COMPLETED' });
  return {
    recordId: record!.id,
    imageKey: record!.imageUrl!.slice('/api/files/'.length),
    avatarKey: (avatar.avatar as string).slice('/api/files/'.length),
  };
}

/** A photo uploaded for a tool and never used: no record or job points at it. */
async function orphanUpload(token: string) {
  const form = new FormData();
  form.append('image', await pngFile('holiday.png', 32, 32));
  const res = await t.request('/api/upload/image', { method: 'POST', token, body: form });
  expect(res.status).toBe(200);
  const key = ((await res.json()).url as string).slice('/api/files/'.length).split('?')[0]!;
  expect(key).toMatch(/^users\/[^/]+\/uploads\//);
  return key;
}

const exportState = async (token: string) => (await (await t.request('/api/account/export', { token })).json()).export;

describe('My data export', () => {
  it('is a job: starts at 0 %, finishes at 100 % with a signed link to one zip of the profile, orders, ledger, creations and own images', async () => {
    const { email, token, userId } = await newUser();
    const files = await withFiles(token);
    const upload = await orphanUpload(token);
    await buy(t, token, { packageId: 'pack_100' });
    expect(await exportState(token)).toBeNull();

    const started = await (await t.request('/api/account/export', { method: 'POST', token })).json();
    expect(started.export).toMatchObject({ status: 'PROCESSING', progress: 0, downloadUrl: null });
    // A second click while it runs is the same export.
    expect((await (await t.request('/api/account/export', { method: 'POST', token })).json()).export.id).toBe(started.export.id);
    await t.drainJobs();

    const done = await exportState(token);
    expect(done).toMatchObject({
      id: started.export.id,
      status: 'COMPLETED',
      progress: 100,
      fileCount: 3,
      fileName: expect.stringMatching(/^image-studio-data-\d{4}-\d{2}-\d{2}\.zip$/),
    });
    // The link works without a token (a plain download link), and only with its signature.
    const download = await t.request(done.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual(
      [
        'README.txt',
        'creations.json',
        'credit-ledger.json',
        'images/avatar.webp',
        `images/${files.recordId}/result.png`,
        `images/uploads/${upload.split('/').pop()}`,
        'orders.json',
        'profile.json',
        'referrals.json',
      ].sort(),
    );
    expect((await t.request(done.downloadUrl.split('?')[0])).status).toBe(404);
    const json = (name: string) => JSON.parse(new TextDecoder().decode(zip[name]));
    expect(json('profile.json')).toMatchObject({
      id: userId,
      email,
      avatar: 'images/avatar.webp',
      signInMethods: [expect.objectContaining({ provider: 'email' })],
    });
    expect(json('orders.json').orders).toEqual([
      expect.objectContaining({ product: 'Starter pack', status: 'PAID', amount: 4.99, creditsAdded: 100 }),
    ]);
    const ledgerRows = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));
    expect(
      json('credit-ledger.json')
        .movements.map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual(ledgerRows.map((r) => r.id).sort());
    expect(json('creations.json').creations).toEqual([
      expect.objectContaining({
        id: files.recordId,
        prompt: expect.stringContaining('a red lighthouse'),
        files: [`images/${files.recordId}/result.png`],
      }),
    ]);
    const stored = await t.deps.blobs.get(files.imageKey);
    expect(Buffer.from(zip[`images/${files.recordId}/result.png`]!)).toEqual(Buffer.from(await new Response(stored!.body).arrayBuffer()));

    // Another user never sees it.
    const other = await newUser();
    expect(await exportState(other.token)).toBeNull();
    expect((await t.request(done.downloadUrl.split('?')[0], { token: other.token })).status).toBe(404);
  });

  it('holds at most EXPORT_IMAGE_BYTES_MAX of images: one past the bound is not read, and not-included.json names it', async () => {
    const { token } = await newUser();
    const files = await withFiles(token);
    const realGet = t.deps.blobs.get.bind(t.deps.blobs);
    // The result is as large as the whole bound (a heavy account's images): with the avatar first, it does not fit.
    track(
      vi.spyOn(t.deps.blobs, 'get').mockImplementation(async (key) => {
        const blob = await realGet(key);
        return blob && key === files.imageKey ? { ...blob, size: EXPORT_IMAGE_BYTES_MAX } : blob;
      }),
    );
    await t.request('/api/account/export', { method: 'POST', token });
    await t.drainJobs();
    const done = await exportState(token);
    expect(done).toMatchObject({ status: 'COMPLETED', progress: 100, fileCount: 1 });
    const zip = unzipSync(new Uint8Array(await (await t.request(done.downloadUrl)).arrayBuffer()));
    expect(Object.keys(zip).filter((name) => name.startsWith('images/'))).toEqual(['images/avatar.webp']);
    const note = JSON.parse(new TextDecoder().decode(zip['not-included.json']));
    expect(note).toEqual({
      note: expect.stringContaining(`at most ${EXPORT_IMAGE_BYTES_MAX / 1024 / 1024} MB of images`),
      notIncluded: [{ file: `images/${files.recordId}/result.png`, bytes: EXPORT_IMAGE_BYTES_MAX }],
    });
    expect(new TextDecoder().decode(zip['README.txt'])).toContain('not-included.json');
  });

  it('says what the size bound left out, and makes a next part of exactly those images, keeping part 1', async () => {
    const { token } = await newUser();
    const files = await withFiles(token);
    const realGet = t.deps.blobs.get.bind(t.deps.blobs);
    // The result weighs the whole bound: with the avatar first, part 1 cannot hold it.
    track(
      vi.spyOn(t.deps.blobs, 'get').mockImplementation(async (key) => {
        const blob = await realGet(key);
        return blob && key === files.imageKey ? { ...blob, size: EXPORT_IMAGE_BYTES_MAX } : blob;
      }),
    );
    await t.request('/api/account/export', { method: 'POST', token });
    await t.drainJobs();
    const first = await exportState(token);
    expect(first).toMatchObject({ status: 'COMPLETED', part: 1, fileCount: 1, notIncluded: { count: 1, bytes: EXPORT_IMAGE_BYTES_MAX } });
    vi.mocked(t.deps.blobs.get).mockRestore();

    // Two clicks make one part; the answer already shows it running beside part 1.
    const [a, b] = await Promise.all(
      [1, 2].map(async () => (await t.request('/api/account/export/next', { method: 'POST', token })).json()),
    );
    expect(a.export.id).toBe(b.export.id);
    expect(a.export).toMatchObject({ status: 'PROCESSING', part: 2 });
    await t.drainJobs();
    const state = await (await t.request('/api/account/export', { token })).json();
    expect(state.export).toMatchObject({ status: 'COMPLETED', part: 2, fileCount: 1, notIncluded: null });
    expect(state.export.fileName).toMatch(/-part-2\.zip$/);
    expect(state.earlierParts).toEqual([expect.objectContaining({ id: first.id, status: 'COMPLETED', part: 1 })]);
    const zip = unzipSync(new Uint8Array(await (await t.request(state.export.downloadUrl)).arrayBuffer()));
    expect(Object.keys(zip).filter((name) => name.startsWith('images/'))).toEqual([`images/${files.recordId}/result.png`]);
    expect(zip['not-included.json']).toBeUndefined();
    expect(new TextDecoder().decode(zip['README.txt'])).toContain('part 2');
    // Part 1 is still there to download, and nothing is left for a part 3.
    expect((await t.request(state.earlierParts[0].downloadUrl)).status).toBe(200);
    const again = await (await t.request('/api/account/export/next', { method: 'POST', token })).json();
    expect(again.export.id).toBe(state.export.id);
  });

  it('reports progress while images are added, retries a failed attempt, and keeps only the newest zip', async () => {
    const { token, email } = await newUser();
    await withFiles(token);
    await withFiles(token);
    const seen: number[] = [];
    const realPut = t.deps.blobs.put.bind(t.deps.blobs);
    let failOnce = true;
    track(
      vi.spyOn(t.deps.blobs, 'put').mockImplementation(async (key, body, options) => {
        if (key.includes('/exports/')) {
          seen.push((await exportState(token)).progress);
          if (failOnce) {
            failOnce = false;
            throw new Error('disk full');
          }
        }
        return realPut(key, body, options);
      }),
    );
    const first = (await (await t.request('/api/account/export', { method: 'POST', token })).json()).export;
    await t.drainJobs();
    expect(seen.length).toBe(2);
    expect(seen.every((p) => p >= 95 && p < 100)).toBe(true);
    const done = await exportState(token);
    expect(done).toMatchObject({ status: 'COMPLETED', progress: 100, fileCount: 3 });
    const [row] = await t.deps.db.select().from(schema.dataExports).where(eq(schema.dataExports.id, first.id));
    expect(row!.attempt).toBe(2);

    // Past the double-click window, in which a repeat start answers with the export just made.
    clock.advance(DATA_EXPORT.repeatClickSeconds + 1);
    const second = (await (await t.request('/api/account/export', { method: 'POST', token })).json()).export;
    await t.drainJobs();
    expect(second.id).not.toBe(first.id);
    expect(await t.deps.blobs.get(row!.blobKey!)).toBeNull();
    expect((await t.deps.db.select().from(schema.dataExports).where(eq(schema.dataExports.id, first.id)))[0]!.status).toBe('EXPIRED');

    // Past its keep time the zip is removed when next read.
    clock.advance(8 * 24 * 3600);
    const later = await t.signIn(email);
    expect(await exportState(later.token)).toMatchObject({ id: second.id, status: 'EXPIRED', downloadUrl: null });
    expect(
      await t.deps.blobs.get((await t.deps.db.select().from(schema.dataExports).where(eq(schema.dataExports.id, second.id)))[0]!.blobKey!),
    ).toBeNull();
  });
});

/** Every `table.column` (text or JSON, any table) holding `needle`, case-insensitively. */
async function columnsNaming(needle: string) {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await t.deps.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`),
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [hit] = rowsOf<{ n: number }>(
      await t.deps.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), ${needle.toLowerCase()}) > 0`,
      ),
    );
    if (hit!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found.sort();
}

describe('account deletion', () => {
  const preview = async (token: string) => await (await t.request('/api/account/deletion', { token })).json();
  const confirm = (token: string, verificationCode: string) =>
    t.request('/api/account/deletion/confirm', { method: 'POST', token, json: { verificationCode } });

  it('by code: cancels billing first, removes files and personal data, keeps the ledger, orders and refunds anonymised; the old address starts a new account', async () => {
    const { email, token, userId } = await newUser();
    const files = await withFiles(token);
    const upload = await orphanUpload(token);
    const order = await buy(t, token, { packageId: 'pack_100' });
    const refund = await t.request(`/api/orders/${order.orderId}/refund`, {
      method: 'POST',
      token,
      json: { reason: 'My name is Jane and I changed my mind' },
    });
    expect(refund.status).toBe(200);
    await buy(t, token, { planId: 'plan_basic_monthly' });
    await t.request('/api/account/export', { method: 'POST', token });
    await t.drainJobs();
    const exportKey = (await t.deps.db.select().from(schema.dataExports).where(eq(schema.dataExports.userId, userId)))[0]!.blobKey!;
    const ledgerBefore = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));

    expect(await preview(token)).toMatchObject({
      email,
      creditsForfeited: 20 - 4 + 200,
      subscription: { planName: 'Basic', status: 'active' },
      creations: 1,
    });
    expect((await t.request('/api/account/deletion/send-code', { method: 'POST', token })).status).toBe(200);
    expect(t.deps.devMailbox!.list(email)[0]!.subject).toMatch(/account deletion code/);
    const code = t.latestCode(email);
    const wrong = await confirm(token, code === '000000' ? '111111' : '000000');
    expect((await wrong.json()).error).toMatchObject({ code: 'INVALID_CODE', field: 'verificationCode' });

    const cancel = track(vi.spyOn(sandboxOf(t), 'cancelSubscription'));
    const deleted = await confirm(token, code);
    expect(deleted.status).toBe(200);
    expect(cancel).toHaveBeenCalledWith(expect.stringMatching(/^sbx_sub_/));

    // Signed out everywhere; the row says nothing about who it was.
    expect((await t.request('/api/users/me', { token })).status).toBe(401);
    const [user] = await t.deps.db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(user).toMatchObject({
      email: `${userId}@deleted.invalid`,
      name: 'Deleted user',
      avatarUrl: null,
      passwordHash: null,
      deletedAt: clock.now(),
    });
    for (const table of [
      schema.authIdentities,
      schema.creationRecords,
      schema.generationJobs,
      schema.dataExports,
      schema.referralCodes,
    ] as const) {
      expect(await t.deps.db.select().from(table).where(eq(table.userId, userId))).toEqual([]);
    }
    expect(await t.deps.db.select().from(schema.loginCodes).where(eq(schema.loginCodes.email, email))).toEqual([]);
    for (const key of [files.imageKey, files.avatarKey, exportKey, upload]) expect(await t.deps.blobs.get(key), key).toBeNull();
    expect(await t.deps.blobs.list(`users/${userId}/`)).toEqual([]);
    expect(await t.deps.blobs.list(`public/avatars/${userId}/`)).toEqual([]);

    // The accounting record stays: every ledger row, plus the lapse of the ended subscription's credits.
    const ledgerAfter = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));
    expect(ledgerAfter.slice(0, ledgerBefore.length)).toEqual(ledgerBefore);
    expect(ledgerAfter.slice(ledgerBefore.length).map((r) => [r.bucket, r.amount])).toEqual([['subscription', -200]]);
    await expectLedgerConsistent(t, userId);
    const orders = await t.deps.db.select().from(schema.orders).where(eq(schema.orders.userId, userId));
    expect(orders.map((o) => o.status).sort()).toEqual(['PAID', 'REFUNDED']);
    const [refundRow] = await t.deps.db.select().from(schema.refunds).where(eq(schema.refunds.userId, userId));
    expect(refundRow).toMatchObject({ status: 'COMPLETED', reason: 'Removed when the account was deleted' });
    expect((await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId)))[0]).toMatchObject({
      status: 'expired',
      endsAt: clock.now(),
    });

    // The address is free: signing in with it starts a new, empty account.
    clock.advance(61);
    const again = await t.signIn(email);
    expect(again.user.id).not.toBe(userId);
    expect(await (await t.request('/api/orders/user', { token: again.token })).json()).toMatchObject({ orders: [] });
    expect((await (await t.request('/api/credits/balance', { token: again.token })).json()).available).toBe(20);
  });

  it('a checkout opened before the deletion and paid after it is refunded and its billing stopped; it grants nothing', async () => {
    const { email, token, userId } = await newUser();
    const pack = await createOrder(t, token, { packageId: 'pack_100' });
    const plan = await createOrder(t, token, { planId: 'plan_basic_monthly' });
    await t.request('/api/account/deletion/send-code', { method: 'POST', token });
    const sandbox = sandboxOf(t);
    const cancel = track(vi.spyOn(sandbox, 'cancelSubscription'));
    const refund = track(vi.spyOn(sandbox, 'refund'));
    expect((await confirm(token, t.latestCode(email))).status).toBe(200);

    // The open checkouts ended with the account, and the sandbox page no longer takes a payment.
    for (const o of [pack, plan]) expect(await orderRow(t, o.orderId)).toMatchObject({ status: 'EXPIRED' });
    expect((await submitCheckout(t, pack.sessionId, 'pay')).status).toBe(409);

    // The gateway reports both paid anyway (a session paid in the same minute), some events twice.
    const ledgerBefore = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));
    const payAtGateway = async (o: { orderId: string; sessionId: string }) => {
      const row = await orderRow(t, o.orderId);
      const interval = row.kind === 'subscription' ? ('month' as const) : null;
      const order = { sessionId: o.sessionId, orderId: o.orderId, kind: row.kind, amountCents: row.amountCents, interval };
      for (const delivery of await sandbox.checkoutEvents(order, 'pay', clock.now())) expect((await deliver(t, delivery)).status).toBe(200);
    };
    await payAtGateway(plan);
    await payAtGateway(pack);
    await payAtGateway(plan);

    // No credits, both payments sent back, no subscription left billing.
    expect(await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId))).toEqual(ledgerBefore);
    for (const o of [pack, plan]) expect(await orderRow(t, o.orderId)).toMatchObject({ status: 'REFUNDED', creditsAdded: 0 });
    const refunds = await t.deps.db.select().from(schema.refunds).where(eq(schema.refunds.userId, userId));
    expect(refunds.map((r) => [r.orderId, r.status, r.reason]).sort()).toEqual(
      [pack, plan].map((o) => [o.orderId, 'COMPLETED', ACCOUNT_DELETED_REASON]).sort(),
    );
    expect(refund).toHaveBeenCalledTimes(2);
    const subs = await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
    expect(subs).toEqual([expect.objectContaining({ status: 'expired', gatewayCancelDue: false })]);
    expect(cancel).toHaveBeenCalledWith(subs[0]!.gatewaySubscriptionId);

    // A renewal the gateway charges anyway goes back too, and billing is stopped again.
    cancel.mockClear();
    const renewal = await sandbox.subscriptionEvents(
      {
        gatewaySubscriptionId: subs[0]!.gatewaySubscriptionId!,
        orderId: plan.orderId,
        amountCents: subs[0]!.priceCents,
        interval: 'month',
        currentPeriodEnd: subs[0]!.currentPeriodEnd,
      },
      'renew',
      clock.now(),
    );
    for (const delivery of renewal) expect((await deliver(t, delivery)).status).toBe(200);
    const orders = await t.deps.db.select().from(schema.orders).where(eq(schema.orders.userId, userId));
    expect(orders.map((o) => [o.status, o.creditsAdded])).toEqual([
      ['REFUNDED', 0],
      ['REFUNDED', 0],
      ['REFUNDED', 0],
    ]);
    expect(refund).toHaveBeenCalledTimes(3);
    expect(cancel).toHaveBeenCalledWith(subs[0]!.gatewaySubscriptionId);
    expect(await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId))).toEqual(ledgerBefore);
    await expectLedgerConsistent(t, userId);
  });

  it('a subscription paid before the deletion but reported after it is stopped at the gateway, not refunded; its credits lapse', async () => {
    const { email, token, userId } = await newUser();
    const plan = await createOrder(t, token, { planId: 'plan_basic_monthly' });
    const { amountCents } = await orderRow(t, plan.orderId);
    // Paid while the account lived; the gateway names the subscription only in a later event.
    const paid = await signEvent(t, {
      id: `evt_paid_${plan.orderId}`,
      type: 'checkout.session.completed',
      occurredAt: clock.now(),
      effects: [
        { kind: 'checkout.paid', orderId: plan.orderId, gatewayTransactionId: `txn_${plan.orderId}`, amountCents, currency: 'USD' },
      ],
    });
    expect((await deliver(t, paid)).status).toBe(200);
    expect(await balanceOf(t, token)).toMatchObject({ subscription: 200 });
    await t.request('/api/account/deletion/send-code', { method: 'POST', token });
    expect((await confirm(token, t.latestCode(email))).status).toBe(200);

    const sandbox = sandboxOf(t);
    const cancel = track(vi.spyOn(sandbox, 'cancelSubscription'));
    const refund = track(vi.spyOn(sandbox, 'refund'));
    const invoice = await signEvent(t, {
      id: `evt_invoice_${plan.orderId}`,
      type: 'invoice.paid',
      occurredAt: clock.now(),
      effects: [
        {
          kind: 'invoice.paid',
          gatewaySubscriptionId: `sub_${plan.orderId}`,
          gatewayInvoiceId: `in_${plan.orderId}`,
          orderId: plan.orderId,
          first: true,
          gatewayTransactionId: `txn_${plan.orderId}`,
          amountCents,
          currency: 'USD',
          periodStart: clock.now(),
          periodEnd: new Date(clock.now().getTime() + 30 * 24 * 3600 * 1000),
        },
      ],
    });
    expect((await deliver(t, invoice)).status).toBe(200);
    expect(await orderRow(t, plan.orderId)).toMatchObject({ status: 'PAID', creditsAdded: 200 });
    expect(await t.deps.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId))).toEqual([
      expect.objectContaining({ status: 'expired', gatewaySubscriptionId: `sub_${plan.orderId}`, gatewayCancelDue: false }),
    ]);
    expect(cancel).toHaveBeenCalledWith(`sub_${plan.orderId}`);
    expect(refund).not.toHaveBeenCalled();
    expect(await t.deps.db.select().from(schema.refunds).where(eq(schema.refunds.userId, userId))).toEqual([]);
    const [account] = await t.deps.db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, userId));
    expect(account!.subscriptionBalance).toBe(0);
    await expectLedgerConsistent(t, userId);
  });

  it('leaves no row naming the address: its limiter keys and codes go with the account, a former address with the maintenance sweep', async () => {
    const former = `former${++n}@example.com`;
    const { token } = await t.signIn(former);
    clock.advance(61);
    const email = `current${n}@example.com`;
    await t.request('/api/account/email/send-code', { method: 'POST', token, json: { newEmail: email } });
    const changed = await t.request('/api/account/email/confirm', {
      method: 'POST',
      token,
      json: { newEmail: email, verificationCode: t.latestCode(email), currentEmailCode: t.latestCode(former) },
    });
    expect(changed.status).toBe(200);
    const fresh = (await changed.json()).token as string;
    clock.advance(61);
    // Limiter keys that embed the address: a password reset asked for it, a wrong password tried.
    await t.request('/api/auth/password-reset/request', { method: 'POST', json: { email } });
    await t.request('/api/auth/login', { method: 'POST', json: { email, password: 'not-the-password-1' } });
    clock.advance(61);
    await t.request('/api/account/deletion/send-code', { method: 'POST', token: fresh });
    expect(await columnsNaming(email)).toEqual(expect.arrayContaining(['login_codes.email', 'rate_limit_counters.key']));

    expect((await confirm(fresh, t.latestCode(email))).status).toBe(200);
    expect(await columnsNaming(email)).toEqual([]);

    // The former address is no longer the account's, so deletion cannot find it: its codes (with the
    // IP that asked) and counters go with the maintenance run once their time is over.
    expect(await columnsNaming(former)).toEqual(expect.arrayContaining(['login_codes.email', 'rate_limit_counters.key']));
    await runMaintenance(t.deps);
    expect(await columnsNaming(former)).not.toEqual([]);
    clock.advance(25 * 3600);
    await runMaintenance(t.deps);
    expect(await columnsNaming(former)).toEqual([]);
  });

  it('a gateway that refuses to cancel leaves everything as it was, and the same code works on the retry', async () => {
    const { email, token, userId } = await newUser();
    await buy(t, token, { planId: 'plan_basic_monthly' });
    await t.request('/api/account/deletion/send-code', { method: 'POST', token });
    const code = t.latestCode(email);
    track(vi.spyOn(sandboxOf(t), 'cancelSubscription')).mockRejectedValueOnce(new GatewayError('gateway down'));
    const refused = await confirm(token, code);
    expect(refused.status).toBe(502);
    expect((await refused.json()).error.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect((await t.request('/api/users/me', { token })).status).toBe(200);
    expect((await confirm(token, code)).status).toBe(200);
    expect((await t.deps.db.select().from(schema.users).where(eq(schema.users.id, userId)))[0]!.deletedAt).not.toBeNull();
  });

  it('waits for work still running (its files would land after the deletion)', async () => {
    const { email, token, userId } = await newUser();
    await t.deps.db
      .insert(schema.dataExports)
      .values({ id: `exp_running${n}`, userId, deadlineAt: new Date(clock.now().getTime() + 60_000) });
    await t.request('/api/account/deletion/send-code', { method: 'POST', token });
    const code = t.latestCode(email);
    const res = await confirm(token, code);
    expect(res.status).toBe(409);
    expect((await t.request('/api/users/me', { token })).status).toBe(200);
    // Work past its deadline can no longer write anything: it does not hold the deletion up.
    clock.advance(61);
    expect((await confirm(token, code)).status).toBe(200);
  });
});
