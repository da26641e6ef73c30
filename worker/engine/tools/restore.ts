/**
 * Photo restoration of an old, damaged print:
 * 1. Scratches and dust: pixels that stand out from their 5×5 median by far more than the photo's
 *    own noise (robust estimate), in thin or small groups, are marked…
 * 2. …and inpainted by normalized convolution (the mean of the known pixels around, widening until
 *    every hole is filled), which follows the surrounding tones without inventing detail.
 * 3. Edge-preserving denoise (guided filter).
 * 4. Colour: per-channel levels from robust percentiles remove the yellow/sepia cast and the fading.
 * 5. A gentle local-contrast lift (unsharp mask on luminance).
 */
import { boxBlur, guidedFilter, scaleFor } from './filters';
import { channel, createPlane, gaussianBlur, luminance, mergeChannels, type Plane, type PhotoTool, type Raster } from './raster';

/** 5×5 median of a plane (sorting 25 values; fine at the tools' working size). */
function median5(plane: Plane): Plane {
  const { width, height, data } = plane;
  const out = createPlane(width, height);
  const window = new Float32Array(25);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let n = 0;
      for (let dy = -2; dy <= 2; dy++) {
        const yy = y + dy < 0 ? 0 : y + dy >= height ? height - 1 : y + dy;
        for (let dx = -2; dx <= 2; dx++) {
          const xx = x + dx < 0 ? 0 : x + dx >= width ? width - 1 : x + dx;
          window[n++] = data[yy * width + xx]!;
        }
      }
      window.sort();
      out.data[y * width + x] = window[12]!;
    }
  }
  return out;
}

/** Unit steps of 32 orientations over a half turn (5.6° apart: a 1-px line stays within half a pixel over 10 px). */
const DIRECTIONS = Array.from({ length: 32 }, (_, k) => [Math.cos((k * Math.PI) / 32), Math.sin((k * Math.PI) / 32)] as const);

/**
 * Marks in `mask` the outliers of one plane against its 5×5 median. With `linesOnly`, only those on
 * a line (scratches): a colour plane has outliers of its own in every fine coloured detail.
 */
function markOutliers(plane: Plane, mask: Plane, reach: number, linesOnly: boolean) {
  const { width, height } = plane;
  const med = median5(plane);
  const residual = plane.data.map((v, i) => v - med.data[i]!);
  // Noise from the median absolute residual (robust: scratches are a small fraction of pixels).
  const sorted = residual.map(Math.abs).sort();
  const noise = sorted[Math.floor(sorted.length * 0.5)]! * 1.4826;
  const threshold = Math.max(0.1, noise * 6);
  // Busy places (text, stars, fabric folds) have large residuals of their own: there a mark must also
  // stand out from the local spread of the median image, or real detail would be painted over.
  const meanMed = boxBlur(med, 3);
  const meanSq = boxBlur({ ...med, data: med.data.map((v) => v * v) }, 3);
  // Faint dark marks (a dark scratch across a dark cup) are below that threshold; they are taken
  // when they line up: most pixels along some direction, `reach` px both ways, are faint dark marks too.
  const faint = new Uint8Array(residual.length);
  const weak = Math.max(0.06, noise * 2.5);
  for (let i = 0; i < residual.length; i++) {
    const localStd = Math.sqrt(Math.max(0, meanSq.data[i]! - meanMed.data[i]! ** 2));
    if (Math.abs(residual[i]!) > Math.max(threshold, localStd * 1.6)) {
      if (linesOnly) faint[i] = 1;
      else mask.data[i] = 1;
    } else if (residual[i]! < -weak) faint[i] = 1;
  }
  const need = Math.ceil(2 * reach * 0.85);
  const isMark = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && (faint[y * width + x] === 1 || mask.data[y * width + x] === 1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!faint[y * width + x]) continue;
      for (const [dx, dy] of DIRECTIONS) {
        let hits = 0;
        for (let t = -reach; t <= reach; t++) {
          if (t === 0) continue;
          // The two pixels across the line either side of the exact point: a rasterised line wanders by one.
          const steep = Math.abs(dy) > Math.abs(dx);
          const px = x + t * dx;
          const py = y + t * dy;
          const x0 = steep ? Math.floor(px) : Math.round(px);
          const y0 = steep ? Math.round(py) : Math.floor(py);
          const x1 = steep ? x0 + 1 : x0;
          const y1 = steep ? y0 : y0 + 1;
          if (isMark(x0, y0) || isMark(x1, y1)) hits++;
        }
        if (hits >= need) {
          mask.data[y * width + x] = 1;
          break;
        }
      }
    }
  }
}

