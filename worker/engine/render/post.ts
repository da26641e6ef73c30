import sharp from 'sharp';
import type { ScenePlan } from './compose';
import type { RenderStyle } from './context';
import type { Omittable } from './parts';
import { hashString, mulberry32 } from './prng';

export interface Raw {
  data: Buffer;
  info: { width: number; height: number; channels: 3 | 4 };
}

interface Finish {
  /** Strength of the bloom (light bleeding from bright areas), 0 for none. */
  bloom: number;
  /** Unsharp-mask amount, 0 for none. */
  sharpen: number;
  saturation: number;
  brightness: number;
  contrast: number;
  vignette: number;
  /** Grain amplitude in levels. */
  grain: number;
}

/** How the finish is adjusted: a photo tool paints over it next, or the negative prompt names blur, grain or a vignette. */
export interface FinishOptions {
  /** A photo tool's medium follows (looks.ts): it makes its own texture and tones, so no brushwork, grain or vignette here. */
  medium?: boolean;
  omit?: ReadonlySet<Omittable>;
}

export function finishFor(plan: ScenePlan, style: RenderStyle, options: FinishOptions): Finish {
  const { scene } = plan.ctx;
  const glowy = scene.time !== 'day' || scene.neon || scene.mood.dreamy || scene.fireflies || scene.lanterns;
  const vivid = scene.mood.vivid ? 1.15 : 1;
  const base: Record<RenderStyle, Finish> = {
    realistic: {
      bloom: glowy ? 0.5 : 0.2,
      sharpen: 0.5,
      saturation: 1.04,
      brightness: 1,
      contrast: 1.04,
      vignette: scene.time === 'night' ? 0.42 : 0.3,
      grain: 3.5,
    },
    artistic: { bloom: 0, sharpen: 0, saturation: 1.12, brightness: 1, contrast: 1.03, vignette: 0.28, grain: 0 },
    anime: { bloom: glowy ? 0.45 : 0.15, sharpen: 0.6, saturation: 1.14, brightness: 1.02, contrast: 1.03, vignette: 0, grain: 0 },
    cartoon: { bloom: 0, sharpen: 0, saturation: 1.18, brightness: 1.02, contrast: 1, vignette: 0, grain: 0 },
    abstract: { bloom: glowy ? 0.3 : 0, sharpen: 0, saturation: 1.08, brightness: 1, contrast: 1.02, vignette: 0.15, grain: 4 },
  };
  const f = base[style];
  const omit = options.omit ?? new Set<Omittable>();
  return {
    ...f,
    bloom: omit.has('blur') ? 0 : scene.mood.dreamy ? Math.max(f.bloom, 0.7) : f.bloom,
    saturation: f.saturation * vivid,
    brightness: f.brightness * (scene.mood.bright ? 1.05 : 1),
    grain: options.medium || omit.has('grain') ? 0 : f.grain,
    // A tool's tone bands would turn a vignette's smooth falloff into a ring.
    vignette: options.medium || omit.has('vignette') ? 0 : f.vignette,
  };
}

/**
 * Style finishing in one pass over the pixels (bloom, sharpening, colour, vignette, grain), plus
 * brushwork for the artistic style. sharp only does the blurs and resizes, which it does fast.
 */
export async function finishStyle(input: Raw, plan: ScenePlan, style: RenderStyle, options: FinishOptions = {}): Promise<Raw> {
  const f = finishFor(plan, style, options);
  const seed = hashString(`finish:${plan.ctx.rand()}`);
  const img = await pixelPass(input, f, seed);
  return style === 'artistic' && !options.medium ? brushwork(img, seed, options.omit?.has('grain') ? 0 : 7) : img;
}

