/**
 * Cyberpunk: a night-city grade — crushed blacks, teal/blue shadows and magenta-pink highlights,
 * neon bloom around the bright areas, a chromatic fringe that grows toward the frame's edges, faint
 * scanlines and a vignette.
 */
import { scaleFor } from './filters';
import { gaussianBlur, luminance, type Plane, type PhotoTool } from './raster';

const SHADOW: [number, number, number] = [0.0, 0.5, 0.62];
const MID: [number, number, number] = [0.35, 0.12, 0.75];
const HIGHLIGHT: [number, number, number] = [1.0, 0.2, 0.7];

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
  const graded = new Float32Array(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    // Contrast curve with crushed blacks; then split toning: teal pushed into the shadows, magenta-pink
    // into the highlights, over the photo's own (boosted) colours so faces and objects stay readable.
    const l = lum.data[p]!;
    const v = Math.min(1, Math.max(0, (l - 0.05) / 0.9));
    const t = v * v * (3 - 2 * v);
    const shadow = (1 - t) ** 1.5;
    const highlight = t ** 2;
    for (let c = 0; c < 3; c++) {
      const original = image.data[p * 3 + c]!;
      const saturated = l + (original - l) * 1.35;
      const base = saturated * (t / Math.max(1e-3, v || 1e-3)) * 0.8;
      graded[p * 3 + c] = base * 0.78 + SHADOW[c]! * shadow * 0.55 + MID[c]! * shadow * highlight * 0.5 + HIGHLIGHT[c]! * highlight * 0.38;
    }
  }
  // Neon bloom: bright parts blurred wide and tinted, added back.
  const bright: Plane = { width, height, data: new Float32Array(width * height) };
  for (let p = 0; p < bright.data.length; p++) bright.data[p] = Math.max(0, lum.data[p]! - 0.62) / 0.38;
  const glowWide = gaussianBlur(bright, 18 * Math.max(0.5, s));
  const glowNear = gaussianBlur(bright, 5 * Math.max(0.5, s));
  const planes = [0, 1, 2].map((c) => ({ width, height, data: graded.filter((_, i) => i % 3 === c) }) as Plane);
  const cx = width / 2;
  const cy = height / 2;
  const maxR = Math.hypot(cx, cy);
  const fringe = 6 * Math.max(0.5, s);
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const dx = (x - cx) / maxR;
      const dy = (y - cy) / maxR;
      const r2 = dx * dx + dy * dy;
      // Chromatic aberration: red sampled outward, blue inward, growing with the distance from the centre.
      const shift = fringe * r2;
      const red = sample(planes[0]!, x + dx * shift, y + dy * shift);
      const green = planes[1]!.data[p]!;
      const blue = sample(planes[2]!, x - dx * shift, y - dy * shift);
      const glow = glowWide.data[p]! * 0.55 + glowNear.data[p]! * 0.35;
      const scan = y % Math.max(2, Math.round(3 * s)) === 0 ? 0.93 : 1;
      const vignette = 1 - 0.45 * r2;
      out[p * 3] = (red + glow * 1.0) * scan * vignette;
      out[p * 3 + 1] = (green + glow * 0.25) * scan * vignette;
      out[p * 3 + 2] = (blue + glow * 0.9) * scan * vignette;
    }
  }
  return { image: { width, height, data: out } };
};
