import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { pngBytes, pngFile, scriptedEngines } from '@tests/fixtures/images';
import { createTestApp, manualClock, type TestApp } from '@tests/setup/test-app';
import type { JobMessage } from '../adapters/queue/port';
import { createImageEngines } from '../adapters/images/engines';
import { EngineInputError, type EngineOperation } from '../contract/engine-operations';
import type { OfflineEngine } from '../services/generation/engine';
import {
  DEADLINE_MARGIN,
  MAX_DEADLINE_SECONDS,
  MEASURED_SECONDS_PER_MP,
  MIN_DEADLINE_SECONDS,
  renewLease,
} from '../services/generation/job-queue';
import { sweepExpiredJobs } from './pipeline';
import { JOB_KINDS } from './registry';

let t: TestApp;
afterEach(() => t?.close());

/** An offline engine the test scripts: the tool refuses a photo, the upscaler's machine fails. */
function scriptedOffline() {
  const ops: EngineOperation[] = [];
  const offline: OfflineEngine = {
    async run(op) {
      ops.push(op);
      if (op.op === 'tool') throw new EngineInputError('NO_FACE_FOUND', 'No face was found in this photo');
      if (op.op === 'upscale') throw new Error('worker thread crashed');
      return { bytes: await pngBytes(8, 8), contentType: 'image/png', width: 8, height: 8 };
    },
  };
  return { offline, ops };
}

async function setup(offline?: OfflineEngine) {
  t = await createTestApp({
    images: offline ? createImageEngines({ nano: scriptedEngines().images.forModel('nano')! }, offline) : undefined,
  });
  const { token, user } = await t.signIn('jobs@example.com');
  const balance = async () => (await (await t.request('/api/credits/balance', { token })).json()).available as number;
  const ledger = async () => t.deps.db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, user.id));
  const refunds = async () => (await ledger()).filter((r) => r.type === 'REFUNDED').length;
  const debits = async () => (await ledger()).filter((r) => r.amount < 0).map((r) => r.amount);
  return { token, balance, refunds, debits, job };
}

const job = async (id: string) => (await t.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.id, id)))[0]!;

const toolForm = async (toolId: string, extra: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('prompt', 'Repaint this photo as a classic oil painting');
  form.append('style', 'artistic');
  form.append('toolId', toolId);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append('images', await pngFile('me.png', 120, 90));
  return form;
};