async function pixelPass(input: Raw, f: Finish, seed: number, grainScale = 1): Promise<Raw> {
  const { width: w, height: h, channels: ch } = input.info;
  const src = input.data;
  const [glow, blurred] = await Promise.all([
    f.bloom > 0 ? bloomLayer(input, f.bloom) : null,
    f.sharpen > 0 ? sharp(src, { raw: input.info }).blur(1.1).raw().toBuffer() : null,
  ]);
  const out = Buffer.alloc(w * h * 3);
  const rand = mulberry32(seed);
  // A separable vignette: cheap, and indistinguishable from a radial one at this strength.
  const vx = new Float32Array(w);
  const vy = new Float32Array(h);
  const fall = (t: number) => 1 - f.vignette * Math.min(1, Math.max(0, (Math.abs(t) - 0.35) / 0.65)) ** 2;
  for (let x = 0; x < w; x++) vx[x] = fall((x / (w - 1)) * 2 - 1);
  for (let y = 0; y < h; y++) vy[y] = fall((y / (h - 1)) * 2 - 1) * f.brightness;
  const grainW = Math.ceil(w / grainScale);
  const grainRow = new Float32Array(grainW);
  const amount = f.grain * 1.7;
  const sat = f.saturation;
  const sharpen = f.sharpen;
  const contrast = f.contrast;
  const shift = 128 - 128 * contrast;
  let prevRow = -1;
  for (let y = 0; y < h; y++) {
    const gy = Math.floor(y / grainScale);
    if (amount && gy !== prevRow) {
      for (let i = 0; i < grainW; i++) grainRow[i] = (rand() + rand() - 1) * amount;
      prevRow = gy;
    }
    const ky = vy[y]!;
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const i = p * ch;
      const o = p * 3;
      let r = src[i]!;
      let g = src[i + 1]!;
      let b = src[i + 2]!;
      if (blurred) {
        r += (r - blurred[i]!) * sharpen;
        g += (g - blurred[i + 1]!) * sharpen;
        b += (b - blurred[i + 2]!) * sharpen;
      }
      if (glow) {
        const gr = glow[o]!;
        const gg = glow[o + 1]!;
        const gb = glow[o + 2]!;
        r += gr - (r * gr) / 255;
        g += gg - (g * gg) / 255;
        b += gb - (b * gb) / 255;
      }
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      const k = ky * vx[x]!;
      const noise = amount ? grainRow[(x / grainScale) | 0]! : 0;
      r = ((l + (r - l) * sat) * contrast + shift) * k + noise;
      g = ((l + (g - l) * sat) * contrast + shift) * k + noise;
      b = ((l + (b - l) * sat) * contrast + shift) * k + noise;
      out[o] = r < 0 ? 0 : r > 255 ? 255 : r + 0.5;
      out[o + 1] = g < 0 ? 0 : g > 255 ? 255 : g + 0.5;
      out[o + 2] = b < 0 ? 0 : b > 255 ? 255 : b + 0.5;
    }
  }
  return { data: out, info: { width: w, height: h, channels: 3 } };
}

/** Bright areas, blurred at quarter size and scaled back up (3 channels). */
async function bloomLayer(img: Raw, strength: number): Promise<Buffer> {
  const { width: w, height: h } = img.info;
  const qw = Math.max(4, Math.round(w / 4));
  const qh = Math.max(4, Math.round(h / 4));
  const small = await sharp(img.data, { raw: img.info }).removeAlpha().resize(qw, qh).raw().toBuffer();
  // Keep only what is brighter than ~60 %, scaled by strength.
  for (let i = 0; i < small.length; i++) small[i] = clamp((small[i]! - 150) * 2.2 * strength);
  const blurred = await sharp(small, { raw: { width: qw, height: qh, channels: 3 } })
    .blur(4)
    .raw()
    .toBuffer();
  return sharp(blurred, { raw: { width: qw, height: qh, channels: 3 } })
    .resize(w, h, { kernel: 'linear' })
    .raw()
    .toBuffer();
}

/**
 * Painterly brushwork: strokes coloured from the picture itself, laid along its edges. A coarse pass
 * covers the canvas; a fine pass repaints only where there is detail, so forms stay readable.
 */
async function brushwork(img: Raw, seed: number, grain: number): Promise<Raw> {
  const { width: w, height: h } = img.info;
  // Stroke sizes follow the picture's area so the stroke count (and the time) stays bounded.
  const scale = Math.sqrt(w * h) / 1000;
  const passes = [
    { cell: 24 * scale, detailOnly: false, alpha: 0.8 },
    { cell: 8.5 * scale, detailOnly: true, alpha: 0.9 },
  ];
  const layers = await Promise.all(passes.map((options, pass) => brushPass(img, seed, pass, options)));
  // The picture, then each pass alpha-blended over it, then a canvas-like grain (in 2-px cells).
  const base = Buffer.from(img.data);
  const [coarse, fine] = layers as [Buffer, Buffer];
  const noise = mulberry32(seed ^ 0x27d4eb2d);
  const row = new Float32Array(Math.ceil(w / 2));
  for (let y = 0; y < h; y++) {
    if (y % 2 === 0) for (let i = 0; i < row.length; i++) row[i] = (noise() + noise() - 1) * grain * 1.7;
    for (let x = 0; x < w; x++) {
      const p = (y * w + x) * 3;
      const q = (y * w + x) * 4;
      let r = base[p]!;
      let g = base[p + 1]!;
      let b = base[p + 2]!;
      const a1 = coarse[q + 3]! * INV255;
      if (a1) {
        r += (coarse[q]! - r) * a1;
        g += (coarse[q + 1]! - g) * a1;
        b += (coarse[q + 2]! - b) * a1;
      }
      const a2 = fine[q + 3]! * INV255;
      if (a2) {
        r += (fine[q]! - r) * a2;
        g += (fine[q + 1]! - g) * a2;
        b += (fine[q + 2]! - b) * a2;
      }
      const n = row[x >> 1]!;
      base[p] = clamp(r + n);
      base[p + 1] = clamp(g + n);
      base[p + 2] = clamp(b + n);
    }
  }
  return { data: base, info: { width: w, height: h, channels: 3 } };
}

