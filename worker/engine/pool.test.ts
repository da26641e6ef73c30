import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineInputError } from '../contract/engine-operations';
import { createEnginePool } from './pool';

const pool = createEnginePool({ threads: 1 });
afterAll(() => pool.close());

const png = async (width: number, height: number) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#3c8cff' } })
      .png()
      .toBuffer(),
  );

describe('engine pool', () => {
  it('renders in a worker thread while the event loop stays free', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const output = await pool.run({
      op: 'text-to-image',
      prompt: 'a lighthouse at dawn',
      style: 'realistic',
      width: 512,
      height: 512,
      seed: 7,
    });
    clearInterval(timer);
    expect(output).toMatchObject({ contentType: 'image/png', width: 512, height: 512 });
    expect((await sharp(output.bytes).metadata()).width).toBe(512);
    // The timer kept firing while the picture rendered: the work ran off this thread.
    expect(ticks).toBeGreaterThan(2);
  });

  it('says busy (EngineBusyError, never a failure) once every thread and its queue room is taken', async () => {
    const busyPool = createEnginePool({ threads: 1 });
    const op = { op: 'upscale' as const, image: await png(24, 24), scale: 2 as const, faceEnhancement: false };
    const runs = Array.from({ length: 6 }, () =>
      busyPool.run(op).then(
        () => 'done',
        (error: Error) => error.name,
      ),
    );
    expect(busyPool.pending).toBe(5);
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done', 'done', 'done', 'EngineBusyError']);
    expect(busyPool.pending).toBe(0);
    await busyPool.close();
  }, 60_000);

  it('upscales to exactly the factor', async () => {
    const output = await pool.run({ op: 'upscale', image: await png(40, 30), scale: 2, faceEnhancement: false });
    expect(output).toMatchObject({ width: 80, height: 60 });
    expect(await sharp(output.bytes).metadata()).toMatchObject({ width: 80, height: 60 });
  });

  it('reports an input failure as EngineInputError across the thread boundary', async () => {
    const failure = pool.run({ op: 'upscale', image: new Uint8Array([1, 2, 3, 4]), scale: 2, faceEnhancement: false });
    await expect(failure).rejects.toBeInstanceOf(EngineInputError);
    await expect(failure).rejects.toMatchObject({ code: 'INVALID_IMAGE' });
  });

  it('refuses work after close', async () => {
    const closing = createEnginePool({ threads: 1 });
    await closing.close();
    await expect(closing.run({ op: 'upscale', image: await png(8, 8), scale: 2, faceEnhancement: false })).rejects.toThrow(/closed/);
  });
});
