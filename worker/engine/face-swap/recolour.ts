/**
 * Recolouring on segmented regions (hair, irises) and the beard painted on the lower face. The new
 * colour keeps the region's own light: each pixel's brightness relative to the region's mean carries
 * over, so strands, shadows, the pupil and the catch-light survive a change from brown to platinum.
 */
import { createPlane, luminance, type Plane, type Raster } from '../tools/raster';
import type { PortraitAnalysis } from './analysis';
import { LANDMARKS, hexToRgb, maskFromSvg, pathOf, prng, range, toFrame, toImage, type Point } from './geometry';

export type Rgb = [number, number, number];

export const HAIR_COLOURS: Record<string, string> = {
  black: '#1d1a19',
  dark_brown: '#3b2618',
  brown: '#6b4428',
  chestnut: '#7c3f20',
  auburn: '#8f351b',
  red: '#b9461c',
  blonde: '#d9b266',
  platinum: '#ece4d0',
  grey: '#aeaeb0',
  white: '#f2f0ec',
  pink: '#f29cc2',
  blue: '#2f6de0',
  green: '#1e9a58',
  purple: '#7b3db3',
};

export const EYE_COLOURS: Record<string, string> = {
  brown: '#6e4326',
  dark_brown: '#3a2414',
  hazel: '#8c6a30',
  amber: '#c0821c',
  green: '#3f9142',
  blue: '#3a7fd0',
  grey: '#8c98a2',
  violet: '#7d55c0',
};

const lumaOf = (c: Rgb) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];

/**
 * Paints `target` into `image` where `mask` says, keeping each pixel's brightness relative to the
 * region's mean: darker than average stays darker, brighter runs towards white (bounded, no clipping).
 */
export function recolour(image: Raster, mask: Plane, target: Rgb, strength = 1): Raster {
  const lum = luminance(image);
  let sum = 0;
  let weight = 0;
  for (let p = 0; p < mask.data.length; p++) {
    sum += lum.data[p]! * mask.data[p]!;
    weight += mask.data[p]!;
  }
  const out = image.data.slice();
  if (weight < 1) return { ...image, data: out };
  const mean = Math.max(0.02, sum / weight);
  // A light target on dark hair: the dark strands must not stay dark grey patches, so the spread of
  // brightness is compressed by how much lighter the target is.
  const gamma = Math.min(1, Math.max(0.45, mean / Math.max(0.02, lumaOf(target))));
  // …and the deepest shadows of light hair are light grey, not black.
  const floor = Math.min(0.42, Math.max(0, (lumaOf(target) - mean) * 0.65));
  // The strands are the fine detail: each pixel against its neighbourhood's brightness (a masked
  // blur, a few strand widths wide). The broad light is compressed as above; the detail keeps its
  // contrast, so light hair keeps its strands instead of turning into a flat cap.
  const sigma = Math.max(1.5, Math.sqrt(weight) / 40);
  const weighted = createPlane(image.width, image.height);
  for (let p = 0; p < mask.data.length; p++) weighted.data[p] = lum.data[p]! * mask.data[p]!;
  const localSum = gaussianBlur(weighted, sigma);
  const localWeight = gaussianBlur(mask, sigma);
  for (let p = 0; p < mask.data.length; p++) {
    const m = mask.data[p]! * strength;
    if (m <= 0.001) continue;
    const base = localWeight.data[p]! > 1e-3 ? Math.max(0.02, localSum.data[p]! / localWeight.data[p]!) : mean;
    const ratio = (base / mean) ** gamma * (lum.data[p]! / base);
    for (let c = 0; c < 3; c++) {
      const t = target[c]!;
      const v = ratio <= 1 ? t * (floor + (1 - floor) * ratio) : t + (1 - t) * (1 - 1 / ratio) * 0.75;
      out[p * 3 + c] = image.data[p * 3 + c]! * (1 - m) + v * m;
    }
  }
  return { width: image.width, height: image.height, data: out };
}

/** The irises as one soft mask: a disc per eye clipped to the eye's landmark polygon (lids cover it). */
export async function irisMask(analysis: PortraitAnalysis, width: number, height: number): Promise<Plane> {
  const { points, unit } = analysis.frame;
  const eyes = [range(points, LANDMARKS.leftEye), range(points, LANDMARKS.rightEye)];
  const body = analysis.irises
    .map(
      (iris, i) =>
        `<clipPath id="e${i}"><path d="${pathOf(eyes[i]!)}"/></clipPath><circle cx="${iris.centre[0].toFixed(2)}" cy="${iris.centre[1].toFixed(2)}" r="${iris.radius.toFixed(2)}" fill="#fff" clip-path="url(#e${i})"/>`,
    )
    .join('');
  return maskFromSvg(width, height, body, Math.max(0.35, unit * 0.008));
}