type BrushPassOptions = { cell: number; detailOnly: boolean; alpha: number };

/** One pass of strokes over the picture, as an RGBA layer the size of the picture. */
async function brushPass(img: Raw, seed: number, pass: number, { cell, detailOnly, alpha }: BrushPassOptions): Promise<Buffer> {
  const { width: w, height: h } = img.info;
  // A random stream per pass: the passes run side by side and resume in whichever order their
  // resizes finish, so one shared stream would hand each pass different numbers from run to run.
  const rand = mulberry32((seed ^ 0x5bd1e995) + pass * 0x9e3779b9);
  const range = (a: number, b: number) => a + (b - a) * rand();
  const gw = Math.max(2, Math.ceil(w / cell));
  const gh = Math.max(2, Math.ceil(h / cell));
  const small = await sharp(img.data, { raw: img.info }).resize(gw, gh, { fit: 'fill' }).raw().toBuffer();
  const px = (x: number, y: number, c: number) =>
    small[(Math.min(gh - 1, Math.max(0, y)) * gw + Math.min(gw - 1, Math.max(0, x))) * 3 + c]!;
  const lum = (x: number, y: number) => 0.3 * px(x, y, 0) + 0.59 * px(x, y, 1) + 0.11 * px(x, y, 2);
  // The fine pass repaints only the most detailed cells, at most 1,600 of them.
  let threshold = 0;
  if (detailOnly) {
    const mags: number[] = [];
    for (let gy = 0; gy < gh; gy++)
      for (let gx = 0; gx < gw; gx++) mags.push(Math.hypot(lum(gx + 1, gy) - lum(gx - 1, gy), lum(gx, gy + 1) - lum(gx, gy - 1)));
    mags.sort((a, b) => b - a);
    threshold = Math.max(22, mags[Math.min(mags.length - 1, 1600)] ?? 0);
  }
  let strokes = '';
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const dx = lum(gx + 1, gy) - lum(gx - 1, gy);
      const dy = lum(gx, gy + 1) - lum(gx, gy - 1);
      const mag = Math.hypot(dx, dy);
      if (detailOnly && mag <= threshold) continue;
      // Along edges where there is contrast; a gentle, mostly horizontal drift elsewhere.
      const angle = mag > 8 ? Math.atan2(dy, dx) + Math.PI / 2 : Math.sin(gx * 0.35 + gy * 0.2) * 0.45 + (rand() - 0.5) * 0.3;
      const jitter = range(-10, 10);
      const cx = (gx + 0.5 + range(-0.4, 0.4)) * cell;
      const cy = (gy + 0.5 + range(-0.4, 0.4)) * cell;
      const len = cell * range(0.8, 1.4);
      const ex = Math.cos(angle) * len;
      const ey = Math.sin(angle) * len;
      const bend = range(-0.25, 0.25) * len;
      strokes += `<path d="M${(cx - ex).toFixed(1)} ${(cy - ey).toFixed(1)}q${(ex - Math.sin(angle) * bend).toFixed(1)} ${(ey + Math.cos(angle) * bend).toFixed(1)} ${(ex * 2).toFixed(1)} ${(ey * 2).toFixed(1)}" stroke="rgb(${clamp(px(gx, gy, 0) + jitter)},${clamp(px(gx, gy, 1) + jitter)},${clamp(px(gx, gy, 2) + jitter)})" stroke-width="${(cell * range(0.65, 0.95)).toFixed(1)}"/>`;
    }
  }
  // The broad underpainting strokes are drawn at half size (soft-edged, like wet paint) for speed.
  const k = detailOnly ? 1 : 0.5;
  const rw = Math.round(w * k);
  const rh = Math.round(h * k);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${rw}" height="${rh}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="none"><g fill="none" stroke-linecap="round" stroke-opacity="${alpha}">${strokes}</g></svg>`;
  const out = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  return k === 1
    ? out
    : sharp(out, { raw: { width: rw, height: rh, channels: 4 } })
        .resize(w, h, { kernel: 'linear' })
        .raw()
        .toBuffer();
}

const INV255 = 1 / 255;
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
