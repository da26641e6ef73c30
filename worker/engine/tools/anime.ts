/**
 * Anime / cartoon: flat cel-paint regions with clean ink outlines, after Winnemöller, Olsen &
 * Gooch 2006 ("Real-Time Video Abstraction") with the XDoG lines of Winnemöller, Kyprianidis &
 * Olsen 2012.
 * 1. Iterated separable bilateral filtering in Lab flattens texture and soft shading into smooth
 *    regions while colour edges stay (npr/bilateral.ts).
 * 2. k-means in Lab picks 8–16 paints for this photo (npr/kmeans-lab.ts), told apart mostly by
 *    hue and chroma; every pixel takes its nearest paint, and a majority filter clears islands.
 * 3. Cel shading: each paint has a lit and a shaded tone (celTones), so a face or a sleeve reads as
 *    two flat tones with a clean boundary rather than a per-channel posterise.
 * 4. Paints are made a little more vivid (chroma × 1.15 for colourful ones; near-grays keep theirs,
 *    lightness is kept, so grays stay gray and blacks black).
 * 5. Bands that quantisation cut into smooth gradients, away from any edge of the photo, are
 *    softened into ramps (softenFalseBands).
 * 6. XDoG outlines of the once-smoothed lightness are drawn over as dark ink.
 */
import { boxBlur, scaleFor } from './filters';
import { iteratedBilateral } from './npr/bilateral';
import { assign, choosePalette, modeFilter } from './npr/kmeans-lab';
import { labToRgb, rasterToLab } from './npr/lab';
import { inkLines } from './npr/xdog';
import { blurRaster, createPlane, gaussianBlur, type Plane, type PhotoTool, sobel } from './raster';

/**
 * Chroma lift for a paint of lightness `l`: ×1.15 for colourful, mid-to-light paints; none for
 * near-grays (chroma below 8) or dark paints (L below 20), eased in between, so grays stay gray
 * and blacks gain no colour.
 */
export function liftChroma(l: number, a: number, b: number): [number, number] {
  const c = Math.hypot(a, b);
  const t = Math.min(1, Math.max(0, (c - 8) / 12)) * Math.min(1, Math.max(0, (l - 20) / 15));
  const gain = 1 + 0.15 * t;
  return [a * gain, b * gain];
}

/** Weight of lightness in the k-means distance: paints are told apart mostly by hue and chroma, so
 * a face's highlight stays skin instead of joining the white wall behind it. */
const LIGHTNESS_WEIGHT = 0.3;

/**
 * Cel tones of each paint: its pixels split at their mean lightness into a lit and a shaded tone
 * (each the mean of its half), when the halves differ by more than `minStep` L units; a paint with
 * little shading keeps one tone. Returns, per paint, [split, shadow L, lit L].
 */
export function celTones(smooth: Float32Array, labels: Uint8Array, k: number, minStep = 7): Float32Array {
  const sum = new Float64Array(k);
  const count = new Float64Array(k);
  for (let p = 0; p < labels.length; p++) {
    sum[labels[p]!]! += smooth[p * 3]!;
    count[labels[p]!]!++;
  }
  const split = Float64Array.from(sum, (v, c) => v / Math.max(1, count[c]!));
  const lo = new Float64Array(k);
  const hi = new Float64Array(k);
  const nlo = new Float64Array(k);
  const nhi = new Float64Array(k);
  for (let p = 0; p < labels.length; p++) {
    const c = labels[p]!;
    const l = smooth[p * 3]!;
    if (l < split[c]!) {
      lo[c]! += l;
      nlo[c]!++;
    } else {
      hi[c]! += l;
      nhi[c]!++;
    }
  }
  const out = new Float32Array(k * 3);
  for (let c = 0; c < k; c++) {
    const shadow = nlo[c] ? lo[c]! / nlo[c]! : split[c]!;
    const lit = nhi[c] ? hi[c]! / nhi[c]! : split[c]!;
    const two = lit - shadow > minStep;
    out[c * 3] = split[c]!;
    out[c * 3 + 1] = two ? shadow : split[c]!;
    out[c * 3 + 2] = two ? lit : split[c]!;
  }
  return out;
}

/** Gaussian blur of about `sigma` by three box passes (O(n) whatever the radius). */
function wideBlur(plane: Plane, sigma: number): Plane {
  const radius = Math.max(1, Math.round(sigma - 0.5));
  return boxBlur(boxBlur(boxBlur(plane, radius), radius), radius);
}

