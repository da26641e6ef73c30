/**
 * Upscaler section of `npm run bench`, also `npm run bench:upscaler`.
 * Quality: each public-domain photo crop (tests/fixtures/photos, 256×256) is shrunk by the factor (2, 4, 8)
 * with antialiased bicubic (the standard super-resolution degradation, MATLAB imresize) and
 * enlarged back; PSNR (RGB) and SSIM (luma, Gaussian window) against the original, with a border
 * of `factor` pixels left out. Speed: warm seconds per output megapixel of the whole `upscale()`
 * (decode, tiles, back-projection, PNG) per factor.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { superResolve, upscale, UPSCALE_MODEL } from '@worker/engine/upscale/index';
import { psnr, ssim, type Rgb8 } from '@worker/engine/upscale/metrics';
import { loadModel } from '@worker/engine/upscale/model';
import { resize } from '@worker/engine/upscale/resample';
import { runTiled } from '@worker/engine/upscale/tiles';

const PHOTOS = ['astronaut', 'coffee', 'chelsea'] as const;
const photoPath = (name: string) => new URL(`../../tests/fixtures/photos/${name}.png`, import.meta.url);

async function load(name: string): Promise<Rgb8> {
  const { data, info } = await sharp(readFileSync(photoPath(name)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

const round = (image: { data: Float32Array; width: number; height: number }): Rgb8 => ({
  data: Uint8Array.from(image.data, (v) => Math.min(255, Math.max(0, Math.round(v)))),
  width: image.width,
  height: image.height,
});
const fmt = (p: number, s: number) => `${p.toFixed(2)} / ${s.toFixed(3)}`;

export async function benchUpscaler(log: (line: string) => void = console.log) {
  const methods = ['bicubic', 'Lanczos-3', `ESRGAN ${UPSCALE_MODEL} alone`, 'upscaler (PLANS: ESRGAN passes + back-projection)'] as const;
  log('\nUpscaler quality: PSNR dB / SSIM against the original (photo shrunk by the factor with bicubic, enlarged back):\n');
  log(`| photo | factor | ${methods.join(' | ')} | upscaler − bicubic |`);
  log(`|---|---:|${methods.map(() => '---:').join('|')}|---:|`);
  for (const factor of [2, 4, 8] as const) {
    const sums = methods.map(() => [0, 0]);
    for (const name of PHOTOS) {
      const original = await load(name);
      const small = resize(original, original.width / factor, original.height / factor, 'bicubic');
      const input = { data: Float32Array.from(small.data), width: small.width, height: small.height };
      const model = await loadModel(UPSCALE_MODEL, factor);
      const outputs = [
        resize(small, original.width, original.height, 'bicubic'),
        resize(small, original.width, original.height, 'lanczos3'),
        round(await runTiled(input, factor, model.run, { patch: 128, padding: 24 })),
        round(await superResolve(input, factor)),
      ];
      const scores = outputs.map((o) => [psnr(original, o, factor), ssim(original, o, factor)] as const);
      scores.forEach(([p, s], i) => {
        sums[i]![0]! += p;
        sums[i]![1]! += s;
      });
      log(`| ${name} | ${factor}× | ${scores.map(([p, s]) => fmt(p, s)).join(' | ')} | ${(scores[3]![0] - scores[0]![0]).toFixed(2)} dB |`);
    }
    const mean = sums.map(([p, s]) => [p! / PHOTOS.length, s! / PHOTOS.length] as const);
    log(`| **mean** | ${factor}× | ${mean.map(([p, s]) => fmt(p, s)).join(' | ')} | **${(mean[3]![0] - mean[0]![0]).toFixed(2)} dB** |`);
  }

  log('\nUpscaler speed (one engine thread, warm, whole upscale() incl. PNG):\n');
  log('| factor | input | output | seconds | s per output MP |');
  log('|---:|---:|---:|---:|---:|');
  const coffee = readFileSync(photoPath('coffee'));
  for (const [factor, side] of [
    [2, 128],
    [4, 64],
    [8, 32],
  ] as const) {
    const input = await sharp(coffee).resize(side, side).png().toBuffer();
    await upscale(input, { scale: factor, faceEnhancement: false }); // loads the model
    const started = performance.now();
    const out = await upscale(input, { scale: factor, faceEnhancement: false });
    const seconds = (performance.now() - started) / 1000;
    log(
      `| ${factor}× | ${side}×${side} | ${out.width}×${out.height} | ${seconds.toFixed(2)} | ${(seconds / ((out.width * out.height) / 1e6)).toFixed(1)} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchUpscaler();
