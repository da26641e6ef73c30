import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { pngBytes } from '../fixtures/images';
import { createTestApp, manualClock, type TestApp } from '../setup/test-app';
import { createImageEngines } from '@worker/adapters/images/engines';
import type { ImageEngine } from '@worker/adapters/images/port';
import type { OfflineEngine } from '@worker/services/generation/engine';
import { createJobDispatcher } from '@worker/jobs/dispatcher';
import { MAX_ATTEMPTS, sweepExpiredJobs } from '@worker/jobs/pipeline';
import {
  DEADLINE_MARGIN,
  LEASE_SECONDS,
  MEASURED_SECONDS_PER_MP,
  MIN_DEADLINE_SECONDS,
  renewLease,
} from '@worker/services/generation/job-queue';

/**
 * A job's deadline follows its measured size, and a job resumed after a crash takes its owner's
 * fair place (docs/decisions/059-measured-deadlines.md). Each test failed before that change: the
 * deadline was a fixed 300 s (or a fixed formula for upscales), a resumed job went to the front,
 * and a crashed job waiting for its next run was swept at its old deadline.
 */
let t: TestApp;
/** Engines whose runs stand for a killed process: let go after each test, so the app can close. */
const gates: { open(): void }[] = [];
afterEach(async () => {
  for (const gate of gates.splice(0)) gate.open();
  await t?.close();
});

const job = async (id: string) => (await t.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.id, id)))[0]!;
const OUTPUT_MP = (512 * 4) ** 2 / 1e6;
const runSeconds = (row: { deadlineAt: Date; startedAt: Date | null }) => (row.deadlineAt.getTime() - row.startedAt!.getTime()) / 1000;

/** An upscaler that holds each job until the test lets it go (a long run, or a run whose process died). */
function heldUpscaler() {
  const held: (() => void)[] = [];
  const offline: OfflineEngine = {
    async run() {
      await new Promise<void>((resolve) => held.push(resolve));
      return { bytes: await pngBytes(8, 8), contentType: 'image/png', width: 8, height: 8 };
    },
  };
  return { offline, held };
}

const jpeg = async (side: number) =>
  new File(
    [
      await sharp({ create: { width: side, height: side, channels: 3, background: '#806040' } })
        .jpeg()
        .toBuffer(),
    ],
    'in.jpg',
    {
      type: 'image/jpeg',
    },
  );

async function upscale(token: string, side: number, factor: number) {
  const form = new FormData();
  form.append('image', await jpeg(side));
  form.append('scaleFactor', String(factor));
  form.append('faceEnhancement', 'false');
  const res = await t.request('/api/image-upscale/upload', { method: 'POST', token, body: form });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.id as string;
}

/** Completed upscales that took `secondsPerMp` per output megapixel: this machine's observed history. */
async function upscaleHistory(userId: string, secondsPerMp: number, runs: number) {
  const finished = new Date();
  for (let n = 0; n < runs; n++) {
    await t.deps.db
      .insert(schema.creationRecords)
      .values({ id: `rec_past${n}`, userId, type: 'UPSCALED_IMAGE', status: 'COMPLETED', credits: 0 });
    // 2× of 512²: 1.048576 MP out.
    await t.deps.db.insert(schema.generationJobs).values({
      id: `job_past${n}`,
      recordId: `rec_past${n}`,
      userId,
      kind: 'upscale',
      engine: 'offline',
      status: 'COMPLETED',
      input: { sourceKey: 'x', scaleFactor: 2, faceEnhancement: false, width: 512, height: 512 },
      cost: 0,
      deadlineAt: finished,
      startedAt: new Date(finished.getTime() - secondsPerMp * 1.048576 * 1000),
      finishedAt: finished,
    });
  }
}

describe('a job deadline follows its measured size', () => {
  it('a small upscale gets the floor, not five minutes', async () => {
    const { offline, held } = heldUpscaler();
    t = await createTestApp({ images: createImageEngines({}, offline, 1) });
    const { token } = await t.signIn('small@example.com');
    const id = await upscale(token, 64, 2);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(runSeconds(await job(id))).toBe(MIN_DEADLINE_SECONDS);
    held.shift()!();
    await t.drainJobs();
  });

  it("a 4× upscale of a 512² JPEG gets its output MP × the kind's measured seconds per MP × the margin", async () => {
    const { offline, held } = heldUpscaler();
    t = await createTestApp({ images: createImageEngines({}, offline, 1) });
    const { token } = await t.signIn('large@example.com');
    // Nothing has run here yet: the table measured with the bench (old rule: 300 s).
    const id = await upscale(token, 512, 4);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(runSeconds(await job(id))).toBe(Math.ceil(OUTPUT_MP * MEASURED_SECONDS_PER_MP.upscale! * DEADLINE_MARGIN));
    held.shift()!();
    await t.drainJobs();
  });

  it('follows the running estimate of the completed upscales once there are some', async () => {
    const { offline, held } = heldUpscaler();
    t = await createTestApp({ images: createImageEngines({}, offline, 1) });
    const { token, user } = await t.signIn('measured@example.com');
    // This machine's last upscales took 20 s per output MP.
    await upscaleHistory(user.id, 20, 3);
    const id = await upscale(token, 512, 4);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(runSeconds(await job(id))).toBe(Math.ceil(OUTPUT_MP * 20 * DEADLINE_MARGIN));
    held.shift()!();
    await t.drainJobs();
  });
});

