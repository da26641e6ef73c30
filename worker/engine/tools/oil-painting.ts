/**
 * Oil painting: the anisotropic Kuwahara filter (Kyprianidis, Kang & Döllner 2009; npr/kuwahara.ts)
 * turns texture into flat brush strokes that follow the image's structure — along hair, petals,
 * horizons — while edges stay crisp. Two passes: broad strokes, then a finer one that tidies
 * their seams, both steered by the photo's own structure. Colours are enriched a little. No relief
 * or canvas: embossed stroke texture added more fine detail than it took away and read as noise.
 */
import { scaleFor } from './filters';
import { anisotropicKuwahara, structureField } from './npr/kuwahara';
import { hsvToRgb, rgbToHsv, type PhotoTool } from './raster';

export const oilPainting: PhotoTool = async ({ image }) => {
  const s = scaleFor(image);
  const { width, height } = image;
  const field = structureField(image, Math.max(1.5, 2.5 * s));
  let paint = anisotropicKuwahara(image, { radius: Math.max(4, Math.round(10 * s)), field });
  paint = anisotropicKuwahara(paint, { radius: Math.max(3, Math.round(4 * s)), field });
  const out = new Float32Array(paint.data.length);
  for (let i = 0; i < out.length; i += 3) {
    const [h, sat, v] = rgbToHsv(paint.data[i]!, paint.data[i + 1]!, paint.data[i + 2]!);
    const [r, g, b] = hsvToRgb(h, Math.min(1, sat * 1.15), v);
    out[i] = r;
    out[i + 1] = g;
    out[i + 2] = b;
  }
  return { image: { width, height, data: out } };
};
