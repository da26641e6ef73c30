import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Db } from '@db/client';
import { startNeonRelay } from '@tests/fakes/neon-ws-relay';
import { serviceReachable } from '@tests/setup/services';
import { applyMovement, spendCredits } from '../../services/credits/ledger';
import { migrateNodePostgres } from './migrate-node-postgres';
import { openNeonPool } from './neon';

/**
 * The production Neon adapter (WebSocket Pool) against the local PostgreSQL server through a
 * WebSocket→TCP relay: migrations' plpgsql function, interactive transactions, FOR UPDATE and the
 * one-statement spend under concurrency all go through Neon's driver and wire format.
 */
const serverUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const target = new URL(serverUrl);
const available = await serviceReachable('PostgreSQL', target.hostname, Number(target.port || 5432));

describe.skipIf(!available)('Neon Pool through a WebSocket relay', () => {
  let relay: Awaited<ReturnType<typeof startNeonRelay>>;
  let database: { db: Db; close: () => Promise<void> };
  const name = `neon_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = () => new pg.Client({ connectionString: serverUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Neon's driver always sends a password; trust auth ignores it.
    url.password ||= 'local';
    await migrateNodePostgres(url.toString());
    relay = await startNeonRelay();
    database = openNeonPool(url.toString(), { relay: relay.address });
  });
  afterAll(async () => {
    await database?.close();
    await relay?.close();
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  it('runs interactive transactions with FOR UPDATE, and rolls back on error', async () => {
    const { db } = database;
    await db.insert(schema.users).values({ id: 'usr_neon', email: 'neon@example.com', name: 'Neon', authProvider: 'email' });
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(schema.users).where(sql`${schema.users.id} = 'usr_neon'`).for('update');
      expect(row!.email).toBe('neon@example.com');
      await tx.update(schema.users).set({ name: 'Neon 2' }).where(sql`${schema.users.id} = 'usr_neon'`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.update(schema.users).set({ name: 'never' }).where(sql`${schema.users.id} = 'usr_neon'`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [after] = await db.select({ name: schema.users.name }).from(schema.users).where(sql`${schema.users.id} = 'usr_neon'`);
    expect(after!.name).toBe('Neon 2');
  });

  it('spends in one statement under 40 concurrent requests without overspending', async () => {
    const { db } = database;
    await applyMovement(db, {
      userId: 'usr_neon',
      movementKey: 'fund',
      type: 'EARNED',
      referenceType: 'BONUS',
      reason: 'SIGN_UP_BONUS',
      reasonParams: {},
      parts: { paid: 50 },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        spendCredits(db, {
          userId: 'usr_neon',
          amount: 5,
          movementKey: `spend:${i}`,
          type: 'SPENT',
          referenceType: 'IMAGE_GENERATION',
          reason: 'TEXT_TO_IMAGE',
          reasonParams: {},
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const [account] = await db.select().from(schema.creditAccounts).where(sql`${schema.creditAccounts.userId} = 'usr_neon'`);
    expect(account).toMatchObject({ paidBalance: 0, totalSpent: 50, totalEarned: 50 });
  });
});