/** Blur with different spreads across (x) and along (y): strands of hair from white noise. */
function strandNoise(width: number, height: number, seed: number, across: number, along: number): Plane {
  const random = prng(seed);
  const white = createPlane(width, height);
  for (let i = 0; i < white.data.length; i++) white.data[i] = random() - 0.5;
  // Separable: blur rows by `across`, then columns by `along` (the transposed plane's rows).
  const rows = blurRows(white, across);
  const cols = transpose(blurRows(transpose(rows), along));
  let max = 1e-6;
  for (const v of cols.data) max = Math.max(max, Math.abs(v));
  for (let i = 0; i < cols.data.length; i++) cols.data[i] = cols.data[i]! / max;
  return cols;
}

/** A separable Gaussian blur of a plane. */
function gaussianBlur(plane: Plane, sigma: number): Plane {
  return transpose(blurRows(transpose(blurRows(plane, sigma)), sigma));
}

function blurRows(plane: Plane, sigma: number): Plane {
  const { width, height, data } = plane;
  const radius = Math.max(1, Math.ceil(sigma * 2.5));
  const kernel = Array.from({ length: radius * 2 + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const total = kernel.reduce((a, b) => a + b, 0);
  const out = new Float32Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) acc += data[y * width + Math.min(width - 1, Math.max(0, x + k))]! * kernel[k + radius]!;
      out[y * width + x] = acc / total;
    }
  }
  return { width, height, data: out };
}

function transpose(plane: Plane): Plane {
  const { width, height, data } = plane;
  const out = new Float32Array(data.length);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[x * height + y] = data[y * width + x]!;
  return { width: height, height: width, data: out };
}

/** The beard's outline in frame units for each style, from the jaw landmarks and the face's anchors. */
function beardOutline(analysis: PortraitAnalysis, style: string): Point[] {
  const { frame, chin } = analysis;
  const f = (p: Point) => toFrame(frame, p[0], p[1]);
  const jaw = range(frame.points, LANDMARKS.jaw).map(f);
  const noseBase = f(frame.points[33]!)[1];
  const mouthLeft = f(frame.points[48]!);
  const mouthRight = f(frame.points[54]!);
  const lipTop = f(frame.points[51]!)[1];
  const lipBottom = f(frame.points[57]!)[1];
  const under = noseBase + (lipTop - noseBase) * 0.25;
  const grow = (p: Point, by: number): Point => [p[0] * (1 + by * 0.4), p[1] + by];
  switch (style) {
    case 'moustache':
      return [
        [mouthLeft[0] - 0.16, lipTop + 0.12],
        [mouthLeft[0] - 0.02, under + 0.03],
        [-0.1, under - 0.02],
        [0, under + 0.01],
        [0.1, under - 0.02],
        [mouthRight[0] + 0.02, under + 0.03],
        [mouthRight[0] + 0.16, lipTop + 0.12],
        [mouthRight[0] + 0.02, lipTop + 0.02],
        [0, lipTop - 0.02],
        [mouthLeft[0] - 0.02, lipTop + 0.02],
      ];
    case 'goatee':
      return [
        [mouthLeft[0] - 0.1, lipTop + 0.06],
        [mouthLeft[0] - 0.02, under + 0.03],
        [0, under],
        [mouthRight[0] + 0.02, under + 0.03],
        [mouthRight[0] + 0.1, lipTop + 0.06],
        [mouthRight[0] + 0.04, lipBottom + 0.1],
        [mouthRight[0] * 0.7, chin - 0.02],
        [0, chin + 0.1],
        [mouthLeft[0] * 0.7, chin - 0.02],
        [mouthLeft[0] - 0.04, lipBottom + 0.1],
      ];
    default: {
      // Stubble, short, full and long beards: sideburns down the jaw from ear to ear, up the cheeks
      // in a curve to the moustache, over the upper lip; longer styles hang below the chin.
      const extra = style === 'long_beard' ? 0.95 : style === 'full_beard' ? 0.22 : style === 'short_beard' ? 0.07 : 0.02;
      const cheek = style === 'stubble' || style === 'short_beard' ? noseBase + 0.12 : noseBase + 0.02;
      const lower = jaw.slice(2, 15).map((p) => {
        const t = Math.max(0, 1 - Math.abs(p[0]) / (analysis.halfWidth * 1.05));
        return grow(p, extra * (0.3 + 0.7 * t));
      });
      const side = (sign: number): Point[] => {
        const burn = jaw[sign < 0 ? 1 : 15]!;
        const mouth = sign < 0 ? mouthLeft : mouthRight;
        return [
          [burn[0] * 0.97, burn[1] - 0.05],
          [burn[0] * 0.82, burn[1] + 0.02],
          [mouth[0] + sign * 0.42, cheek],
          [mouth[0] + sign * 0.18, cheek + 0.02],
          [mouth[0] + sign * 0.04, under + 0.04],
        ];
      };
      return [
        ...side(-1).reverse().slice(0, 1),
        ...lower,
        ...side(1),
        [0.1, under - 0.01],
        [0, under + 0.01],
        [-0.1, under - 0.01],
        ...side(-1).reverse().slice(0, 4),
      ];
    }
  }
}

