import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@db/client';
import { editRequest, textToImageRequest } from '@worker/contract/generation';
import { upscaleRequest } from '@worker/contract/upscale';
import type { JobContext } from '@worker/jobs';
import type { BlobStore } from '@worker/ports';
import { runMaintenance } from '@worker/jobs/maintenance';
import { startEdit, startTextToImage } from '@worker/jobs/start/generation';
import { runJob } from '@worker/jobs/pipeline';
import { startUpscale } from '@worker/jobs/start/upscale';
import { uploadAvatar } from '@worker/services/auth/avatars';
import { FILE_CLAIM_SECONDS } from '@worker/services/files/file-claims';
import { checkUploadedImage } from '@worker/services/generation/uploads';
import { pngFile } from '../fixtures/images';
import { createTestApp, manualClock, type TestApp } from '../setup/test-app';

/**
 * A process killed while starting work, after it stored the user's photo and before the record
 * naming it was written (docs/decisions/064-file-claims.md): the photo was claimed before it was
 * stored, and the next maintenance pass once the claim window is over removes it. Before claims, such
 * a file waited an hour for the listing sweep.
 */
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/**
 * The app's ports, where the process dies at the first transaction after a file is stored: the
 * write of the row that would name it. `killed` settles when the work reaches it.
 */
function killedAfterStoring<T extends Pick<JobContext, 'db' | 'blobs'>>(deps: T) {
  let reached!: () => void;
  const killed = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let stored = false;
  const blobs: BlobStore = {
    ...deps.blobs,
    put: async (key, body, options) => {
      await deps.blobs.put(key, body, options);
      stored = true;
    },
  };
  const db = new Proxy(deps.db, {
    get(target, property) {
      if (property === 'transaction' && stored)
        return () => {
          reached();
          return new Promise(() => {});
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ctx: { ...deps, db, blobs }, killed };
}

const filesOf = async (prefix: string) => (await t.deps.blobs.list(prefix)).map((blob) => blob.key);
const claims = async () => (await t.deps.db.select().from(schema.fileClaims)).map((claim) => claim.key);

const starts = {
  upscale: async (ctx: JobContext, userId: string) =>
    startUpscale(
      ctx,
      userId,
      upscaleRequest.parse({ scaleFactor: '2' }),
      await checkUploadedImage(t.deps, userId, await pngFile('in.png', 64, 48)),
    ),
  edit: async (ctx: JobContext, userId: string) => {
    const request = editRequest.parse({ prompt: 'black and white', model: 'nano' });
    const image = await checkUploadedImage(t.deps, userId, await pngFile('me.png', 64, 48));
    return startEdit(ctx, userId, { ...request, prompt: 'black and white', userWords: 'black and white' }, [image]);
  },
  'face swap': async (ctx: JobContext, userId: string) => {
    const request = editRequest.parse({ prompt: 'sunglasses', model: 'nano', toolId: 'face-swap' });
    const image = await checkUploadedImage(t.deps, userId, await pngFile('face.png', 64, 64));
    return startEdit(ctx, userId, { ...request, prompt: 'sunglasses', userWords: '' }, [image], {
      op: 'face-swap',
      description: '',
      selection: { head_accessories: 'sunglasses' },
    });
  },
  avatar: async (ctx: JobContext, userId: string) =>
    uploadAvatar({ ...t.deps, db: ctx.db, blobs: ctx.blobs }, userId, await pngFile('avatar.png', 64, 64)),
};

describe('an upload whose start was killed before its record', () => {
  it.each(Object.keys(starts) as (keyof typeof starts)[])(
    '%s: is claimed, and maintenance removes it once the claim window is over',
    async (kind) => {
      const { user } = await t.signIn(`killed-${kind.replace(' ', '-')}@example.com`);
      const prefix = kind === 'avatar' ? `public/avatars/${user.id}/` : `users/${user.id}/uploads/`;
      const { ctx, killed } = killedAfterStoring(t.deps);
      void starts[kind](ctx, user.id);
      await killed;
      // What the killed process left: the stored photo, no record naming it.
      const [file] = await filesOf(prefix);
      expect(file).toBeDefined();
      expect(await claims()).toContain(file);

      // A start still running is never swept: the window is far longer than a start.
      clock.advance(FILE_CLAIM_SECONDS - 60);
      await runMaintenance(t.deps);
      expect(await filesOf(prefix)).toEqual([file]);
      clock.advance(61);
      await runMaintenance(t.deps);
      expect(await filesOf(prefix)).toEqual([]);
      expect(await claims()).toEqual([]);
    },
  );
});

describe('claims of work that started', () => {
  it('are dropped by the start; one whose drop was lost keeps its file, which a record names', async () => {
    const { user } = await t.signIn('started@example.com');
    await starts.upscale(t.deps, user.id);
    const [upload] = await filesOf(`users/${user.id}/uploads/`);
    expect(upload).toBeDefined();
    expect(await claims()).toEqual([]);

    // As if the process died after the record was written, before the claim was dropped.
    await t.deps.db.insert(schema.fileClaims).values({ key: upload!, userId: user.id, createdAt: clock.now() });
    clock.advance(FILE_CLAIM_SECONDS + 1);
    await runMaintenance(t.deps);
    expect(await filesOf(`users/${user.id}/uploads/`)).toEqual([upload]);
    expect(await claims()).toEqual([]);
  });
});

describe('a result whose run was killed before the job named it', () => {
  it('is claimed, and maintenance removes it once the claim window is over', async () => {
    // An app of its own: no other job wakes its dispatcher, which would run this job itself.
    const app = await createTestApp({ clock });
    try {
      const { user } = await app.signIn('killed-result@example.com');
      const quiet = { ...app.deps, queue: { ...app.deps.queue, publish: async () => ({ messageId: 'held' }) } };
      const { id } = await startTextToImage(quiet, user.id, {
        ...textToImageRequest.parse({ prompt: 'a fox in the snow', model: 'nano', style: 'realistic', width: 512, height: 512 }),
        operation: { op: 'text-to-image', prompt: 'a fox in the snow' },
        userWords: 'a fox in the snow',
      });
      const { ctx, killed } = killedAfterStoring(app.deps);
      void runJob(ctx, id);
      await killed;
      const prefix = `users/${user.id}/results/`;
      const [file] = (await app.deps.blobs.list(prefix)).map((blob) => blob.key);
      expect(file).toBeDefined();

      clock.advance(FILE_CLAIM_SECONDS + 1);
      await runMaintenance(app.deps);
      expect(await app.deps.blobs.list(prefix)).toEqual([]);
      expect(await app.deps.db.select().from(schema.fileClaims)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
