/**
 * Cyberpunk: a night-city grade over the photo's own colours.
 * 1. Contrast curve with crushed blacks; the photo's colours boosted a little.
 * 2. Two inks that keep each pixel's luminance: shadows teal, highlights magenta-pink, split at a
 *    luminance set per photo so a warm or a cool photo is not all one ink; a pixel's own hue
 *    (warm → pink, cool → teal) tips the balance in the mid-tones and lights.
 * 3. Neon bloom: the bright parts of the graded image, blurred near and wide, added back in their own
 *    (now pink or cyan) colour, so lights glow instead of the whole frame going pink.
 * 4. Chromatic fringe: red sampled outward, blue inward, growing toward the corners; faint scanlines
 *    and a light vignette.
 */
import { scaleFor } from './filters';
import { gaussianBlur, hsvToRgb, luminance, type Plane, type PhotoTool, type Raster, rgbToHsv } from './raster';

const luma = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
/** Tints normalised to luminance 1, so mixing one in keeps a pixel's brightness. */
const tint = (r: number, g: number, b: number): [number, number, number] => {
  const l = luma(r, g, b);
  return [r / l, g / l, b / l];
};
/** The inks of the pixels with no colour of their own: a grey shadow and a white highlight. */
const SHADOW_HUE = 178;
const HIGHLIGHT_HUE = 318;
const TEAL_FLOOR = [0.0, 0.1, 0.12];
/** How much a pixel's own hue counts toward its ink, against its brightness (2.6 score units per unit of luminance). */
const HUE_WEIGHT = 0.75;
/** Below this luminance hue does not count (fully from 0.25 above it): shadows go teal whatever their colour. */
const SHADOW_L = 0.1;
/** The pivot (in score units) of a photo whose colours are as warm as cool: luminance 0.45. */
const DEFAULT_PIVOT = 0.45 * 2.6;
/** How far the pivot moves per unit of warm share over one half, and at most up / down. */
const BALANCE = 1.2;
const MAX_UP = 0.5;
const MAX_DOWN = 0.3;

/**
 * The pivot score for a photo: the default moved up by how much its colour leans warm (toward
 * pink), down by how much it leans cool (the colour-weighted share of warm pixels against one
 * half), so neither ink takes over the picture. A dark photo is not moved down: its deep blue sky
 * would cross to the pink side in blotches instead of staying the night city's teal. A photo with
 * little colour (black and white, grey walls) splits at its median score instead, so its lights do
 * not all go pink.
 */
function balancedPivot(warmth: Float32Array, weight: Float32Array, raw: Float32Array, meanLum: number): number {
  let warm = 0;
  let total = 0;
  for (let p = 0; p < warmth.length; p++) {
    warm += warmth[p]! > 0 ? weight[p]! : 0;
    total += weight[p]!;
  }
  const down = MAX_DOWN * Math.min(1, Math.max(0, (meanLum - 0.2) / 0.15));
  const byColour = total > 0 ? DEFAULT_PIVOT + Math.max(-down, Math.min(MAX_UP, BALANCE * (warm / total - 0.5))) : DEFAULT_PIVOT;
  // Colourful: a mean saturation (above 0.15) of 0.1 or more.
  const colourful = Math.min(1, total / warmth.length / 0.1);
  const median = Float32Array.from(raw).sort()[Math.floor(raw.length / 2)]!;
  const byTone = Math.max(DEFAULT_PIVOT - down, Math.min(DEFAULT_PIVOT + MAX_UP, median));
  return colourful * byColour + (1 - colourful) * byTone;
}

/**
 * The neon palette as a hue map (HSV degrees): every hue is pulled onto one of two poles, teal-cyan
 * (~178°) for greens, cyans and sky blues, violet-magenta (~290–340°) for deep blues, violets, reds,
 * oranges and yellows. Warm hues keep their order (a yellow lands pinker-red than an orange), so skin, a pale
 * orange, becomes a warm neon pink and never violet.
 */
