/**
 * Pop art: the photo reduced to four flat, loud inks by tone (Warhol's screen prints), a halftone
 * dot screen in the middle tones, and thick black outlines. The palette is one of a few classic
 * four-ink sets, chosen by the seed, so Regenerate gives another print of the same photo.
 */
import { removeSpecks, scaleFor, smoothPreservingEdges, thickenInk, xdog } from './filters';
import { luminance, type PhotoTool } from './raster';

type Ink = [number, number, number];
const hex = (h: string): Ink => [parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255];

/** Shadow → highlight inks of classic screen-print sets. */
export const POP_PALETTES: Ink[][] = [
  ['#1b1464', '#e4007c', '#ff9e1b', '#fff200'],
  ['#0b3d91', '#00a99d', '#f7931e', '#fce4ec'],
  ['#2e003e', '#ff0054', '#00b4d8', '#ffe66d'],
  ['#111111', '#d7263d', '#1b998b', '#f4e04d'],
].map((set) => set.map(hex));

export const popArt: PhotoTool = async ({ image, seed }) => {
  const s = scaleFor(image);
  const { width, height } = image;
  const smooth = smoothPreservingEdges(image, Math.max(2, Math.round(5 * s)), 0.004);
  const lum = luminance(smooth);
  // Tone bands by the photo's own quartiles, so a dark or bright photo still uses all four inks.
  const sorted = Float32Array.from(lum.data).sort();
  const cuts = [0.25, 0.55, 0.8].map((q) => sorted[Math.floor(q * (sorted.length - 1))]!);
  const inks = POP_PALETTES[seed % POP_PALETTES.length]!;
  const lines = thickenInk(
    removeSpecks(xdog(lum, 1.4 * Math.max(0.8, s), { sharpness: 120, epsilon: -0.01 }), Math.round(40 * s * s) + 10),
    Math.max(1, Math.round(1.2 * s)),
  );
  const pitch = Math.max(5, 9 * s);
  const angle = Math.PI / 4;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const v = lum.data[p]!;
      const band = v < cuts[0]! ? 0 : v < cuts[1]! ? 1 : v < cuts[2]! ? 2 : 3;
      let [r, g, b] = inks[band]!;
      // Halftone in the two middle bands: dots of the darker neighbouring ink, sized by darkness within the band.
      if (band === 1 || band === 2) {
        const lo = cuts[band - 1]!;
        const hi = cuts[band]!;
        const darkness = 1 - (v - lo) / Math.max(1e-3, hi - lo);
        const u = (x * cos + y * sin) / pitch;
        const w = (-x * sin + y * cos) / pitch;
        const du = u - Math.round(u);
        const dw = w - Math.round(w);
        const radius = 0.62 * Math.sqrt(Math.max(0, darkness * 0.8));
        const inside = Math.min(1, Math.max(0, (radius - Math.hypot(du, dw)) * pitch * 0.9 + 0.5));
        const dot = inks[band - 1]!;
        r += (dot[0] - r) * inside;
        g += (dot[1] - g) * inside;
        b += (dot[2] - b) * inside;
      }
      const ink = lines.data[p]!;
      out[p * 3] = r * ink;
      out[p * 3 + 1] = g * ink;
      out[p * 3 + 2] = b * ink;
    }
  }
  return { image: { width, height, data: out } };
};
