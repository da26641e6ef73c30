import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0012 turns the English texts stored so far (ledger descriptions, failed jobs' messages)
 * into codes with parameters. Rows are written the way the code before it wrote them, on a database
 * migrated up to 0011, then the rest of the migrations run and the codes are read back.
 */
const BEFORE = '0011_email_code_purpose';

let client: PGlite;
const rows = async <T>(query: string) => (await client.query<T>(query)).rows;

beforeAll(async () => {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  try {
    cpSync('migrations', folder, { recursive: true });
    const journalPath = join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
    const last = journal.entries.findIndex((e: { tag: string }) => e.tag === BEFORE);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
    client = new PGlite();
    await migrate(drizzle({ client }), { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await client.exec(`
    INSERT INTO users (id, email, name, auth_provider) VALUES ('usr_1', 'a@example.com', 'A', 'email');
    INSERT INTO pricing_plans (id, package_type, name, name_zh, subtitle, subtitle_zh, price_cents, credits, features, features_zh)
      VALUES ('pack_s', 'credits', 'Starter Pack', '入門包', '', '', 500, 100, '[]', '[]'),
             ('pro_m', 'monthly', 'Pro Plan', '專業方案', '', '', 900, 300, '[]', '[]');
    INSERT INTO orders (id, order_number, user_id, plan_id, kind, gateway, payment_method, amount_cents, credits)
      VALUES ('ord_a', 'ORD2', 'usr_1', 'pack_s', 'credits', 'SANDBOX', 'STRIPE', 500, 100),
             ('ord_b', 'ORD3', 'usr_1', 'pro_m', 'subscription', 'SANDBOX', 'STRIPE', 900, 300);
  `);
  const ledger: [string, string, string, string | null, string | null][] = [
    // movement key, type, reference type, reference id, description
    ['new_user:usr_1', 'new_user', 'BONUS', 'usr_1', 'Welcome bonus for new users'],
    ['referral:registration:x', 'EARNED', 'REFERRAL', 'ref_1', 'Invitation reward: a friend signed up'],
    ['referral:purchase:x', 'EARNED', 'REFERRAL', 'ref_1', "Invitation reward: 12.5% of a friend's purchase"],
    ['order:ord_a', 'EARNED', 'PURCHASE', 'ord_a', 'Purchase: Starter Pack (ORD2)'],
    ['order:ord_b', 'EARNED', 'SUBSCRIPTION', 'ord_b', 'Subscription: Pro Plan monthly (ORD3)'],
    ['order:gone', 'EARNED', 'PURCHASE', 'ord_gone', 'Purchase: Old Pack (ORD7)'],
    ['month:ord_b:2', 'EARNED', 'SUBSCRIPTION', 'ord_b', 'Yearly subscription: credits for month 3 of 12 (ORD3)'],
    ['refund:r1', 'REFUNDED', 'REFUND', 'ord_a', 'Refund of order ORD2'],
    ['refund:r1:reversal', 'REFUNDED', 'REFUND', 'ord_a', 'Refund of order ORD2 failed: credits restored'],
    ['hold:ord_a', 'REFUNDED', 'PURCHASE', 'ord_a', 'Payment held for support (ORD2)'],
    ['lapse:sub_1', 'SPENT', 'SUBSCRIPTION', 'sub_1', 'Subscription ended: unused subscription credits lapsed'],
    ['job:j1:debit', 'IMAGE_GENERATION', 'IMAGE_GENERATION', 'rec_1', 'Text-to-image generation'],
    ['job:j2:debit', 'IMAGE_EDIT', 'IMAGE_GENERATION', 'rec_2', 'Photo tool'],
    ['refund:job:j1:debit', 'REFUNDED', 'IMAGE_GENERATION', 'rec_1', 'Refund for a failed generation'],
    ['refund:other', 'REFUNDED', 'IMAGE_GENERATION', 'rec_3', 'Refund'],
    ['consume:IMAGE_GENERATION:abc', 'SPENT', 'IMAGE_GENERATION', 'abc', 'Refund'],
    ['consume:IMAGE_GENERATION:def', 'SPENT', 'IMAGE_GENERATION', 'def', null],
    ['mystery', 'EARNED', 'BONUS', null, 'Something nobody wrote a rule for'],
  ];
  for (const [i, [key, type, referenceType, referenceId, description]] of ledger.entries()) {
    await client.query(
      `INSERT INTO credit_ledger (id, user_id, type, bucket, amount, balance_after, reference_type, reference_id, description, movement_key)
       VALUES ($1, 'usr_1', $2, 'free', 1, ${i + 1}, $3, $4, $5, $6)`,
      [`txn_${i}`, type, referenceType, referenceId, description, key],
    );
  }
  await client.exec(`
    INSERT INTO creation_records (id, user_id, type, status, credits, error_category, error_message) VALUES
      ('rec_1', 'usr_1', 'TEXT_TO_IMAGE', 'FAILED', 4, 'safety_policy', 'Content violates platform policy, please modify and try again'),
      ('rec_2', 'usr_1', 'ID_PHOTO_GENERATION', 'FAILED', 4, 'invalid_input', 'No face found in the photo: upload a portrait where the face is clearly visible'),
      ('rec_3', 'usr_1', 'TEXT_TO_IMAGE', 'FAILED', 4, 'timeout', 'Operation timed out'),
      ('rec_4', 'usr_1', 'TEXT_TO_IMAGE', 'COMPLETED', 4, NULL, NULL);
    INSERT INTO generation_jobs (id, record_id, user_id, kind, engine, status, input, cost, deadline_at, error_category, error_message) VALUES
      ('j1', 'rec_1', 'usr_1', 'text-to-image', 'offline', 'FAILED', '{}', 4, now(), 'safety_policy', 'Content violates platform policy, please modify and try again'),
      ('j2', 'rec_2', 'usr_1', 'tool', 'offline', 'FAILED', '{}', 4, now(), 'invalid_input', 'No face found in the photo: upload a portrait where the face is clearly visible'),
      ('j3', 'rec_3', 'usr_1', 'text-to-image', 'offline', 'FAILED', '{}', 4, now(), 'timeout', 'Operation timed out'),
      ('j4', 'rec_4', 'usr_1', 'text-to-image', 'offline', 'COMPLETED', '{}', 4, now(), NULL, NULL);
  `);
  await migrate(drizzle({ client }), { migrationsFolder: 'migrations' });
}, 60_000);

afterAll(async () => client?.close());

describe('migration 0012: stored English becomes codes', () => {
  it('gives every ledger row its reason and parameters', async () => {
    const ledger = await rows<{ movement_key: string; reason: string; reason_params: unknown }>(
      'SELECT movement_key, reason, reason_params FROM credit_ledger ORDER BY seq',
    );
    const starter = { en: 'Starter Pack', 'zh-Hant': '入門包' };
    expect(ledger.map((r) => [r.movement_key, r.reason, r.reason_params])).toEqual([
      ['new_user:usr_1', 'SIGN_UP_BONUS', {}],
      ['referral:registration:x', 'REFERRAL_SIGN_UP', {}],
      ['referral:purchase:x', 'REFERRAL_PURCHASE', { percent: 12.5 }],
      ['order:ord_a', 'PACK_PURCHASE', { orderNumber: 'ORD2', planId: 'pack_s', planName: starter }],
      [
        'order:ord_b',
        'SUBSCRIPTION_CREDITS',
        { orderNumber: 'ORD3', planId: 'pro_m', planName: { en: 'Pro Plan', 'zh-Hant': '專業方案' }, cycle: 'monthly' },
      ],
      // An order that no longer exists keeps the name its text said.
      ['order:gone', 'PACK_PURCHASE', { orderNumber: 'ORD7', planName: { en: 'Old Pack', 'zh-Hant': 'Old Pack' } }],
      ['month:ord_b:2', 'SUBSCRIPTION_MONTH', { orderNumber: 'ORD3', month: 3 }],
      ['refund:r1', 'ORDER_REFUND', { orderNumber: 'ORD2' }],
      ['refund:r1:reversal', 'ORDER_REFUND_REVERSED', { orderNumber: 'ORD2' }],
      ['hold:ord_a', 'PAYMENT_HELD', { orderNumber: 'ORD2' }],
      ['lapse:sub_1', 'SUBSCRIPTION_LAPSED', {}],
      ['job:j1:debit', 'TEXT_TO_IMAGE', {}],
      ['job:j2:debit', 'PHOTO_TOOL', {}],
      ['refund:job:j1:debit', 'GENERATION_REFUND', {}],
      ['refund:other', 'SPEND_REFUND', {}],
      // A consume's description is the caller's own note, whatever it says.
      ['consume:IMAGE_GENERATION:abc', 'API_CONSUME', { note: 'Refund' }],
      ['consume:IMAGE_GENERATION:def', 'API_CONSUME', {}],
      ['mystery', 'LEGACY', { text: 'Something nobody wrote a rule for' }],
    ]);
  });

  it('drops the description column and keeps the ledger append-only', async () => {
    const columns = await rows<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'credit_ledger' AND column_name = 'description'",
    );
    expect(columns).toEqual([]);
    await expect(client.query("UPDATE credit_ledger SET amount = 2 WHERE id = 'txn_0'")).rejects.toThrow(/append-only/);
  });

  it('gives every failed job and record its failure code', async () => {
    expect(await rows('SELECT id, failure_code, error_category FROM generation_jobs ORDER BY id')).toEqual([
      { id: 'j1', failure_code: 'CONTENT_POLICY', error_category: 'safety_policy' },
      { id: 'j2', failure_code: 'NO_FACE_FOUND', error_category: 'invalid_input' },
      { id: 'j3', failure_code: 'TIMED_OUT', error_category: 'timeout' },
      { id: 'j4', failure_code: null, error_category: null },
    ]);
    expect(await rows('SELECT id, failure_code FROM creation_records ORDER BY id')).toEqual([
      { id: 'rec_1', failure_code: 'CONTENT_POLICY' },
      { id: 'rec_2', failure_code: 'NO_FACE_FOUND' },
      { id: 'rec_3', failure_code: 'TIMED_OUT' },
      { id: 'rec_4', failure_code: null },
    ]);
  });

  it('writes new movements with their reason through credit_apply_movement', async () => {
    const [row] = await rows<{ r_status: string }>(
      `SELECT * FROM credit_apply_movement('usr_1', 'order:new', 'txn_new', 'EARNED', 'PURCHASE', 'ord_a',
        'PACK_PURCHASE', '{"orderNumber":"ORD2"}'::jsonb, 'paid', '5', NULL)`,
    );
    expect(row?.r_status).toBe('applied');
    expect(await rows("SELECT reason, reason_params FROM credit_ledger WHERE id = 'txn_new'")).toEqual([
      { reason: 'PACK_PURCHASE', reason_params: { orderNumber: 'ORD2' } },
    ]);
  });
});
