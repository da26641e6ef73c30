/**
 * Cyberpunk: a night-city grade over the photo's own colours.
 * 1. Contrast curve with crushed blacks; the photo's colours boosted a little.
 * 2. Split toning that keeps each pixel's luminance: shadows take on teal, highlights magenta-pink,
 *    mid-tones keep most of their own colour so faces and objects stay readable.
 * 3. Neon bloom: the bright parts of the graded image, blurred near and wide, added back in their own
 *    (now pink or cyan) colour, so lights glow instead of the whole frame going pink.
 * 4. Chromatic fringe: red sampled outward, blue inward, growing toward the corners; faint scanlines
 *    and a light vignette.
 */
import { scaleFor } from './filters';
import { gaussianBlur, luminance, type Plane, type PhotoTool } from './raster';

/** Tints normalised to luminance 1, so mixing one in keeps a pixel's brightness. */
const tint = (r: number, g: number, b: number): [number, number, number] => {
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return [r / l, g / l, b / l];
};
const TEAL = tint(0.0, 0.78, 0.9);
const MAGENTA = tint(1.0, 0.3, 0.85);
/** The mid-tones' cast toward magenta, on the photo's own colours. */
const NEON = [1.0, 0.84, 1.08];
const TEAL_FLOOR = [0.0, 0.1, 0.12];

/** Bilinear sample of a plane at (x, y), clamped. */
function sample(plane: Plane, x: number, y: number): number {
  const { width, height, data } = plane;
  const cx = Math.min(width - 1, Math.max(0, x));
  const cy = Math.min(height - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const fx = cx - x0;
  const fy = cy - y0;
  return (
    (data[y0 * width + x0]! * (1 - fx) + data[y0 * width + x1]! * fx) * (1 - fy) +
    (data[y1 * width + x0]! * (1 - fx) + data[y1 * width + x1]! * fx) * fy
  );
}

export const cyberpunk: PhotoTool = async ({ image }) => {
  const s = scaleFor(image);
  const { width, height } = image;
  const lum = luminance(image);
  const n = width * height;
  const planes = [0, 1, 2].map(() => ({ width, height, data: new Float32Array(n) }) as Plane);
  for (let p = 0; p < n; p++) {
    const l = lum.data[p]!;
    const [r, g, b] = [image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!];
    // Brightness as the strongest channel: a saturated red cup is a mid-tone, not a shadow to crush.
    const value = Math.max(r, g, b);
    // Contrast: blacks crushed below 0.05, a mild S-curve through the mid-tones (the curve's gain
    // scales all three channels, so hues stay).
    const v = Math.min(1, Math.max(0, (value - 0.05) / 0.92));
    const curved = 0.95 * (0.3 * v + 0.7 * v * v * (3 - 2 * v));
    const gain = value > 1e-4 ? curved / value : 0;
    // Teal where it is dark, magenta-pink where the luminance is high (a white wall, not an orange suit).
    const shadow = 0.9 * (1 - v) ** 1.6;
    const highlight = 0.6 * Math.max(0, (l - 0.5) / 0.5) ** 1.5;
    const target = l * gain;
    for (let c = 0; c < 3; c++) {
      // The photo's colour at the new brightness, a little more saturated…
      // (warm hues pulled toward magenta: less green, more blue, so the table and the fur read as neon-lit)…
      const own = (l + (image.data[p * 3 + c]! - l) * 1.3) * gain * NEON[c]! + (c === 2 ? 0.12 * (r - b) * gain : 0);
      // …mixed toward teal in the shadows and magenta in the highlights at the same luminance.
      const toned = own * (1 - shadow - highlight) + TEAL[c]! * target * shadow + MAGENTA[c]! * target * highlight;
      // Blacks lifted a touch into teal, the night-city floor, instead of going flat black.
      planes[c]!.data[p] = Math.max(0, toned + TEAL_FLOOR[c]! * (1 - v) ** 2);
    }
  }
  // Neon bloom: what is bright after grading, in its own colour, blurred near and wide.
  const glowNear: Plane[] = [];
  const glowWide: Plane[] = [];
  for (let c = 0; c < 3; c++) {
    const bright: Plane = { width, height, data: new Float32Array(n) };
    for (let p = 0; p < n; p++) {
      const l = 0.2126 * planes[0]!.data[p]! + 0.7152 * planes[1]!.data[p]! + 0.0722 * planes[2]!.data[p]!;
      const pass = Math.max(0, l - 0.5) / 0.5;
      bright.data[p] = planes[c]!.data[p]! * pass;
    }
    glowNear.push(gaussianBlur(bright, 4 * Math.max(0.4, s)));
    glowWide.push(gaussianBlur(bright, 16 * Math.max(0.4, s)));
  }
  const cx = width / 2;
  const cy = height / 2;
  const maxR = Math.hypot(cx, cy);
  // Fringe: up to 1.4 % of the longer side at the corners (at least 4 px), half that at the edges' middles.
  const fringe = Math.max(4, 0.014 * Math.max(width, height));
  const scanStep = Math.max(2, Math.round(3 * s));
  const out = new Float32Array(n * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const dx = (x - cx) / maxR;
      const dy = (y - cy) / maxR;
      const r2 = dx * dx + dy * dy;
      // Radial offset of `fringe × r²` px: (dx, dy) / r is the unit direction, so the step is fringe × r × (dx, dy).
      const step = fringe * Math.sqrt(r2);
      const rgb = [sample(planes[0]!, x + dx * step, y + dy * step), planes[1]!.data[p]!, sample(planes[2]!, x - dx * step, y - dy * step)];
      const scan = y % scanStep === 0 ? 0.94 : 1;
      const vignette = 1 - 0.3 * r2;
      for (let c = 0; c < 3; c++) {
        const glow = glowNear[c]!.data[p]! * 0.8 + glowWide[c]!.data[p]! * 1.5;
        // Screen the glow over the graded pixel: lights bloom without clipping flat.
        const base = Math.min(1, rgb[c]!);
        out[p * 3 + c] = (1 - (1 - base) * (1 - Math.min(1, glow))) * scan * vignette;
      }
    }
  }
  return { image: { width, height, data: out } };
};
