/**
 * Watercolour, after Bousseau et al. 2006 ("Interactive watercolor rendering with temporal coherence
 * and abstraction") and Curtis et al. 1997 ("Computer-generated watercolor"): washes instead of
 * texture, pigment that pools at the edges of each wash, pigment density that varies with the
 * paper, and the paper showing through the lights.
 * 1. Abstraction: brush-sized uniform patches (Kuwahara), then edge-preserving smoothing guided by
 *    perceptual lightness (L*), so the washes of a dark photo keep their borders too; a soft wobble
 *    (wet bleeding) of the washes.
 * 2. Colour: the photo's own colours, a little more chroma to make up for what smoothing averages
 *    away; only the light parts thin out toward the paper, so a night photo stays a night photo.
 * 3. Pigment density d per pixel (Bousseau's colour modification C' = C − (C − C²)(d − 1), which
 *    darkens mid-tones most and leaves black and white alone): raised where washes meet (edge
 *    darkening), varied by low-frequency turbulence (uneven wash) and by the paper's grain
 *    (granulation); then the paper's tone and grain.
 * 4. Pigment lines: thin dark structure of the photo (towers, wires, whiskers) that the washes
 *    smoothed away is laid back along it ({@link pigmentLines}), outside the lights.
 */
import { guidedFilter, kuwahara, removeSpecks, scaleFor, smoothPreservingEdges, xdog } from './filters';
import { labToRgb, rgbToLab } from './grade/lab';
import { gaussianBlur, grainTexture, type Plane, type PhotoTool, type Raster, sobel } from './raster';

/** Samples each pixel from a slightly displaced position (bilinear): the wet edges of a wash wander. */
function bleed(raster: Raster, dx: Float32Array, dy: Float32Array): Raster {
  const { width, height, data } = raster;
  const out = new Float32Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const sx = Math.min(width - 1, Math.max(0, x + dx[p]!));
      const sy = Math.min(height - 1, Math.max(0, y + dy[p]!));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 3; c++) {
        const a = data[(y0 * width + x0) * 3 + c]! * (1 - fx) + data[(y0 * width + x1) * 3 + c]! * fx;
        const b = data[(y1 * width + x0) * 3 + c]! * (1 - fx) + data[(y1 * width + x1) * 3 + c]! * fx;
        out[p * 3 + c] = a * (1 - fy) + b * fy;
      }
    }
  }
  return { width, height, data: out };
}

/** Perceptual lightness L* / 100 of each pixel: dark tones get as much room as light ones. */
function lightness(raster: Raster): Plane {
  const out = new Float32Array(raster.width * raster.height);
  for (let p = 0; p < out.length; p++) out[p] = rgbToLab(raster.data[p * 3]!, raster.data[p * 3 + 1]!, raster.data[p * 3 + 2]!)[0] / 100;
  return { width: raster.width, height: raster.height, data: out };
}

const PAPER = [0.985, 0.975, 0.95];
/** How far a tone at lightness `l` (L*) is thinned toward the paper: from L* 50, white showing through above ~90. */
const lightsOf = (l: number) => Math.min(1, Math.max(0, (l - 50) / 40)) ** 1.3;
const LINE_DEPTH = 0.65;
const LINE_EPS = -0.05;
const LINE_SHARP = 60;
const LINE_AREA = 80;

/**
 * Where a thin dark structure runs in the photo (a pigment line, 0 none … 1 full): a difference of
 * Gaussians of L* (XDoG, Winnemöller et al. 2012, without the tone bias so a dark photo's lines count
 * as much as a light one's) at brush-tip width, soft-thresholded, specks removed so texture (fur,
 * grass, grain) does not come back as dirt. Also returns the photo's L* / 100.
 */
function pigmentLines(photoLightness: Plane, s: number): { line: Plane; lightness: Plane } {
  const sigma = Math.max(0.6, 0.8 * s);
  const ink = removeSpecks(
    xdog(photoLightness, sigma, { k: 2.5, tau: 1, epsilon: LINE_EPS, sharpness: LINE_SHARP }),
    Math.round(LINE_AREA * s * s) + 4,
  );
  const line = ink.data.map((v) => 1 - v);
  return { line: { width: ink.width, height: ink.height, data: line }, lightness: photoLightness };
}

export const watercolor: PhotoTool = async ({ image, seed }) => {
  const s = scaleFor(image);
  const { width, height } = image;
  // Abstraction: brush-sized uniform patches, then washes. The guide is L*, whose edges in a night
  // photo are as strong as in a daylight one (in luma they are a tenth as strong and got smoothed over).
  let wash = kuwahara(image, Math.max(2, Math.round(4 * s)));
  wash = smoothPreservingEdges(wash, Math.max(3, Math.round(8 * s)), 0.015, lightness(wash));
  wash = smoothPreservingEdges(wash, Math.max(3, Math.round(6 * s)), 0.01, lightness(wash));
  const wobbleX = grainTexture(width, height, seed, 6 * Math.max(0.5, s), 3.2 * Math.max(0.5, s));
  const wobbleY = grainTexture(width, height, seed + 17, 6 * Math.max(0.5, s), 3.2 * Math.max(0.5, s));
  wash = bleed(wash, wobbleX.data, wobbleY.data);
  const light = lightness(wash);
  const lines = pigmentLines(lightness(image), s);
  // Where washes meet: the gradient of the smoothed lightness (not of the photo's fine texture),
  // spread a little so the pigment pools in a band along the border, not in a drawn line.
  const edges = gaussianBlur(sobel(guidedFilter(light, light, Math.max(2, Math.round(3 * s)), 0.003)).magnitude, 1.5 * Math.max(0.6, s));
  const turbulence = grainTexture(width, height, seed + 5, 30 * Math.max(0.5, s), 1);
  const granulation = grainTexture(width, height, seed + 3, 1.5 * Math.max(0.5, s), 1);
  const paper = grainTexture(width, height, seed + 9, 2.5 * Math.max(0.5, s), 1);
  const out = new Float32Array(wash.data.length);
  for (let p = 0; p < width * height; p++) {
    const [washL, a, b] = rgbToLab(wash.data[p * 3]!, wash.data[p * 3 + 1]!, wash.data[p * 3 + 2]!);
    // Thin dark structure the washes smoothed away (towers, wires, branches, whiskers) comes back as
    // pigment laid along it: the wash takes most of the photo's own darkness there.
    const line = lines.line.data[p]!;
    const l = washL - LINE_DEPTH * line * Math.max(0, 1 - 3 * lightsOf(washL)) * Math.max(0, washL - lines.lightness.data[p]! * 100);
    // Thinned toward the paper only in the lights.
    const thin = lightsOf(l);
    const colour = labToRgb(l + (100 - l) * 0.7 * thin, a * 1.12 * (1 - 0.45 * thin), b * 1.12 * (1 - 0.45 * thin));
    const edge = Math.min(1, edges.data[p]! * 6);
    const density = 1 + 1.3 * edge + (0.3 * turbulence.data[p]! + 0.2 * granulation.data[p]! + 0.1 * paper.data[p]!) * (1 - 0.5 * thin);
    for (let c = 0; c < 3; c++) {
      const C = colour[c]!;
      const pigment = C - (C - C * C) * (density - 1);
      // The paper under it all: its tone, and its grain catching a little light or shade.
      out[p * 3 + c] = Math.min(1, Math.max(0, pigment * PAPER[c]! * (1 + 0.045 * paper.data[p]!)));
    }
  }
  return { image: { width, height, data: out } };
};