/**
 * Quantising a smooth gradient (a night sky, a lit wall) leaves bands with hard borders that no
 * edge of the photo explains: the posterise look. Away from the photo's edges (smoothed lightness
 * gradient above 0.015 per pixel, spread by `sigma`), the paint is blended toward a wide blur of
 * itself, so such bands become soft ramps; next to real edges regions stay flat and crisp.
 * Soft quantisation near smooth gradients, as in Winnemöller, Olsen & Gooch 2006. In place.
 */
function softenFalseBands(clean: Float32Array, flat: Float32Array, lightness: Plane, sigma: number) {
  const { width, height } = lightness;
  const grad = sobel(lightness).magnitude.data;
  const edge = createPlane(width, height);
  for (let p = 0; p < grad.length; p++) edge.data[p] = grad[p]! > 0.015 ? 1 : 0;
  const near = wideBlur(edge, sigma).data;
  for (let c = 0; c < 3; c++) {
    const channel = createPlane(width, height);
    for (let p = 0; p < grad.length; p++) channel.data[p] = flat[p * 3 + c]!;
    const wide = wideBlur(channel, sigma).data;
    for (let p = 0; p < grad.length; p++) {
      const w = Math.min(1, Math.max(0, 1 - near[p]! * 6));
      clean[p * 3 + c] = clean[p * 3 + c]! + (wide[p]! - clean[p * 3 + c]!) * w;
    }
  }
}

export const animeStyle: PhotoTool = async ({ image, seed }) => {
  const s = scaleFor(image);
  const { width, height } = image;
  const lab = rasterToLab(image);
  const sigmaS = Math.max(1.5, 3 * s);
  // Lines come from the once-smoothed lightness (eyes, mouths and thin structures are still
  // there); paint regions from three passes.
  const once = iteratedBilateral(lab, width, height, { sigmaS, sigmaR: 7, iterations: 1 });
  const smooth = iteratedBilateral(once, width, height, { sigmaS, sigmaR: 7, iterations: 2 });
  const weighted = smooth.slice();
  for (let i = 0; i < weighted.length; i += 3) weighted[i]! *= LIGHTNESS_WEIGHT;
  const palette = choosePalette(weighted, seed);
  const k = palette.k;
  const labels = modeFilter(assign(weighted, palette), width, height, k, Math.max(1, Math.round(3 * s)));
  // Lit / shaded decision per pixel, on a slightly blurred lightness so the boundary is a clean curve.
  const lightness = createPlane(width, height);
  for (let p = 0; p < lightness.data.length; p++) lightness.data[p] = smooth[p * 3]! / 100;
  const tones = celTones(smooth, labels, k);
  const soft = gaussianBlur(lightness, Math.max(1, 2 * s)).data;
  const paints = (c: number, lit: boolean) => {
    const l = tones[c * 3 + (lit ? 2 : 1)]!;
    const [a, b] = liftChroma(l, palette.centres[c * 3 + 1]!, palette.centres[c * 3 + 2]!);
    return labToRgb(l, a, b);
  };
  const table = Array.from({ length: k }, (_, c) => [paints(c, false), paints(c, true)] as const);
  const lineLightness = createPlane(width, height);
  for (let p = 0; p < lineLightness.data.length; p++) lineLightness.data[p] = once[p * 3]! / 100;
  const ink = inkLines(lineLightness, Math.max(0.8, 1.2 * s), Math.round(30 * s * s) + 8, { epsilon: -0.005, sharpness: 120 });
  const flat = new Float32Array(width * height * 3);
  for (let p = 0; p < labels.length; p++) {
    const c = labels[p]!;
    const [r, g, b] = table[c]![soft[p]! * 100 >= tones[c * 3]! ? 1 : 0];
    flat[p * 3] = r;
    flat[p * 3 + 1] = g;
    flat[p * 3 + 2] = b;
  }
  // A light blur of the flat paint anti-aliases region borders (clean curves, not stair-steps);
  // regions stay flat inside.
  const clean = blurRaster({ width, height, data: flat }, Math.max(0.5, 0.6 * s)).data;
  softenFalseBands(clean, flat, lightness, Math.max(5, 10 * s));
  const out = new Float32Array(width * height * 3);
  for (let p = 0; p < labels.length; p++) {
    const v = ink.data[p]!;
    const keep = v + (1 - v) * 0.12;
    out[p * 3] = clean[p * 3]! * keep;
    out[p * 3 + 1] = clean[p * 3 + 1]! * keep;
    out[p * 3 + 2] = clean[p * 3 + 2]! * keep;
  }
  return { image: { width, height, data: out } };
};
