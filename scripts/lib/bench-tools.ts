/**
 * Photo tools section of `npm run bench`: warm time of each tool on a 1 MP photo (the
 * astronaut crop enlarged to 1024×1024), whole `applyTool` (decode, algorithm, PNG encode), median
 * of three runs after one warm-up, and its ratio to a reference measured in the same run on the
 * same image: sharp decoding, blurring (σ 3) and encoding it as PNG, the cheapest honest "touch
 * every pixel and write a PNG" a server can do. Ratios survive this machine's noise; ms do not.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { ENGINE_TOOL_IDS, type EngineToolId } from '@worker/contract/engine-operations';
import { applyTool } from '@worker/engine/tools/index';

const PARAMS: Partial<Record<EngineToolId, Record<string, string>>> = {
  'id-photo-generation': { size: 'passport', backgroundColor: '#0000ff' },
};

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

export async function benchTools(log: (line: string) => void = console.log) {
  // As in the engine's pool threads (pool-task.ts): one libvips thread, so the reference is fair.
  sharp.concurrency(1);
  const source = readFileSync(new URL('../../tests/fixtures/photos/astronaut.png', import.meta.url));
  const photo = new Uint8Array(await sharp(source).resize(1024, 1024, { kernel: 'lanczos3' }).png().toBuffer());
  const reference = await median(3, () => sharp(photo).blur(3).png().toBuffer());
  log(
    `\nPhoto tools on a 1 MP photo (1024×1024), one thread, median of 3 warm runs; reference = sharp decode + blur σ3 + PNG = ${reference.toFixed(0)} ms:\n`,
  );
  log('| tool | ms | × reference |');
  log('|---|---:|---:|');
  for (const toolId of ENGINE_TOOL_IDS) {
    const ms = await median(3, () => applyTool(toolId, photo, PARAMS[toolId] ?? {}, 7));
    log(`| ${toolId} | ${ms.toFixed(0)} | ${(ms / reference).toFixed(1)} |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchTools();