/**
 * Where the photo is damaged: outliers against the local median, beyond the noise level, in the
 * luminance and in any `more` planes (the restorer adds the brightest and darkest channel, where a
 * gray scratch on a saturated red cup stands out though its luminance barely differs).
 */
export function damageMask(lum: Plane, more: Plane[] = []): Plane {
  const reach = Math.max(8, Math.round(16 * scaleFor(lum)));
  const mask = createPlane(lum.width, lum.height);
  markOutliers(lum, mask, reach, false);
  for (const plane of more) markOutliers(plane, mask, reach, true);
  // Grow by one pixel: a scratch's soft shoulders are damaged too.
  const grown = boxBlur(mask, 1);
  for (let i = 0; i < mask.data.length; i++) mask.data[i] = grown.data[i]! > 0.05 ? 1 : 0;
  return mask;
}

/** Fills masked pixels with the weighted mean of known ones around, widening the window until none is left. */
export function inpaint(raster: Raster, mask: Plane): Raster {
  const known = createPlane(mask.width, mask.height);
  for (let i = 0; i < known.data.length; i++) known.data[i] = 1 - mask.data[i]!;
  const planes = [0, 1, 2].map((c) => channel(raster, c as 0 | 1 | 2));
  for (const sigma of [1.5, 3, 6, 12]) {
    const weight = gaussianBlur(known, sigma);
    const filled = planes.map((plane) => gaussianBlur({ ...plane, data: plane.data.map((v, i) => v * known.data[i]!) }, sigma));
    let left = 0;
    for (let i = 0; i < known.data.length; i++) {
      if (known.data[i]! === 1) continue;
      if (weight.data[i]! > 0.02) {
        for (let c = 0; c < 3; c++) planes[c]!.data[i] = filled[c]!.data[i]! / weight.data[i]!;
        known.data[i] = 1;
      } else left++;
    }
    if (left === 0) break;
  }
  return mergeChannels(planes[0]!, planes[1]!, planes[2]!);
}

function percentile(values: ArrayLike<number>, q: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.floor(q * (sorted.length - 1))]!;
}

/** Largest cast correction, in log gain per channel (×1.6): beyond that it is the scene's colour, not a cast. */
const MAX_CAST = Math.log(1.6);

/**
 * Per-channel gains that remove a colour cast, estimated from the most neutral of the brighter pixels:
 * a cast shifts every pixel, so when even the least-yellow 2 % of them are still yellow the picture has
 * a cast; a photo with anything gray or blue in it has none. A warm subject filling the frame (the
 * ginger cat) looks the same, so on a full-range photo only the excess beyond a tolerance is removed;
 * only a faded print (lifted blacks, how ageing shows) has its cast removed in full.
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
  const tolerance = 0.15 * (1 - fade);
  // The black point of a faded print is the paper's base tone under the same cast: a second estimate.
  const blacks = planes.map((plane) => percentile(plane.data, 0.005) + 0.01);
  const meanBlack = (blacks[0]! + blacks[1]! + blacks[2]!) / 3;
  const gains = logs.map((values, c) => {
    values.sort();
    const low = values[Math.floor(0.02 * (n - 1))]!;
    const high = values[Math.floor(0.98 * (n - 1))]!;
    // A channel too strong everywhere comes down, one too weak everywhere comes up; else left alone.
    const bright = low > tolerance ? -(low - tolerance) : high < -tolerance ? -(high + tolerance) : 0;
    // A warm scene inflates both estimates, so on a faded print the smaller of the two is taken
    // (none when they disagree in direction).
    const dark = -Math.log(blacks[c]! / meanBlack);
    const both = Math.sign(bright) === Math.sign(dark) ? Math.sign(bright) * Math.min(Math.abs(bright), Math.abs(dark)) : 0;
    const shift = fade * both + (1 - fade) * bright;
    return Math.exp(Math.min(MAX_CAST, Math.max(-MAX_CAST, shift)));
  });
  return [gains[0]!, gains[1]!, gains[2]!];
}

/** How faded a print is from its darkest tones: 0 when they reach black (a full-range photo), 1 when lifted to 0.12. */
export function fadeOf(lum: Plane): number {
  return Math.min(1, Math.max(0, (percentile(lum.data, 0.005) - 0.04) / 0.08));
}