export function neonHue(h: number): number {
  const d = (h + 360) % 360;
  // Greens, cyans and sky blues → teal: compressed to a fifth of their distance from 178°.
  if (d >= 75 && d < 215) return 178 + (d - 178) * 0.2;
  // Deep blues and violets → neon violet-magenta, compressed toward 300°.
  if (d >= 215 && d < 330) return 300 + (d - 300) * 0.3;
  // Reds, oranges, yellows (330°…75°, through 0°) spread over magentas and hot pinks, 305°…328°.
  const warm = d >= 330 ? d - 330 : d + 30;
  return 305 + (warm / 105) * 23;
}

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

/**
 * Which ink each pixel takes is a score: its hue (warm → pink, cool → teal) as far as it has
 * colour, its brightness overall and against its surroundings (shadows teal, lights pink). The
 * score's zero, the luminance where teal shadows turn into pink lights, is set per photo toward an
 * even split ({@link balancedPivot}): with a fixed pivot a warm photo (a ginger cat, coffee) went
 * almost all pink and a cool one (sky, glass) almost all teal. In the shadows hue does not count.
 */
function inkScores(image: Raster, lum: Plane, near: Plane, surround: Plane) {
  const n = image.width * image.height;
  const hues = new Float32Array(n);
  const sats = new Float32Array(n);
  const raw = new Float32Array(n);
  const warmth = new Float32Array(n);
  const weight = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const l = lum.data[p]!;
    const [h, sat] = rgbToHsv(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!);
    hues[p] = h;
    sats[p] = sat;
    const warm = neonHue(h * 360) > 250 ? 1 : -1;
    warmth[p] = warm;
    raw[p] =
      warm * Math.min(1, sat * 1.3) * HUE_WEIGHT * Math.min(1, Math.max(0, (l - SHADOW_L) / 0.25)) +
      l * 2.6 +
      (near.data[p]! - surround.data[p]!) * 6;
    // How much the pixel counts toward the photo's lean, warm or cool: its colour; black counts nothing.
    weight[p] = l < 0.06 ? 0 : Math.max(0, sat - 0.15);
  }
  return { hues, sats, raw, pivot: balancedPivot(warmth, weight, raw, lum.data.reduce((sum, v) => sum + v, 0) / n) };
}

