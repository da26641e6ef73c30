/**
 * Upscaler section of `npm run bench`, also `npm run bench:upscaler` (options below).
 * Quality: each public-domain bench photo (tests/fixtures/photos, 256×256) and each held-out photo
 * (tests/fixtures/photos/held-out, cropped to a multiple of 8) is shrunk by the factor (2, 4, 8) with
 * antialiased bicubic (the standard super-resolution degradation, MATLAB imresize) and enlarged back;
 * PSNR (RGB) and SSIM (luma, Gaussian window) against the original, with a border of `factor` pixels
 * left out. Speed: seconds per output megapixel of the whole `upscale()` (decode, tiles,
 * back-projection, PNG) on one engine thread, 1 MP out per factor, warm, median of the repeats; wall
 * time and the process's CPU time (user + system: one core's worth when the networks are the only thread
 * working, so it is the figure to compare on a shared machine).
 *
 * Options: `--repeats N` (speed runs per factor, default 3), `--speed` or `--quality` (one section only).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { superResolve, upscale, UPSCALE_MODEL } from '@worker/engine/upscale/index';
import { psnr, ssim, type Rgb8 } from '@worker/engine/upscale/metrics';
import { loadModel } from '@worker/engine/upscale/model';
import { resize, toBytes } from '@worker/engine/upscale/resample';
import { runTiled } from '@worker/engine/upscale/tiles';

const FACTORS = [2, 4, 8] as const;
const PHOTOS = ['astronaut', 'coffee', 'chelsea'] as const;
const HELD_OUT = ['athlete', 'baboon', 'bird', 'building', 'fruit', 'lake', 'motorcycle', 'squirrel'] as const;
const photoPath = (name: string) => new URL(`../../tests/fixtures/photos/${name}`, import.meta.url);

/** An 8-bit RGB photo, cropped at its top left to a multiple of 8 px so every factor divides it. */
async function load(file: string): Promise<Rgb8> {
  const { width = 0, height = 0 } = await sharp(readFileSync(photoPath(file))).metadata();
  const { data, info } = await sharp(readFileSync(photoPath(file)))
    .extract({ left: 0, top: 0, width: width - (width % 8), height: height - (height % 8) })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

const round = (image: { data: Float32Array; width: number; height: number }): Rgb8 => ({
  data: toBytes(image.data),
  width: image.width,
  height: image.height,
});
const fmt = (p: number, s: number) => `${p.toFixed(2)} / ${s.toFixed(3)}`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const METHODS = ['bicubic', 'Lanczos-3', `ESRGAN ${UPSCALE_MODEL} alone`, 'upscaler (PLANS: ESRGAN passes + back-projection)'] as const;

/** PSNR / SSIM of each method on one photo at one factor. */
async function scorePhoto(original: Rgb8, factor: 2 | 4 | 8) {
  const small = resize(original, original.width / factor, original.height / factor, 'bicubic');
  const input = { data: Float32Array.from(small.data), width: small.width, height: small.height };
  const model = await loadModel(UPSCALE_MODEL, factor);
  const outputs = [
    resize(small, original.width, original.height, 'bicubic'),
    resize(small, original.width, original.height, 'lanczos3'),
    round(await runTiled(input, factor, model.run, { patch: 128, padding: 24 })),
    round(await superResolve(input, factor)),
  ];
  return outputs.map((o) => [psnr(original, o, factor), ssim(original, o, factor)] as const);
}

async function benchQuality(title: string, files: string[], log: (line: string) => void) {
  log(`\nUpscaler quality, ${title}: PSNR dB / SSIM against the original (shrunk by the factor with bicubic, enlarged back):\n`);
  log(`| photo | factor | ${METHODS.join(' | ')} | upscaler − bicubic |`);
  log(`|---|---:|${METHODS.map(() => '---:').join('|')}|---:|`);
  for (const factor of FACTORS) {
    const sums = METHODS.map(() => [0, 0]);
    for (const file of files) {
      const scores = await scorePhoto(await load(file), factor);
      scores.forEach(([p, s], i) => {
        sums[i]![0]! += p;
        sums[i]![1]! += s;
      });
      const name = file.replace(/^.*\//, '').replace(/\.\w+$/, '');
      log(`| ${name} | ${factor}× | ${scores.map(([p, s]) => fmt(p, s)).join(' | ')} | ${(scores[3]![0] - scores[0]![0]).toFixed(2)} dB |`);
    }
    const mean = sums.map(([p, s]) => [p! / files.length, s! / files.length] as const);
    log(`| **mean** | ${factor}× | ${mean.map(([p, s]) => fmt(p, s)).join(' | ')} | **${(mean[3]![0] - mean[0]![0]).toFixed(2)} dB** |`);
  }
}

/** One timed `upscale()`: wall and CPU seconds. */
async function timeUpscale(input: Buffer, scale: 2 | 4 | 8) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const out = await upscale(input, { scale, faceEnhancement: false });
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - started) / 1000, cpu: (used.user + used.system) / 1e6, pixels: out.width * out.height };
}

async function benchSpeed(repeats: number, log: (line: string) => void) {
  log(`\nUpscaler speed (one engine thread, warm, whole upscale() incl. PNG, 1 MP out, median of ${repeats}):\n`);
  log('| factor | input | output | wall s | CPU s | wall s per output MP | CPU s per output MP | CPU s per MP, each run |');
  log('|---:|---:|---:|---:|---:|---:|---:|---|');
  const coffee = readFileSync(photoPath('coffee.png'));
  for (const factor of FACTORS) {
    const side = 1024 / factor;
    const input = await sharp(coffee).resize(side, side).png().toBuffer();
    await upscale(await sharp(coffee).resize(16, 16).png().toBuffer(), { scale: factor, faceEnhancement: false }); // loads the models
    const runs = [];
    for (let i = 0; i < repeats; i++) runs.push(await timeUpscale(input, factor));
    const mp = runs[0]!.pixels / 1e6;
    const wall = median(runs.map((r) => r.wall));
    const cpu = median(runs.map((r) => r.cpu));
    const each = runs.map((r) => (r.cpu / mp).toFixed(2)).join(', ');
    log(
      `| ${factor}× | ${side}×${side} | ${Math.round(side * factor)}² | ${wall.toFixed(2)} | ${cpu.toFixed(2)} | ${(wall / mp).toFixed(2)} | **${(cpu / mp).toFixed(2)}** | ${each} |`,
    );
  }
}

export async function benchUpscaler(log: (line: string) => void = console.log, argv: string[] = []) {
  const repeats = Number(argv[argv.indexOf('--repeats') + 1]) || 3;
  const only = argv.includes('--speed') ? 'speed' : argv.includes('--quality') ? 'quality' : undefined;
  if (only !== 'speed') {
    await benchQuality(
      'bench photos',
      PHOTOS.map((name) => `${name}.png`),
      log,
    );
    await benchQuality(
      'held-out photos',
      HELD_OUT.map((name) => `held-out/${name}.jpg`),
      log,
    );
  }
  if (only !== 'quality') await benchSpeed(repeats, log);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchUpscaler(console.log, process.argv.slice(2));
