import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { pngBytes } from '@tests/fixtures/images';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import { createImageEngines } from '../adapters/images/engines';
import { EngineBusyError, type ImageEngine } from '../adapters/images/port';
import { createJobDispatcher } from './dispatcher';
import { sweepExpiredJobs } from './pipeline';
import { readCreditSystemConfig, updateCreditSystemConfig } from '../services/config/credit-system-config';
import {
  LEASE_SECONDS,
  MAX_ACTIVE_PER_USER,
  MAX_QUEUE_WAIT_SECONDS,
  renewLease,
  USER_SHARE_SECONDS,
} from '../services/generation/job-queue';

let t: TestApp;
afterEach(async () => {
  gate?.open();
  await t?.close();
});

/** A text-to-image engine that holds every picture until the test opens the gate, and logs whose prompt ran. */
let gate: ReturnType<typeof gatedEngine> | undefined;
function gatedEngine(options: { busyOnce?: boolean } = {}) {
  const started: string[] = [];
  const waiting: (() => void)[] = [];
  let open = false;
  let busy = options.busyOnce ?? false;
  const engine: ImageEngine = {
    name: 'gated',
    async textToImage(input) {
      if (busy) {
        busy = false;
        throw new EngineBusyError('engine service busy (503)', 1);
      }
      started.push(input.operation.op === 'text-to-image' ? input.operation.prompt : input.operation.op);
      if (!open) await new Promise<void>((resolve) => waiting.push(resolve));
      return { bytes: await pngBytes(16, 16), contentType: 'image/png' };
    },
    edit: () => Promise.reject(new Error('not used')),
  };
  return {
    engine,
    started,
    open() {
      open = true;
      for (const release of waiting.splice(0)) release();
    },
  };
}

async function setup(options: { clock?: ReturnType<typeof manualClock>; busyOnce?: boolean; slots?: number } = {}) {
  gate = gatedEngine(options);
  t = await createTestApp({ clock: options.clock, images: createImageEngines({ nano: gate.engine }, undefined, options.slots ?? 1) });
  return gate;
}

const picture = (token: string, prompt: string) =>
  t.request('/api/generate-image', {
    method: 'POST',
    token,
    json: { prompt, style: 'realistic', width: 1024, height: 1024, model: 'nano' },
  });
const jobRow = async (id: string) => (await t.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.id, id)))[0]!;
const ledgerOf = (userId: string) => t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));

