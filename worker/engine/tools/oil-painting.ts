/**
 * Oil painting: Kuwahara filtering turns texture into uniform brush patches with crisp edges (twice,
 * large then small brushes), colours are enriched, and the paint gets relief: strokes smeared along
 * the image's contours, lit from the upper left, on a canvas weave.
 */
import { guidedFilter, kuwahara, scaleFor } from './filters';
import { createPlane, gaussianBlur, grainTexture, hsvToRgb, luminance, rgbToHsv, sobel, type Plane, type PhotoTool } from './raster';

/** Noise smeared along the local contour direction (perpendicular to the gradient): brush strokes. */
function strokeTexture(angle: Plane, width: number, height: number, seed: number, length: number): Plane {
  const noise = grainTexture(width, height, seed, 0.6, 1);
  const out = createPlane(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const a = angle.data[p]! + Math.PI / 2;
      const cx = Math.cos(a);
      const cy = Math.sin(a);
      let sum = 0;
      let n = 0;
      for (let k = -length; k <= length; k += 1) {
        const xx = Math.round(x + cx * k);
        const yy = Math.round(y + cy * k);
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
        sum += noise.data[yy * width + xx]!;
        n++;
      }
      out.data[p] = n ? sum / n : 0;
    }
  }
  return out;
}

export const oilPainting: PhotoTool = async ({ image, seed }) => {
  const s = scaleFor(image);
  const { width, height } = image;
  let paint = kuwahara(image, Math.max(3, Math.round(7 * s)));
  paint = kuwahara(paint, Math.max(2, Math.round(3 * s)));
  const lum = luminance(paint);
  // Contour directions from a smoothed copy, so strokes follow shapes, not pixel noise.
  const { angle } = sobel(guidedFilter(lum, lum, Math.max(3, Math.round(6 * s)), 0.01));
  const strokes = strokeTexture(gaussianBlur(angle, 0), width, height, seed, Math.max(3, Math.round(6 * s)));
  const height2 = createPlane(width, height);
  for (let i = 0; i < height2.data.length; i++) height2.data[i] = lum.data[i]! * 0.5 + strokes.data[i]! * 0.35;
  const relief = gaussianBlur(height2, 0.8 * Math.max(0.6, s));
  const step = Math.max(1, Math.round(s));
  const canvasPeriod = Math.max(3, Math.round(4 * s));
  const out = new Float32Array(paint.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const up = relief.data[Math.max(0, y - step) * width + Math.max(0, x - step)]!;
      const down = relief.data[Math.min(height - 1, y + step) * width + Math.min(width - 1, x + step)]!;
      const light = (up - down) * 0.9;
      const weave = 0.012 * Math.sin((2 * Math.PI * x) / canvasPeriod) * Math.sin((2 * Math.PI * y) / canvasPeriod);
      const [h, sat, v] = rgbToHsv(paint.data[p * 3]!, paint.data[p * 3 + 1]!, paint.data[p * 3 + 2]!);
      const [r, g, b] = hsvToRgb(h, Math.min(1, sat * 1.22), Math.min(1, v * 1.02));
      const shade = light + weave;
      out[p * 3] = r + shade;
      out[p * 3 + 1] = g + shade;
      out[p * 3 + 2] = b + shade * 0.9;
    }
  }
  return { image: { width, height, data: out } };
};