/**
 * Paints a beard style on the lower face: the outline from the jaw landmarks, strands from
 * stretched noise, shading from the face's own light, the lips left clear. `colour` is the hair
 * colour chosen, else the hair found, else dark brown.
 */
export async function paintBeard(image: Raster, analysis: PortraitAnalysis, style: string, colour: Rgb, seed: number): Promise<Raster> {
  const { width, height } = image;
  const { frame } = analysis;
  const outline = beardOutline(analysis, style).map(([u, v]) => toImage(frame, u, v));
  // The mouth stays clear of every style: the outer lip contour (landmarks 48–59, which holds the
  // inner one, 60–67), grown by 0.05 eye distances so the soft edge falls outside the lips.
  const lips = range(frame.points, LANDMARKS.outerLips);
  const feather = frame.unit * (style === 'stubble' ? 0.07 : 0.06);
  const [region, inner, lipMask] = await Promise.all([
    maskFromSvg(width, height, `<path d="${pathOf(outline)}" fill="#fff"/>`, feather),
    maskFromSvg(width, height, `<path d="${pathOf(outline)}" fill="#fff"/>`, frame.unit * 0.12),
    maskFromSvg(
      width,
      height,
      `<path d="${pathOf(lips)}" fill="#fff" stroke="#fff" stroke-width="${frame.unit * 0.1}" stroke-linejoin="round"/>`,
      frame.unit * 0.012,
    ),
  ]);
  const strands = strandNoise(width, height, seed, Math.max(0.5, frame.unit * 0.012), Math.max(1.2, frame.unit * 0.05));
  const grain = strandNoise(width, height, seed + 1, 0.5, 0.7);
  const lum = luminance(image);
  let skinMean = 0;
  let n = 0;
  for (let p = 0; p < region.data.length; p++) {
    if (region.data[p]! > 0.5) {
      skinMean += lum.data[p]!;
      n++;
    }
  }
  skinMean = n ? skinMean / n : 0.5;
  const out = image.data.slice();
  const stubble = style === 'stubble';
  for (let p = 0; p < region.data.length; p++) {
    const r = region.data[p]!;
    if (r <= 0.002) continue;
    // A ragged edge: strands decide where the beard ends, not a smooth outline.
    const depth = inner.data[p]!;
    let a = Math.min(1, Math.max(0, (Math.min(r, depth * 1.4) - 0.3 + 0.3 * strands.data[p]!) * 2.4)) * (1 - lipMask.data[p]!);
    if (a <= 0.002) continue;
    const shade = Math.min(1.3, lum.data[p]! / Math.max(0.05, skinMean));
    let tone: number;
    if (stubble) {
      // Short dark dots: the skin shows between them.
      a *= Math.max(0, Math.min(1, grain.data[p]! * 2 + 0.3)) * 0.5 * Math.min(1, r * 1.5);
      tone = 0.65 * shade;
    } else {
      a *= Math.min(1, 0.8 + 0.35 * strands.data[p]!);
      // Darker where the beard thins out and in its shadowed edges, lighter in its body.
      tone = (0.4 + 0.6 * shade) * (0.7 + 0.4 * depth) * (1 + 0.45 * strands.data[p]! + 0.25 * grain.data[p]!);
    }
    for (let c = 0; c < 3; c++) out[p * 3 + c] = image.data[p * 3 + c]! * (1 - a) + Math.min(1, colour[c]! * tone) * a;
  }
  return { width, height, data: out };
}

export const rgbOf = (hex: string): Rgb => hexToRgb(hex);