describe('the job queue', () => {
  it('runs 12 jobs from 3 users submitted together: all complete, none refunded, the users take turns', async () => {
    const engine = await setup();
    const users = await Promise.all(['ana', 'ben', 'cho'].map((name) => t.signIn(`${name}@example.com`)));
    const started = await Promise.all(
      users.flatMap((user) =>
        [1, 2, 3, 4].map(async (n) => {
          const res = await picture(user.token, `${user.user.email.split('@')[0]} picture ${n}`);
          expect(res.status).toBe(200);
          return (await res.json()).id as string;
        }),
      ),
    );
    // One slot: one job runs, eleven wait, and each waiting job says where it stands: 0 … 10 ahead.
    await vi.waitFor(() => expect(engine.started).toHaveLength(1));
    const tokenOf = (i: number) => users[Math.floor(i / 4)]!.token;
    const places = await Promise.all(
      started.map(async (id, i) => (await (await t.request(`/api/generate-image/status/${id}`, { token: tokenOf(i) })).json()).queue),
    );
    expect(places.filter((p) => p === null)).toHaveLength(1);
    expect(
      places
        .filter(Boolean)
        .map((p) => p.ahead)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(places.filter(Boolean).every((p) => p.estimatedStartSeconds > 0)).toBe(true);

    engine.open();
    await t.drainJobs();
    const rows = await Promise.all(started.map(jobRow));
    expect(rows.map((r) => r.status)).toEqual(Array(12).fill('COMPLETED'));
    expect(rows.map((r) => r.attempt)).toEqual(Array(12).fill(0));
    for (const user of users) expect((await ledgerOf(user.user.id)).filter((r) => r.type === 'REFUNDED')).toEqual([]);
    // Round-robin: once all twelve wait, no user gets a second turn before the others had theirs.
    const who = engine.started.map((prompt) => prompt.split(' ')[0]);
    const counts = new Map<string, number>();
    for (const name of who) {
      counts.set(name!, (counts.get(name!) ?? 0) + 1);
      expect(Math.max(...counts.values()) - Math.min(...['ana', 'ben', 'cho'].map((n) => counts.get(n) ?? 0))).toBeLessThanOrEqual(2);
    }
    const done = await (await t.request(`/api/generate-image/status/${started[11]}`, { token: tokenOf(11) })).json();
    expect(done).toMatchObject({ status: 'COMPLETED', queue: null });
    // Twelve real 1024² renders: ~19 s alone on a 2-core machine, more with other suites beside it.
  }, 90_000);

  it("tells each image of a batch its place in the batch's own order", async () => {
    const engine = await setup();
    const first = await t.signIn('holds-the-slot@example.com');
    expect((await picture(first.token, 'first')).status).toBe(200);
    await vi.waitFor(() => expect(engine.started).toHaveLength(1));
    // A batch's jobs share one submission instant; their random ids must not decide their order.
    // Two users' batches: the users take turns, each batch in its own order.
    for (const [n, name] of ['ana-batch', 'ben-batch'].entries()) {
      const { token } = await t.signIn(`${name}@example.com`);
      const res = await t.request('/api/generate-image', {
        method: 'POST',
        token,
        json: { prompt: name, style: 'realistic', width: 256, height: 256, model: 'nano', count: 4 },
      });
      expect(res.status).toBe(200);
      const { batch } = await res.json();
      const places = await Promise.all(
        batch.jobIds.map(async (id: string) => (await (await t.request(`/api/generate-image/status/${id}`, { token })).json()).queue.ahead),
      );
      expect(places).toEqual(n === 0 ? [0, 1, 2, 3] : [1, 3, 5, 7]);
    }
  });

  it(`bounds one user's line by ${USER_SHARE_SECONDS} work-seconds, not by a count of jobs`, async () => {
    const engine = await setup({ slots: 4 });
    const { token, user } = await t.signIn('share@example.com');
    // This engine's last 1024² pictures took 100 s each: three fill the share, a fourth is past it.
    const finished = new Date();
    await t.deps.db
      .insert(schema.creationRecords)
      .values({ id: 'rec_slow', userId: user.id, type: 'TEXT_TO_IMAGE', status: 'COMPLETED', credits: 0 });
    await t.deps.db.insert(schema.generationJobs).values({
      id: 'job_slow',
      recordId: 'rec_slow',
      userId: user.id,
      kind: 'text-to-image',
      engine: 'nano',
      status: 'COMPLETED',
      input: { width: 1024, height: 1024 },
      cost: 0,
      deadlineAt: finished,
      startedAt: new Date(finished.getTime() - 100_000),
      finishedAt: finished,
    });
    for (let n = 0; n < 3; n++) expect((await picture(token, `share ${n}`)).status).toBe(200);
    await vi.waitFor(() => expect(engine.started.length).toBeGreaterThan(0));
    const refused = await picture(token, 'share 3');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Another user's line is empty: the first user's share does not refuse them.
    const other = await t.signIn('share-other@example.com');
    expect((await picture(other.token, 'other')).status).toBe(200);
  });

  it('starts a job cut off by a crash again once its lease lapses, and finishes it once', async () => {
    const clock = manualClock(new Date());
    const engine = await setup({ clock });
    const { token, user } = await t.signIn('crash@example.com');
    const { id } = await (await picture(token, 'crash picture')).json();
    await vi.waitFor(() => expect(engine.started).toHaveLength(1));
    const first = await jobRow(id);
    expect(first).toMatchObject({ status: 'PROCESSING', attempt: 0 });
    expect(first.startedAt).not.toBeNull();

    // The process that held the job dies (its engine never answers). Another runner on the same
    // database — the restarted process — sees the lease lapse and runs the job itself.
    clock.advance(LEASE_SECONDS + 1);
    const healthy = gatedEngine();
    healthy.open();
    const restarted = createJobDispatcher(() => ({ ...t.deps, images: createImageEngines({ nano: healthy.engine }, undefined, 1) }), {
      slots: 1,
    });
    await restarted.drain();
    await restarted.close();
    expect(healthy.started).toEqual(['crash picture']);
    const after = await jobRow(id);
    expect(after).toMatchObject({ status: 'COMPLETED', attempt: 1 });
    expect(after.runId).not.toBe(first.runId);

    // The first run wakes up late: its claim is gone, so it changes nothing.
    engine.open();
    await t.drainJobs();
    expect(await jobRow(id)).toMatchObject({ status: 'COMPLETED', imageUrl: after.imageUrl, runId: after.runId });
    const ledger = await ledgerOf(user.id);
    expect(ledger.filter((r) => r.amount < 0)).toHaveLength(1);
    expect(ledger.filter((r) => r.type === 'REFUNDED')).toEqual([]);
  });

  it('refuses a job that would wait too long with 503 ENGINE_BUSY before any credit moves', async () => {
    await setup();
    const { token, user } = await t.signIn('late@example.com');
    const { user: other } = await t.signIn('early@example.com');
    // This engine's last pictures took long: the queue's measured run time says so.
    // A bit over half the allowed wait: one run ahead is fine, a run ahead plus one in line is not.
    const longRun = (MAX_QUEUE_WAIT_SECONDS / 2 + 10) * 1000;
    const finished = new Date();
    for (let n = 0; n < 2; n++) {
      const recordId = `rec_past${n}`;
      await t.deps.db
        .insert(schema.creationRecords)
        .values({ id: recordId, userId: other.id, type: 'TEXT_TO_IMAGE', status: 'COMPLETED', credits: 0 });
      await t.deps.db.insert(schema.generationJobs).values({
        id: `job_past${n}`,
        recordId,
        userId: other.id,
        kind: 'text-to-image',
        engine: 'nano',
        status: 'COMPLETED',
        input: {},
        cost: 0,
        deadlineAt: finished,
        startedAt: new Date(finished.getTime() - longRun),
        finishedAt: finished,
      });
    }
    const balance = async () => (await (await t.request('/api/credits/balance', { token })).json()).available as number;
    const before = await balance();
    // The first runs (the engine holds it), the second waits out its run, the third that run and the second's: too long.
    const accepted = [await picture(token, 'first'), await picture(token, 'second')];
    expect(accepted.map((r) => r.status)).toEqual([200, 200]);
    const refused = await picture(token, 'third');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ error: { code: 'ENGINE_BUSY', retryAfter: expect.any(Number) } });
    // Two debits for the accepted jobs, nothing for the refused one.
    expect((await ledgerOf(user.id)).filter((r) => r.amount < 0)).toHaveLength(2);
    expect(before - (await balance())).toBe(8);
  });

  it(`lets one user hold at most ${MAX_ACTIVE_PER_USER} jobs in line, refusing more with 429 before any debit`, async () => {
    await setup();
    const { token, user } = await t.signIn('batch@example.com');
    // One credit a picture, so the free credits pay for the whole batch.
    const { imageGeneration } = await readCreditSystemConfig(t.deps.db);
    await updateCreditSystemConfig(t.deps, { imageGeneration: { ...imageGeneration, costByResolution: { '1024x1024': 1 } } });
    for (let n = 0; n < MAX_ACTIVE_PER_USER; n++) expect((await picture(token, `batch ${n}`)).status).toBe(200);
    const refused = await picture(token, 'one too many');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED', retryAfter: expect.any(Number) } });
    expect((await ledgerOf(user.id)).filter((r) => r.amount < 0)).toHaveLength(MAX_ACTIVE_PER_USER);
  });

  it('puts a job back in line when the engine says busy, without spending an attempt, and runs it later', async () => {
    const engine = await setup({ busyOnce: true });
    engine.open();
    const { token } = await t.signIn('busy@example.com');
    const { id } = await (await picture(token, 'busy picture')).json();
    await vi.waitFor(async () => expect((await jobRow(id)).status).toBe('COMPLETED'), { timeout: 10_000, interval: 50 });
    expect(await jobRow(id)).toMatchObject({ attempt: 0 });
    expect(engine.started).toEqual(['busy picture']);
  });

  it('counts the deadline from the start: a waiting job is never swept, a running one is at its own deadline', async () => {
    const clock = manualClock(new Date());
    const engine = await setup({ clock });
    const { token } = await t.signIn('slow@example.com');
    const a = (await (await picture(token, 'a')).json()).id as string;
    const b = (await (await picture(token, 'b')).json()).id as string;
    await vi.waitFor(() => expect(engine.started).toEqual(['a']));
    const running = await jobRow(a);
    clock.advance((running.deadlineAt.getTime() - running.startedAt!.getTime()) / 1000 + 1);
    // The run is alive (its heartbeat renews the lease on the real timer; the test clock jumped).
    expect(await renewLease(t.deps, a, running.runId!)).toBe(true);
    expect(await sweepExpiredJobs(t.deps)).toBe(1);
    expect([(await jobRow(a)).status, (await jobRow(b)).status]).toEqual(['FAILED', 'PROCESSING']);
    // The swept job's slot frees when its run gives up; b starts then, with a fresh deadline.
    engine.open();
    await t.drainJobs();
    expect(await jobRow(b)).toMatchObject({ status: 'COMPLETED' });
  });
});
