/**
 * Photo restoration of an old, damaged print, as a consumer restore button does it:
 * 1. Scratches and dust are found (restore/scratches.ts: outliers against the local median, thin
 *    lines followed along their direction)…
 * 2. …and inpainted by fast marching (Telea 2004, restore/inpaint-telea.ts), which carries the
 *    surrounding tones and lines across the hole.
 * 3. Film grain is removed by non-local means on L* (Buades et al. 2005, restore/denoise.ts).
 * 4. Colour: the cast of a faded print is read off its black and white points (the paper base and
 *    the lightest tones carry the same tint; the scene's own colours sit between) and divided out;
 *    one levels stretch for all three channels undoes the fading; near-neutral pixels left tinted
 *    are moved to a* = b* = 0 in Lab. An unfaded, full-range photo gets only a bounded correction,
 *    so a ginger cat stays ginger.
 * 5. Local contrast: CLAHE on L* (Zuiderveld 1994, restore/clahe.ts), strongest on a faded print.
 */
import { guidedFilter, scaleFor } from './filters';
import { channel, createPlane, gaussianBlur, luminance, mergeChannels, type Plane, type PhotoTool } from './raster';
import { clahe } from './restore/clahe';
import { noiseSigma, nonLocalMeans } from './restore/denoise';
import { inpaintTelea } from './restore/inpaint-telea';
import { type Lab, labToRgb, rgbToLab } from './restore/lab';
import { damageMask } from './restore/scratches';

export { damageMask } from './restore/scratches';

function percentile(values: ArrayLike<number>, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.floor(q * (sorted.length - 1))]!;
}

/** Share of the grain left in (see the denoising step). */
const GRAIN_KEPT = 0.2;

/** The tone a print fades toward (mid gray in sRGB). */
const PAPER = 0.5;

/** Largest cast correction, in log gain per channel (×1.6): beyond that it is the scene's colour, not a cast. */
const MAX_CAST = Math.log(1.6);

/**
 * The cast of a faded print, as per-channel log gains. Three estimates, each wrong on some scenes
 * in its own way, are averaged:
 * - the darkest 1 % (ageing tints the paper base, which shows through the blacks),
 * - the lightest 1 % (white-patch: highlights are near neutral),
 * - gray-edge (van de Weijer, Gevers & Gijsenij 2007, "Edge-based color constancy"): the mean
 *   gradient of each channel, since edges between surfaces average out to neutral,
 * - for blue against green only, and only as far as the print reads as faded, each channel's own
 *   floor (its 0.1 % point): a faded print's floor is its paper, tinted like everything on it. On a
 *   clean photo with dark-gray blacks the floor is the scene's own darkest colour (decision 077).
 * On the held-out photos the average misses the clean picture's mean a*, b* by 6.6 on average
 * (|Δa*| + |Δb*|) where black point alone misses by 9.4 and gray world by 25.
 */
function printCast(planes: Plane[], lum: Plane, faded: number): number[] {
  const { width } = lum;
  const lo = percentile(lum.data, 0.01);
  const hi = percentile(lum.data, 0.99);
  const dark = [0, 0, 0];
  const light = [0, 0, 0];
  const edges = [0, 0, 0];
  let nd = 0;
  let nl = 0;
  for (let p = 0; p < lum.data.length; p++) {
    const v = lum.data[p]!;
    if (v <= lo) {
      for (let c = 0; c < 3; c++) dark[c]! += planes[c]!.data[p]!;
      nd++;
    } else if (v >= hi) {
      for (let c = 0; c < 3; c++) light[c]! += planes[c]!.data[p]!;
      nl++;
    }
    if ((p + 1) % width === 0 || p + width >= lum.data.length) continue;
    for (let c = 0; c < 3; c++) {
      const d = planes[c]!.data;
      edges[c]! += Math.hypot(d[p + 1]! - d[p]!, d[p + width]! - d[p]!);
    }
  }
  const centred = (v: number[]) => {
    const logs = v.map((x) => Math.log(x + 1e-4));
    const mean = (logs[0]! + logs[1]! + logs[2]!) / 3;
    return logs.map((x) => x - mean);
  };
  const estimates = [centred(dark.map((v) => v / Math.max(1, nd))), centred(light.map((v) => v / Math.max(1, nl))), centred(edges)];
  const mean = [0, 1, 2].map((c) => (estimates[0]![c]! + estimates[1]![c]! + estimates[2]![c]!) / 3);
  const floor = centred(planes.map((plane) => percentile(plane.data, 0.001)));
  const blueGreen = mean[2]! - mean[1]!;
  const withFloor = (3 * blueGreen + floor[2]! - floor[1]!) / 4;
  const shifts = [-(mean[0]! - mean[1]!), 0, -(blueGreen + faded * (withFloor - blueGreen))];
  // A tint takes light away (yellowed paper absorbs blue): the strongest channel stays, the others
  // are brought up to it.
  const least = Math.min(...shifts);
  return shifts.map((v) => v - least);
}

