/**
 * `npm run bench:job-rates` (npx tsx scripts/lib/bench-job-rates.ts): warm seconds per output
 * megapixel of each job kind on one engine thread of this machine — the table job deadlines start
 * from before any job of a kind has finished here (worker/jobs/run-time.ts). Each row is the
 * median of three warm runs of the slowest realistic operation of the kind: text-to-image 1024²,
 * the slowest photo tool on 1 MP, an edit of 1 MP, and 2×/4×/8× upscales (the kind's table value
 * is the slowest factor).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { ENGINE_TOOL_IDS, type EngineOperation } from '@worker/contract/engine-operations';
import { createEnginePool } from '@worker/engine/pool';

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]! / 1000;
}

export async function benchJobRates(log: (line: string) => void = console.log) {
  const pool = createEnginePool({ threads: 1 });
  const source = readFileSync(new URL('../../tests/fixtures/photos/astronaut.png', import.meta.url));
  const photo = new Uint8Array(await sharp(source).resize(1024, 1024).png().toBuffer());
  const run = (operation: EngineOperation) => () => pool.run(operation);
  const rows: [kind: string, label: string, seconds: number, megapixels: number][] = [];
  rows.push([
    'text-to-image',
    '1024²',
    await median(3, run({ op: 'text-to-image', prompt: 'a lighthouse at dawn', style: 'realistic', width: 1024, height: 1024, seed: 7 })),
    1.048576,
  ]);
  let slowestTool = 0;
  let slowestToolId = '';
  for (const toolId of ENGINE_TOOL_IDS) {
    const params: Record<string, string> = toolId === 'id-photo-generation' ? { size: 'passport', backgroundColor: '#0000ff' } : {};
    // A tool that needs more than a photo (a second face, a mask) refuses this one: not its figure.
    const seconds = await median(1, run({ op: 'tool', toolId, image: photo, params, seed: 7 })).catch(() => 0);
    if (seconds > slowestTool) [slowestTool, slowestToolId] = [seconds, toolId];
  }
  rows.push(['tool', `${slowestToolId} 1024²`, slowestTool, 1.048576]);
  rows.push([
    'edit',
    '1024²',
    await median(3, run({ op: 'edit', prompt: 'watercolor', style: 'realistic', images: [photo], seed: 7 })),
    1.048576,
  ]);
  for (const [factor, side] of [
    [2, 256],
    [4, 128],
    [8, 64],
  ] as const) {
    const input = new Uint8Array(await sharp(source).resize(side, side).png().toBuffer());
    const seconds = await median(3, run({ op: 'upscale', image: input, scale: factor, faceEnhancement: false }));
    rows.push(['upscale', `${factor}× of ${side}²`, seconds, (side * factor) ** 2 / 1e6]);
  }
  await pool.close();
  log('\nJob run time per output megapixel (one engine thread, warm, median of 3):\n');
  log('| kind | job | seconds | s per output MP |');
  log('|---|---|---:|---:|');
  for (const [kind, label, seconds, mp] of rows) log(`| ${kind} | ${label} | ${seconds.toFixed(2)} | ${(seconds / mp).toFixed(2)} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchJobRates();