/** A text-to-image engine that holds each picture until the test opens it; logs whose prompt started. */
function gatedEngine() {
  const started: string[] = [];
  const waiting: (() => void)[] = [];
  let open = false;
  const engine: ImageEngine = {
    name: 'gated',
    async textToImage(input) {
      started.push(input.operation.op === 'text-to-image' ? input.operation.prompt : input.operation.op);
      if (!open) await new Promise<void>((resolve) => waiting.push(resolve));
      return { bytes: await pngBytes(16, 16), contentType: 'image/png' };
    },
    edit: () => Promise.reject(new Error('not used')),
  };
  const gate = {
    engine,
    started,
    open() {
      open = true;
      for (const release of waiting.splice(0)) release();
    },
  };
  gates.push(gate);
  return gate;
}

const picture = async (token: string, prompt: string) => {
  const res = await t.request('/api/generate-image', {
    method: 'POST',
    token,
    json: { prompt, style: 'realistic', width: 1024, height: 1024, model: 'nano' },
  });
  expect(res.status).toBe(200);
  return (await res.json()).id as string;
};

/** Another process on the same database (the one restarted after the crash), running until nothing waits. */
async function restartedRunner(engine: ImageEngine) {
  const restarted = createJobDispatcher(() => ({ ...t.deps, images: createImageEngines({ nano: engine }, undefined, 1) }), { slots: 1 });
  await restarted.drain();
  await restarted.close();
}

describe('a job resumed after a crash', () => {
  it("goes back in its owner's fair place: behind the users who waited while it ran", async () => {
    const clock = manualClock(new Date());
    const dead = gatedEngine();
    t = await createTestApp({ clock, images: createImageEngines({ nano: dead.engine }, undefined, 1) });
    const ana = await t.signIn('ana@example.com');
    const ben = await t.signIn('ben@example.com');
    const a = await picture(ana.token, 'ana');
    await vi.waitFor(() => expect(dead.started).toEqual(['ana']));
    clock.advance(10);
    await picture(ben.token, 'ben');
    // Ana's run is alive a while longer (its heartbeat renews the lease), then its process is killed.
    clock.advance(10);
    expect(await renewLease(t.deps, a, (await job(a)).runId!)).toBe(true);
    clock.advance(LEASE_SECONDS + 1);

    const healthy = gatedEngine();
    healthy.open();
    await restartedRunner(healthy.engine);
    // Ana was served until the crash; Ben has waited since before it. Before: ['ana', 'ben'].
    expect(healthy.started).toEqual(['ben', 'ana']);
    expect(await job(a)).toMatchObject({ status: 'COMPLETED', attempt: 1 });
  });

  it('is not swept at its old deadline while it waits for its next run, which has a deadline of its own', async () => {
    const clock = manualClock(new Date());
    const dead = gatedEngine();
    t = await createTestApp({ clock, images: createImageEngines({ nano: dead.engine }, undefined, 1) });
    const { token, user } = await t.signIn('crashed@example.com');
    const id = await picture(token, 'crashed');
    await vi.waitFor(() => expect(dead.started).toHaveLength(1));
    const first = await job(id);
    // The process dies at once: the lease lapses long before the deadline; the deadline passes while no process runs it.
    clock.advance(runSeconds(first) + 1);
    expect(await sweepExpiredJobs(t.deps)).toBe(0);
    expect((await job(id)).status).toBe('PROCESSING');

    const healthy = gatedEngine();
    healthy.open();
    await restartedRunner(healthy.engine);
    const after = await job(id);
    expect(after).toMatchObject({ status: 'COMPLETED', attempt: 1 });
    expect(after.startedAt!.getTime()).toBeGreaterThan(first.startedAt!.getTime());
    const ledger = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, user.id));
    expect(ledger.filter((r) => r.type === 'REFUNDED')).toEqual([]);
  });

  it(`is failed and refunded once after ${MAX_ATTEMPTS} runs that crashed`, async () => {
    const clock = manualClock(new Date());
    const dead = gatedEngine();
    t = await createTestApp({ clock, images: createImageEngines({ nano: dead.engine }, undefined, 1) });
    const { token, user } = await t.signIn('crashing@example.com');
    const id = await picture(token, 'crashing');
    await vi.waitFor(() => expect(dead.started).toHaveLength(1));
    // Each restarted process takes the job up and dies with it too.
    const runners: ReturnType<typeof createJobDispatcher>[] = [];
    for (let crash = 1; crash < MAX_ATTEMPTS; crash++) {
      clock.advance(LEASE_SECONDS + 1);
      const runner = createJobDispatcher(() => ({ ...t.deps, images: createImageEngines({ nano: dead.engine }, undefined, 1) }), {
        slots: 1,
      });
      runners.push(runner);
      await runner.wake();
      await vi.waitFor(() => expect(dead.started).toHaveLength(crash + 1));
      expect((await job(id)).attempt).toBe(crash);
    }
    clock.advance(LEASE_SECONDS + 1);
    await restartedRunner(gatedEngine().engine);
    expect(await job(id)).toMatchObject({ status: 'FAILED', attempt: MAX_ATTEMPTS });
    expect(dead.started).toHaveLength(MAX_ATTEMPTS);
    dead.open();
    await Promise.all(runners.map((runner) => runner.close()));
    await t.drainJobs();
    const ledger = await t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, user.id));
    expect(ledger.filter((r) => r.type === 'REFUNDED')).toHaveLength(1);
    expect((await job(id)).status).toBe('FAILED');
  });
});