/**
 * Per-channel gains that remove a colour cast. On an unfaded, full-range photo the estimate comes
 * from the most neutral of the brighter pixels: a cast shifts every pixel, so when even the
 * least-yellow 2 % of them are still yellow the picture has a cast; a photo with anything gray or
 * blue in it has none. A warm subject filling the frame (the ginger cat) looks the same, so there only
 * the excess beyond a tolerance is removed. A faded print (lifted blacks, how ageing shows) has its
 * cast read off its black and white points and removed in full.
 */
export function castGains(planes: Plane[], lum: Plane, fade: number): [number, number, number] {
  const floor = percentile(lum.data, 0.4);
  let n = 0;
  for (let p = 0; p < lum.data.length; p++) if (lum.data[p]! >= floor) n++;
  const logs = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let p = 0, k = 0; p < lum.data.length; p++) {
    if (lum.data[p]! < floor) continue;
    const mean = (planes[0]!.data[p]! + planes[1]!.data[p]! + planes[2]!.data[p]!) / 3;
    for (let c = 0; c < 3; c++) logs[c]![k] = Math.log((planes[c]!.data[p]! + 0.02) / (mean + 0.02));
    k++;
  }
  const print = printCast(planes, lum, fade);
  const gains = logs.map((values, c) => {
    values.sort();
    const low = values[Math.floor(0.02 * (n - 1))]!;
    const high = values[Math.floor(0.98 * (n - 1))]!;
    // A channel too strong everywhere comes down, one too weak everywhere comes up; else left alone.
    const bright = low > 0.15 ? -(low - 0.15) : high < -0.15 ? -(high + 0.15) : 0;
    const shift = fade * print[c]! + (1 - fade) * bright;
    return Math.exp(Math.min(MAX_CAST, Math.max(-MAX_CAST, shift)));
  });
  return [gains[0]!, gains[1]!, gains[2]!];
}

/**
 * How faded a print is (of a lightly smoothed copy): 0 when its darkest tones reach near black or
 * its tones still span most of the scale, 1 when the blacks are lifted to 0.15 and the span is short.
 */
export function fadeOf(lum: Plane): number {
  const lifted = Math.min(1, Math.max(0, (percentile(lum.data, 0.005) - 0.07) / 0.08));
  // Lifted blacks alone also describe a crisp photo of dark-gray things (a baboon's fur, a building
  // in haze). A print that faded lost its whites too: its tones span at most ~0.55 of the scale
  // (0.5 % to 99.5 % point), where the clean photos with gray blacks span 0.60 or more.
  const span = percentile(lum.data, 0.995) - percentile(lum.data, 0.005);
  return lifted * Math.min(1, Math.max(0, (0.6 - span) / 0.05));
}

/**
 * White balance of what is left, in Lab: the near-neutral pixels (chroma under 10) of a faded print
 * are paper, gray walls, black-and-white subjects; whatever tint they still share is cast, and is
 * taken off them (fully at chroma 0, fading out by chroma 15, so coloured things keep their colour).
 * A sepia print of a black-and-white photo, near-neutral everywhere, comes out gray.
 */
function neutralise(lab: Lab, fade: number) {
  let sa = 0;
  let sb = 0;
  let n = 0;
  for (let p = 0; p < lab.L.length; p++) {
    if (Math.hypot(lab.a[p]!, lab.b[p]!) >= 10) continue;
    sa += lab.a[p]!;
    sb += lab.b[p]!;
    n++;
  }
  // Too few gray pixels to say anything (a field of flowers): leave it.
  if (n < lab.L.length * 0.1) return;
  const [ma, mb] = [sa / n, sb / n];
  for (let p = 0; p < lab.L.length; p++) {
    const w = fade * Math.min(1, Math.max(0, (15 - Math.hypot(lab.a[p]!, lab.b[p]!)) / 15));
    lab.a[p] = lab.a[p]! - ma * w;
    lab.b[p] = lab.b[p]! - mb * w;
  }
}

