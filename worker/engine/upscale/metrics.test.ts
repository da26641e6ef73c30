import { describe, expect, it } from 'vitest';
import { faceRegion } from './face';
import { psnr, ssim, type Rgb8 } from './metrics';
import { resampler, resize, toBytes } from './resample';

const image = (width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Rgb8 => {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 3);
  return { data, width, height };
};
const texture = image(40, 40, (x, y) => [(x * 37 + y * 11) % 256, (x * 5 + y * 23) % 256, (x * y) % 256]);

describe('quality measures', () => {
  it('PSNR: identical is Infinity, a uniform error of 5 is 20·log10(255/5) dB', () => {
    expect(psnr(texture, texture)).toBe(Infinity);
    const off = { ...texture, data: texture.data.map((v) => (v < 128 ? v + 5 : v - 5)) };
    expect(psnr(texture, off)).toBeCloseTo(20 * Math.log10(255 / 5), 6);
  });

  it('SSIM: 1 for identical, lower for noise, lower still for more noise', () => {
    const noisy = (amount: number) => ({
      ...texture,
      data: texture.data.map((v, i) => Math.min(255, Math.max(0, v + (((i * 7919) % 17) - 8) * amount))),
    });
    const [same, light, heavy] = [ssim(texture, texture), ssim(texture, noisy(1)), ssim(texture, noisy(6))];
    expect(same).toBeCloseTo(1, 10);
    expect(light).toBeLessThan(same);
    expect(heavy).toBeLessThan(light);
  });

  it('refuses images of different sizes', () => {
    expect(() =>
      psnr(
        texture,
        image(10, 10, () => [0, 0, 0]),
      ),
    ).toThrow(/size mismatch/);
  });
});

describe('reference resamplers', () => {
  it('keep a flat colour flat and land on the asked size, both ways', () => {
    const flat = image(30, 20, () => [10, 200, 77]);
    for (const kernel of ['bicubic', 'lanczos3'] as const) {
      for (const [w, h] of [
        [60, 40],
        [15, 10],
        [7, 9],
      ] as const) {
        const out = resize(flat, w, h, kernel);
        expect([out.width, out.height]).toEqual([w, h]);
        expect(new Set(out.data)).toEqual(new Set([10, 200, 77]));
      }
    }
  });

  it('equal a direct, unshortened sum of the kernel over every source pixel, and reuse their buffers safely', () => {
    // The reference: every output pixel as the normalised kernel-weighted sum over all source pixels
    // (clamped at the edges), without precomputed or trimmed taps.
    const keys = (x: number) => {
      const t = Math.abs(x);
      return t <= 1 ? 1.5 * t ** 3 - 2.5 * t ** 2 + 1 : t < 2 ? -0.5 * t ** 3 + 2.5 * t ** 2 - 4 * t + 2 : 0;
    };
    const lanczos = (x: number) =>
      x === 0 ? 1 : Math.abs(x) >= 3 ? 0 : (3 * Math.sin(Math.PI * x) * Math.sin((Math.PI * x) / 3)) / (Math.PI * x) ** 2;
    const axis = (inSize: number, outSize: number, kernel: (x: number) => number, radius: number) =>
      Array.from({ length: outSize }, (_, o) => {
        const stretch = Math.max(1, inSize / outSize);
        const centre = (o + 0.5) * (inSize / outSize) - 0.5;
        const taps: [number, number][] = [];
        for (let i = Math.floor(centre - radius * stretch) - 1; i <= Math.ceil(centre + radius * stretch) + 1; i++)
          taps.push([Math.min(inSize - 1, Math.max(0, i)), kernel((i - centre) / stretch)]);
        const total = taps.reduce((sum, [, w]) => sum + w, 0);
        return taps.map(([i, w]) => [i, w / total] as const);
      });
    const src = Float32Array.from(texture.data);
    for (const [kernel, weight, radius] of [
      ['bicubic', keys, 2],
      ['lanczos3', lanczos, 3],
    ] as const) {
      for (const [w, h] of [
        [80, 80],
        [13, 10],
        [120, 17],
      ] as const) {
        const [cols, rows] = [axis(40, w, weight, radius), axis(40, h, weight, radius)];
        const resample = resampler(40, 40, w, h, kernel);
        const reused = resample(src, resample(src.map((v) => 255 - v)));
        let worst = 0;
        for (let y = 0; y < h; y++)
          for (let x = 0; x < w; x++)
            for (let c = 0; c < 3; c++) {
              let sum = 0;
              for (const [j, wy] of rows[y]!) for (const [i, wx] of cols[x]!) sum += wy * wx * src[(j * 40 + i) * 3 + c]!;
              worst = Math.max(worst, Math.abs(reused[(y * w + x) * 3 + c]! - sum));
            }
        expect(worst, `${kernel} to ${w}×${h}`).toBeLessThan(1e-3);
      }
    }
  });

  it('round and clamp floats to bytes', () => {
    expect([...toBytes([-3, 0.49, 0.5, 127.5, 254.6, 300])]).toEqual([0, 0, 1, 128, 255, 255]);
  });

  it('bicubic and Lanczos are different baselines (sharp gave identical enlargements)', () => {
    const small = resize(texture, 20, 20, 'bicubic');
    expect(psnr(resize(small, 40, 40, 'bicubic'), resize(small, 40, 40, 'lanczos3'))).toBeLessThan(50);
  });
});

describe('face regions', () => {
  it('grow the box by a quarter each side, clamp to the image, and skip broken boxes', () => {
    expect(faceRegion({ x: 40, y: 40, width: 20, height: 40 }, 100, 100)).toEqual({ left: 35, top: 30, width: 30, height: 60 });
    expect(faceRegion({ x: -10, y: 90, width: 20, height: 40 }, 100, 100)).toEqual({ left: 0, top: 80, width: 15, height: 20 });
    expect(faceRegion({ x: Number.NaN, y: 0, width: 20, height: 20 }, 100, 100)).toBeNull();
    expect(faceRegion({ x: 0, y: 0, width: -20, height: 20 }, 100, 100)).toBeNull();
    expect(faceRegion({ x: 0, y: 0, width: 3, height: 3 }, 100, 100)).toBeNull();
  });
});
