/**
 * Anime / cartoon: the photo flattened into cel-shaded colour regions with clean ink outlines.
 * 1. Edge-preserving smoothing (guided filter, three passes) removes texture but keeps shapes.
 * 2. Cel shading: each pixel keeps its (smoothed) hue, saturation is lifted, and brightness snaps
 *    to four tone bands with a narrow soft step, so regions read as flat paint, not a posterised photo.
 *    Dark pixels keep their own chroma (blacks stay black, not coloured blotches).
 * 3. XDoG outlines of the smoothed image, specks removed, drawn as dark ink of the region's colour.
 */
import { removeSpecks, scaleFor, smoothPreservingEdges, xdog } from './filters';
import { hsvToRgb, luminance, rgbToHsv, type PhotoTool } from './raster';

/** Brightness → one of four cel tones, with a soft step (width 0.04) between bands. */
export function celTone(v: number): number {
  const bands = [0.18, 0.45, 0.72, 0.95];
  const edges = [0.3, 0.55, 0.8];
  let tone = bands[0]!;
  for (let i = 0; i < edges.length; i++) {
    const t = Math.min(1, Math.max(0, (v - edges[i]! + 0.02) / 0.04));
    tone += (bands[i + 1]! - bands[i]!) * t;
  }
  return tone;
}

export const animeStyle: PhotoTool = async ({ image }) => {
  const s = scaleFor(image);
  let smooth = smoothPreservingEdges(image, Math.max(2, Math.round(5 * s)), 0.003);
  smooth = smoothPreservingEdges(smooth, Math.max(2, Math.round(5 * s)), 0.002);
  smooth = smoothPreservingEdges(smooth, Math.max(2, Math.round(3 * s)), 0.001);
  const lines = removeSpecks(
    xdog(luminance(smooth), 1.2 * Math.max(0.8, s), { sharpness: 90, epsilon: -0.012 }),
    Math.round(30 * s * s) + 8,
  );
  const out = new Float32Array(smooth.data.length);
  for (let p = 0, i = 0; p < lines.data.length; p++, i += 3) {
    const [h, sat, v] = rgbToHsv(smooth.data[i]!, smooth.data[i + 1]!, smooth.data[i + 2]!);
    // Saturation in three steps too: cel paint has few mixes.
    // Near-grays stay gray (a white wall must not turn pink); colours get cel saturation.
    const lifted = sat < 0.12 ? sat * 0.8 : sat < 0.25 ? sat * 1.1 : Math.min(1, Math.round(Math.min(1, sat * 1.35) * 5) / 5 + 0.04);
    // Dark pixels keep the chroma they had: their hue is mostly noise, and lifting their saturation
    // (and their tone to the first band) turned a black helmet olive and a dark table into red, green
    // and blue patches. Full cel saturation only from v 0.4 up, faded in from 0.15.
    const tone = celTone(v);
    const w = Math.min(1, Math.max(0, (v - 0.15) / 0.25));
    const kept = Math.min(sat, (sat * v) / tone);
    const [r, g, b] = hsvToRgb(Math.round(h * 36) / 36, kept + (lifted - kept) * w * w * (3 - 2 * w), tone);
    const ink = lines.data[p]!;
    const keep = ink + (1 - ink) * 0.1;
    out[i] = r * keep;
    out[i + 1] = g * keep;
    out[i + 2] = b * keep;
  }
  return { image: { width: image.width, height: image.height, data: out } };
};