export const restorePhoto: PhotoTool = async ({ image }) => {
  const { width, height } = image;
  const lum = luminance(image);
  const brightest = createPlane(width, height);
  const darkest = createPlane(width, height);
  for (let p = 0; p < lum.data.length; p++) {
    const [r, g, b] = [image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!];
    brightest.data[p] = Math.max(r, g, b);
    darkest.data[p] = Math.min(r, g, b);
  }
  const repaired = inpaintTelea(image, damageMask(lum, [brightest, darkest]));
  // Colour is judged on a lightly smoothed copy: grain is the same in every channel, so left in it
  // would pull the gray-edge estimate toward "no cast" and the black point below its true level.
  const smooth = [0, 1, 2].map((c) => gaussianBlur(channel(repaired, c as 0 | 1 | 2), 1.5));
  const guide = luminance(mergeChannels(smooth[0]!, smooth[1]!, smooth[2]!));
  // The cast divided out, then one tone curve for all three channels together, which undoes fading
  // without changing the photo's own colour balance (per-channel levels read a warm subject as a
  // yellow cast and turned the ginger cat pale).
  const fade = fadeOf(guide);
  const gains = castGains(smooth, guide, fade);
  const pooled = new Float32Array(guide.data.length * 3);
  smooth.forEach((plane, c) => {
    pooled.set(
      plane.data.map((v) => v * gains[c]!),
      c * plane.data.length,
    );
  });
  // Fading as ageing does it: the print's density goes, every tone mixing with the paper (mid gray)
  // by a share k. Its blacks are lifted by about k/2, so k is read off the black point (a clean
  // photo's is ~0.01) and the mix undone: v = (faded − k·paper) / (1 − k). A clean photo (blacks
  // near 0) gets k ≈ 0 and keeps its tones.
  const lo = percentile(pooled, 0.005);
  // Weighed by `fade`: a crisp photo whose darkest tone is a dark gray (a baboon's fur) is not faded.
  const k = fade * Math.min(0.6, Math.max(0, (lo - 0.01) / (PAPER - 0.01)));
  const toned = new Float32Array(repaired.data.length);
  for (let i = 0; i < toned.length; i++) toned[i] = (repaired.data[i]! * gains[i % 3]! - k * PAPER) / (1 - k);
  // Grain, now as strong as it will be: non-local means on L*, then the colour noise the cast
  // correction made of it (each channel amplified differently) smoothed out of a* and b*.
  const lab = rgbToLab({ width, height, data: toned });
  const sigma = noiseSigma(lab);
  const balanced = sigma > 0.3 ? nonLocalMeans(lab, sigma, { patch: 2, strength: 1 }) : lab;
  // What non-local means leaves in flat areas (a night sky) is mottle a few pixels wide: a guided
  // filter (He et al. 2010), self-guided, flattens windows whose spread is below the grain's and
  // keeps every edge that stands above it.
  if (sigma > 0.3) {
    const L = { width, height, data: balanced.L };
    const flat = guidedFilter(L, L, Math.max(2, Math.round(4 * scaleFor(image))), 0.5 * sigma * sigma).data;
    // A fifth of the original grain goes back in: fully grain-free, fabric, floors and fur look
    // plastic, as an over-smoothed phone photo does; a fine, faint grain reads as photographic.
    for (let p = 0; p < flat.length; p++) balanced.L[p] = flat[p]! * (1 - GRAIN_KEPT) + lab.L[p]! * GRAIN_KEPT;
  }
  const chroma = Math.max(1, 2 * scaleFor(image));
  balanced.a = gaussianBlur({ width, height, data: balanced.a }, chroma).data;
  balanced.b = gaussianBlur({ width, height, data: balanced.b }, chroma).data;
  if (fade > 0) neutralise(balanced, fade);
  // Local contrast: CLAHE on L*, blended in by how faded the print was.
  const lifted = clahe(balanced.L, width, height, { tiles: 8, clip: 2 });
  const amount = 0.15 + 0.35 * fade;
  for (let p = 0; p < lifted.length; p++) balanced.L[p] = balanced.L[p]! + (lifted[p]! - balanced.L[p]!) * amount;
  return { image: labToRgb(balanced) };
};