describe('job kinds registry', () => {
  it('lists each kind once with a payload schema, a cost rule, a record type and a runner', () => {
    expect(Object.keys(JOB_KINDS).sort()).toEqual(['edit', 'text-to-image', 'tool', 'upscale']);
    for (const kind of Object.values(JOB_KINDS)) {
      expect(kind.payload.safeParse({}).success, kind.id).toBe(false);
      expect(typeof kind.cost).toBe('function');
      expect(typeof kind.run).toBe('function');
    }
  });

  it('runs an engine tool on the offline engine (real pool) as a `tool` job with the page parameters', async () => {
    const { token } = await setup();
    const started = await (
      await t.request('/api/generate-image/edit', { method: 'POST', token, body: await toolForm('oil-painting', { extra: 'warm light' }) })
    ).json();
    expect(started).toMatchObject({ status: 'PROCESSING' });
    await t.drainJobs();
    const [job] = await t.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.id, started.id));
    expect(job).toMatchObject({ kind: 'tool', engine: 'offline', status: 'COMPLETED', cost: 4 });
    // The catalogue's inputs for this tool, validated; the prompt is the server's compile (contract/tools.ts).
    expect((job!.input as { params: Record<string, string> }).params).toEqual({ extra: 'warm light' });
    expect((job!.input as { prompt: string }).prompt).toBe(
      'Repaint this photo as a classic oil painting with visible brush strokes on canvas. warm light',
    );
    const [record] = await t.deps.db.select().from(schema.creationRecords).where(eq(schema.creationRecords.id, started.recordId));
    expect(record).toMatchObject({ type: 'OIL_PAINTING', toolId: 'oil-painting', status: 'COMPLETED', width: 120, height: 90 });
    // The first operation starts the pool's thread (loading the engine), which is slow on a busy machine.
  }, 90_000);

  it('fails an input the engine refuses at once, with its message, and refunds exactly once', async () => {
    const scripted = scriptedOffline();
    const { token, balance, refunds, debits, job } = await setup(scripted.offline);
    // An exact tool (ID photo) runs on the engine even where a generative model serves nano.
    const started = await (
      await t.request('/api/generate-image/edit', { method: 'POST', token, body: await toolForm('id-photo-generation') })
    ).json();
    // No balance check here: the in-process queue may already have run, failed and refunded the job.
    await t.drainJobs();
    expect(await job(started.id)).toMatchObject({
      kind: 'tool',
      status: 'FAILED',
      attempt: 1,
      errorCategory: 'invalid_input',
      failureCode: 'NO_FACE_FOUND',
    });
    expect(scripted.ops.filter((op) => op.op === 'tool')).toHaveLength(1);
    expect(await debits()).toEqual([-4]);
    expect(await balance()).toBe(20);
    expect(await refunds()).toBe(1);
  });

  it('retries a machine failure up to the attempt limit, then fails and refunds once', async () => {
    const scripted = scriptedOffline();
    const { token, balance, refunds, job } = await setup(scripted.offline);
    const form = new FormData();
    form.append('image', await pngFile());
    form.append('scaleFactor', '4');
    const started = await (await t.request('/api/image-upscale/upload', { method: 'POST', token, body: form })).json();
    await t.drainJobs();
    expect(scripted.ops.filter((op) => op.op === 'upscale')).toHaveLength(3);
    expect(await job(started.id)).toMatchObject({ status: 'FAILED', attempt: 3 });
    expect(await balance()).toBe(20);
    expect(await refunds()).toBe(1);
  });

  it('gives a large upscale the time its output needs, counted from its start, and tells the queue', async () => {
    const clock = manualClock(new Date());
    // An upscaler that holds each job until the test lets it go.
    const held: (() => void)[] = [];
    const offline: OfflineEngine = {
      async run() {
        await new Promise<void>((resolve) => held.push(resolve));
        return { bytes: await pngBytes(8, 8), contentType: 'image/png', width: 8, height: 8 };
      },
    };
    t = await createTestApp({ clock, images: createImageEngines({}, offline, 1) });
    const { token } = await t.signIn('big@example.com');
    // The large job is another user's: one user's line holds USER_SHARE_SECONDS of estimated work.
    const { token: other } = await t.signIn('bigger@example.com');
    const published: JobMessage[] = [];
    const publish = t.deps.queue.publish.bind(t.deps.queue);
    (t.deps.queue as { publish: unknown }).publish = async (message: JobMessage) => {
      published.push(message);
      return publish(message);
    };
    const upload = async (width: number, height: number, as = token) => {
      const form = new FormData();
      form.append('image', await pngFile('big.png', width, height));
      form.append('scaleFactor', '2');
      const res = await t.request('/api/image-upscale/upload', { method: 'POST', token: as, body: form });
      expect(res.status).toBe(200);
      return (await res.json()).id as string;
    };
    const small = await upload(64, 48);
    const large = await upload(2000, 2000, other); // 16 MP out: the pixel budget's largest job
    // Output MP × the kind's measured seconds per MP (no upscale has finished here yet) × the margin.
    const largeDeadline = Math.min(MAX_DEADLINE_SECONDS, Math.ceil(16 * MEASURED_SECONDS_PER_MP.upscale! * DEADLINE_MARGIN));
    expect(published.map((m) => m.timeoutSeconds)).toEqual([MIN_DEADLINE_SECONDS, largeDeadline]);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const status = async (id: string, as = token) =>
      (await (await t.request(`/api/image-upscale/status/${id}`, { token: as })).json()).status;

    // The small job runs past its deadline and is swept; the large one waited all along and is not.
    // Each live run's heartbeat renews its lease on the real timer: the test renews it after each jump.
    const heartbeat = async (id: string) => expect(await renewLease(t.deps, id, (await job(id)).runId!)).toBe(true);
    clock.advance(MIN_DEADLINE_SECONDS + 1);
    await heartbeat(small);
    expect(await sweepExpiredJobs(t.deps)).toBe(1);
    expect([await status(small), await status(large, other)]).toEqual(['FAILED', 'PROCESSING']);
    held.shift()!();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const running = await job(large);
    expect(running.deadlineAt.getTime() - running.startedAt!.getTime()).toBe(largeDeadline * 1000);
    clock.advance(largeDeadline - 1);
    await heartbeat(large);
    expect(await sweepExpiredJobs(t.deps)).toBe(0);
    clock.advance(2);
    await heartbeat(large);
    expect(await sweepExpiredJobs(t.deps)).toBe(1);
    expect(await status(large, other)).toBe('FAILED');
    held.shift()!();
    await t.drainJobs();
  });

  it('keeps a tool on the generative engine when no offline engine is configured (the old edit path)', async () => {
    t = await createTestApp({ images: scriptedEngines().images });
    const { token } = await t.signIn('edit@example.com');
    const started = await (
      await t.request('/api/generate-image/edit', { method: 'POST', token, body: await toolForm('oil-painting') })
    ).json();
    await t.drainJobs();
    const [row] = await t.deps.db.select().from(schema.generationJobs).where(eq(schema.generationJobs.id, started.id));
    expect(row).toMatchObject({ kind: 'edit', engine: 'nano', status: 'COMPLETED' });
  });
});