export const restorePhoto: PhotoTool = async ({ image }) => {
  const s = scaleFor(image);
  const lum = luminance(image);
  const brightest = createPlane(image.width, image.height);
  const darkest = createPlane(image.width, image.height);
  for (let p = 0; p < lum.data.length; p++) {
    const [r, g, b] = [image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!];
    brightest.data[p] = Math.max(r, g, b);
    darkest.data[p] = Math.min(r, g, b);
  }
  const repaired = inpaint(image, damageMask(lum, [brightest, darkest]));
  const guide = luminance(repaired);
  const radius = Math.max(1, Math.round(2 * s));
  const denoised = [0, 1, 2].map((c) => guidedFilter(guide, channel(repaired, c as 0 | 1 | 2), radius, 0.0025));
  // Colour: a bounded cast correction (gains from near-neutral pixels), then one levels stretch for
  // all three channels together, which undoes fading without changing the photo's own colour balance
  // (per-channel levels read a warm subject as a yellow cast and turned the ginger cat pale).
  const fade = fadeOf(guide);
  const gains = castGains(denoised, guide, fade);
  const planes = denoised.map((plane, c) => ({ ...plane, data: plane.data.map((v) => v * gains[c]!) }));
  const pooled = new Float32Array(planes[0]!.data.length * 3);
  planes.forEach((plane, c) => {
    pooled.set(plane.data, c * plane.data.length);
  });
  const lo = percentile(pooled, 0.005);
  const hi = percentile(pooled, 0.995);
  // The range moves most of the way to the full range: enough to undo fading, not so much that a
  // naturally soft photo is blown into a harsh one. The whites move only as far as the blacks show
  // fading: a full-range photo without a white in it (a cat's face) is a low-key scene, not a faded
  // one, and a faded print is stretched no more than its lifted blacks say (fading pulls both ends
  // toward the middle about equally), or a faded scene with no white in it comes out too bright.
  const targetLo = lo + (0.01 - lo) * 0.8;
  const targetHi = hi + (0.98 - hi) * 0.8 * fade;
  // Capped: a nearly uniform picture (fog, a plain wall) must not have its grain blown up.
  const gain = Math.min(2, 1 / Math.max(0.5, 1 - 3 * Math.max(0, lo)), (targetHi - targetLo) / Math.max(0.05, hi - lo));
  const stretched = planes.map((plane) => ({ ...plane, data: plane.data.map((v) => targetLo + (v - lo) * gain) }));
  const merged = mergeChannels(stretched[0]!, stretched[1]!, stretched[2]!);
  // Local contrast: unsharp mask on luminance, added equally to the three channels.
  const l = luminance(merged);
  const blurred = gaussianBlur(l, 2.5 * Math.max(0.6, s));
  const out = new Float32Array(merged.data.length);
  for (let p = 0; p < l.data.length; p++) {
    const detail = (l.data[p]! - blurred.data[p]!) * 0.25;
    for (let c = 0; c < 3; c++) out[p * 3 + c] = Math.min(1, Math.max(0, merged.data[p * 3 + c]! + detail));
  }
  return { image: { width: image.width, height: image.height, data: out } };
};