export const cyberpunk: PhotoTool = async ({ image }) => {
  const s = scaleFor(image);
  const { width, height } = image;
  const lum = luminance(image);
  // The light around each pixel: a pixel darker than its surroundings is in a shadow the teal fill
  // lights, one brighter catches the pink key light, even inside one orange suit or one tabby coat.
  // Measured on a lightly smoothed luminance, so grass blades and wood grain do not speckle.
  const near = gaussianBlur(lum, 2.5 * Math.max(0.4, s));
  const surround = gaussianBlur(lum, 12 * Math.max(0.4, s));
  const n = width * height;
  const planes = [0, 1, 2].map(() => ({ width, height, data: new Float32Array(n) }) as Plane);
  const { hues, sats, raw, pivot } = inkScores(image, lum, near, surround);
  for (let p = 0; p < n; p++) {
    const l = lum.data[p]!;
    // Contrast for a night photo: an S-curve on luminance, the blacks crushed below 0.03, the
    // mid-tones a little lower so the lights stand out.
    const v = Math.min(1, Math.max(0, (l - 0.03) / 0.9));
    // Local contrast on top ("clarity"): each pixel pushed away from the light around it, less so
    // downward, so the surroundings of a lamp do not get a dark halo where its bloom should glow.
    const detail = near.data[p]! - surround.data[p]!;
    const clarity = detail * (detail > 0 ? 0.8 : 0.4);
    const target = Math.min(1, Math.max(0, 0.98 * (0.15 * v + 0.85 * v * v * (3 - 2 * v)) + clarity));
    const h = hues[p]!;
    const sat = sats[p]!;
    const toPole = neonHue(h * 360);
    const warm = toPole > 250 ? 1 : -1;
    // Strong colours and highlights go all the way to their pole; muted mid-tones (skin, fur, wood)
    // most of the way, so a face lands on a warm pink instead of a cold magenta.
    const pull = 0.8 + 0.2 * Math.min(1, Math.max(0, (sat - 0.25) / 0.35, (l - 0.5) / 0.3));
    const mapped = h * 360 + pull * (((toPole - h * 360 + 540) % 360) - 180);
    const score = raw[p]! - pivot;
    // Where the ink changes sides the colour fades through grey: a mix of teal and pink would be violet.
    const fade = Math.min(1, Math.abs(score) / 0.25);
    const hue = (score >= 0 ? (warm > 0 ? mapped : HIGHLIGHT_HUE) : warm < 0 ? mapped : SHADOW_HUE) + 360;
    // How much ink: the photo's own saturation, or for greys a tone that grows away from the
    // mid-tones (deep teal shadows, pale pink lights); near-white stays white, so clouds and lamps
    // keep their shape.
    const tone = l < 0.45 ? Math.min(0.55, (0.45 - l) * 1.6) : Math.min(0.5, (l - 0.45) * 1.5) * Math.min(1, (1 - l) / 0.15);
    const ink = Math.max(Math.min(1, sat * (0.95 + 0.3 * Math.max(0, score))), tone) * fade;
    const own = tint(...hsvToRgb((hue % 360) / 360, ink, 1));
    // A coloured light cannot be as bright as white: where the ink would clip, the pixel gives up
    // some brightness, a lot where the light changed the colour's side (a blue sky lit pink, not a
    // white one), little where it kept it (bright leaves stay bright), and the rest in colour, pulled
    // toward grey at its luminance.
    const ceiling = 1 / Math.max(...own);
    const lit = target - (Math.sign(score) === warm ? 0.5 : 0.65) * Math.max(0, target - ceiling);
    const rgb = own.map((c) => c * lit);
    const over = Math.max(...rgb);
    const keep = over > 1 ? Math.max(0, (1 - lit) / (over - lit)) : 1;
    for (let c = 0; c < 3; c++) {
      // Blacks lifted a touch into teal, the night-city floor, instead of going flat black.
      planes[c]!.data[p] = Math.max(0, lit + (rgb[c]! - lit) * keep + TEAL_FLOOR[c]! * (1 - v) ** 3);
    }
  }
  // Neon bloom: what is bright after grading, in its own colour, blurred near and wide.
  const glowNear: Plane[] = [];
  const glowWide: Plane[] = [];
  for (let c = 0; c < 3; c++) {
    const bright: Plane = { width, height, data: new Float32Array(n) };
    for (let p = 0; p < n; p++) {
      const l = 0.2126 * planes[0]!.data[p]! + 0.7152 * planes[1]!.data[p]! + 0.0722 * planes[2]!.data[p]!;
      // Only what is near white glows: lamps, screens, reflections, not a daylight sky.
      const pass = (Math.max(0, l - 0.7) / 0.3) ** 1.5;
      bright.data[p] = planes[c]!.data[p]! * pass;
    }
    glowNear.push(gaussianBlur(bright, 4 * Math.max(0.4, s)));
    glowWide.push(gaussianBlur(bright, 16 * Math.max(0.4, s)));
  }
  const cx = width / 2;
  const cy = height / 2;
  const maxR = Math.hypot(cx, cy);
  // Fringe: up to 1.8 % of the longer side at the corners (at least 6 px), growing with the fourth power
  // of the distance from the centre: a lens flaw at the corners, not colour noise over the subject.
  const fringe = Math.max(6, 0.018 * Math.max(width, height));
  const scanStep = Math.max(2, Math.round(3 * s));
  const out = new Float32Array(n * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const dx = (x - cx) / maxR;
      const dy = (y - cy) / maxR;
      const r2 = dx * dx + dy * dy;
      // Radial offset of `fringe × r⁴` px along (dx, dy), whose length is r.
      const step = fringe * r2 * Math.sqrt(r2);
      const rgb = [sample(planes[0]!, x + dx * step, y + dy * step), planes[1]!.data[p]!, sample(planes[2]!, x - dx * step, y - dy * step)];
      const scan = y % scanStep === 0 ? 0.94 : 1;
      const vignette = 1 - 0.2 * r2;
      for (let c = 0; c < 3; c++) {
        const glow = glowNear[c]!.data[p]! * 1.2 + glowWide[c]!.data[p]! * 1.5;
        // Screen the glow over the graded pixel: lights bloom without clipping flat.
        const base = Math.min(1, rgb[c]!);
        out[p * 3 + c] = (1 - (1 - base) * (1 - Math.min(1, glow))) * scan * vignette;
      }
    }
  }
  return { image: { width, height, data: out } };
};
