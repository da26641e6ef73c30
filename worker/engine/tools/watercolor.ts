/**
 * Watercolour: washes instead of texture, pigment that pools at the edges of each wash, granulation
 * in the darker pigment, and the paper showing through.
 * 1. Abstraction: strong edge-preserving smoothing, then a soft wobble (wet bleeding) of the washes.
 * 2. Pigment density (1 − colour) thinned toward transparency, lifted highlights → paper.
 * 3. Edge darkening where washes meet; granulation noise weighted by density; paper grain.
 */
import { guidedFilter, kuwahara, scaleFor, smoothPreservingEdges } from './filters';
import { gaussianBlur, grainTexture, luminance, sobel, type PhotoTool, type Raster } from './raster';

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

export const watercolor: PhotoTool = async ({ image, seed }) => {
  const s = scaleFor(image);
  const { width, height } = image;
  // Abstraction: brush-sized uniform patches (Kuwahara), then washes (edge-preserving smoothing).
  let wash = kuwahara(image, Math.max(2, Math.round(4 * s)));
  wash = smoothPreservingEdges(wash, Math.max(3, Math.round(8 * s)), 0.005);
  wash = smoothPreservingEdges(wash, Math.max(3, Math.round(6 * s)), 0.003);
  const wobbleX = grainTexture(width, height, seed, 6 * Math.max(0.5, s), 3.2 * Math.max(0.5, s));
  const wobbleY = grainTexture(width, height, seed + 17, 6 * Math.max(0.5, s), 3.2 * Math.max(0.5, s));
  wash = bleed(wash, wobbleX.data, wobbleY.data);
  const lum = luminance(wash);
  // Edges of the washes (not of the photo's fine texture): gradient of a smoothed luminance, widened a little.
  const edges = gaussianBlur(sobel(guidedFilter(lum, lum, Math.max(2, Math.round(3 * s)), 0.004)).magnitude, 1.2 * Math.max(0.6, s));
  const granulation = grainTexture(width, height, seed + 3, 1.5 * Math.max(0.5, s), 0.09);
  const paper = grainTexture(width, height, seed + 9, 2.5 * Math.max(0.5, s), 0.03);
  const paperTone = [0.985, 0.975, 0.95];
  const out = new Float32Array(wash.data.length);
  for (let p = 0; p < width * height; p++) {
    const edge = Math.min(1, edges.data[p]! * 5);
    for (let c = 0; c < 3; c++) {
      // Pigment density: thinned (transparent washes), highlights lifted to paper, pooled at edges.
      let density = (1 - wash.data[p * 3 + c]!) * 0.72;
      density = Math.max(0, density - 0.06) * 1.04;
      density *= 1 + 0.9 * edge;
      density *= 1 + granulation.data[p]! * (0.3 + density);
      out[p * 3 + c] = Math.min(1, Math.max(0, paperTone[c]! * (1 - density) + paper.data[p]!));
    }
  }
  return { image: { width, height, data: out } };
};
