/**
 * Keeping the test server's engine busy on purpose: noise the upscaler cannot shortcut, uploaded as
 * upscales by other users, so a job under test waits its turn in the queue for real.
 */
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ApiSession } from './api-client';

/**
 * The engine slots of the server global-setup started: it inherits this process's environment and
 * machine, so this is its own rule (worker/engine/pool.ts defaultEngineThreads, ENGINE_PARALLELISM).
 */
export const engineSlots = Number(process.env.ENGINE_PARALLELISM) || Math.max(1, availableParallelism() - 1);

/** Noise, `side`²: a 2× upscale of 480² runs for tens of seconds on one busy thread. */
export async function busyPhoto(side = 480): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2_654_435_761) >>> 24;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

/** Starts an upscale (2× unless told) of `image` for `session` on the server at `baseUrl`; returns its job id. */
export async function startUpscale(baseUrl: string, session: ApiSession, image: Buffer, factor: 2 | 4 | 8 = 2): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'noise.png');
  form.append('scaleFactor', String(factor));
  const response = await fetch(`${baseUrl}/api/image-upscale/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  });
  const body = (await response.json()) as { id?: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.id!;
}
