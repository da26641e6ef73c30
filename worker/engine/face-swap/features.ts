/**
 * Skin and small facial details on the face the landmarks outline: smoother, matte or dewy skin,
 * freckles over the nose and cheeks, rosy cheeks, a beauty mark. Everything is weighted by the
 * skin likelihood, so eyes, brows, lips and hair stay as they are.
 */
import { smoothPreservingEdges } from '../tools/filters';
import { createPlane, type Plane, type Raster } from '../tools/raster';
import type { PortraitAnalysis } from './analysis';
import { prng, toFrame, toImage } from './geometry';

/** Skin of the face and forehead (not the hair, not the eyes or mouth), soft. */
export function faceSkin(analysis: PortraitAnalysis): Plane {
  const { frame, skin, hair, mouth, browLine, chin, halfWidth } = analysis;
  const out = createPlane(skin.width, skin.height);
  for (let p = 0; p < out.data.length; p++) {
    const [u, v] = toFrame(frame, p % skin.width, Math.floor(p / skin.width));
    const e = (u / (halfWidth + 0.1)) ** 2 + ((v - (browLine + chin) / 2) / ((chin - browLine) / 2 + 0.5)) ** 2;
    if (e >= 1.2) continue;
    out.data[p] = skin.data[p]! * (1 - hair.data[p]!) * (1 - mouth.data[p]!) * Math.min(1, (1.2 - e) * 5);
  }
  return out;
}

export function skinTexture(image: Raster, analysis: PortraitAnalysis, value: string): Raster {
  const mask = faceSkin(analysis);
  const { width, height } = image;
  const out = image.data.slice();
  if (value === 'smooth') {
    const smooth = smoothPreservingEdges(image, Math.max(2, Math.round(analysis.frame.unit * 0.12)), 0.003);
    for (let p = 0; p < width * height; p++)
      for (let c = 0; c < 3; c++)
        out[p * 3 + c] = image.data[p * 3 + c]! + (smooth.data[p * 3 + c]! - image.data[p * 3 + c]!) * mask.data[p]! * 0.85;
  } else if (value === 'matte') {
    for (let p = 0; p < width * height; p++) {
      for (let c = 0; c < 3; c++) {
        const v = image.data[p * 3 + c]!;
        out[p * 3 + c] = v - Math.max(0, v - 0.62) * 0.55 * mask.data[p]!;
      }
    }
  } else if (value === 'dewy') {
    // Highlights where light catches a face: cheekbones, the bridge of the nose, the forehead.
    const f = analysis.frame;
    const spots: [number, number, number][] = [
      [-0.55, 0.42, 0.2],
      [0.55, 0.42, 0.2],
      [0, 0.35, 0.12],
      [0, analysis.browLine - 0.3, 0.28],
    ];
    const shine = createPlane(width, height);
    for (const [u, v, r] of spots) {
      const [cx, cy] = toImage(f, u, v);
      const radius = r * f.unit;
      for (let y = Math.max(0, Math.floor(cy - radius * 2)); y < Math.min(height, cy + radius * 2); y++) {
        for (let x = Math.max(0, Math.floor(cx - radius * 2)); x < Math.min(width, cx + radius * 2); x++) {
          shine.data[y * width + x] = Math.max(
            shine.data[y * width + x]!,
            Math.exp(-(((x - cx) ** 2 + (y - cy) ** 2) / (2 * radius * radius))),
          );
        }
      }
    }
    const smooth = smoothPreservingEdges(image, Math.max(2, Math.round(f.unit * 0.08)), 0.002);
    for (let p = 0; p < width * height; p++) {
      const m = mask.data[p]!;
      for (let c = 0; c < 3; c++) {
        const base = image.data[p * 3 + c]! + (smooth.data[p * 3 + c]! - image.data[p * 3 + c]!) * m * 0.5;
        out[p * 3 + c] = Math.min(1, base + shine.data[p]! * m * 0.2);
      }
    }
  }
  return { width, height, data: out };
}

export function facialFeature(image: Raster, analysis: PortraitAnalysis, value: string, seed: number): Raster {
  const { width, height } = image;
  const f = analysis.frame;
  const skin = faceSkin(analysis);
  const out = image.data.slice();
  const paint = (cx: number, cy: number, radius: number, colour: [number, number, number], alpha: number, soft = 0.8) => {
    for (let y = Math.max(0, Math.floor(cy - radius - 1)); y <= Math.min(height - 1, Math.ceil(cy + radius + 1)); y++) {
      for (let x = Math.max(0, Math.floor(cx - radius - 1)); x <= Math.min(width - 1, Math.ceil(cx + radius + 1)); x++) {
        const d = Math.hypot(x - cx, y - cy);
        const a = alpha * Math.min(1, Math.max(0, (radius - d) / Math.max(0.5, radius * soft) + 0.5)) * skin.data[y * width + x]!;
        for (let c = 0; c < 3; c++) out[(y * width + x) * 3 + c] = out[(y * width + x) * 3 + c]! * (1 - a) + colour[c]! * a;
      }
    }
  };
  const base = analysis.skinColour;
  if (value === 'freckles') {
    const random = prng(seed ^ 0xf7ec);
    const colour: [number, number, number] = [base[0] * 0.62, base[1] * 0.45, base[2] * 0.32];
    for (let i = 0; i < 140; i++) {
      // Across the nose and the upper cheeks, denser in the middle.
      const u = (random() - 0.5) * 1.7;
      const v = 0.18 + random() * 0.55 + Math.abs(u) * 0.15;
      if (Math.abs(u) < 0.12 && v < 0.3) continue;
      const [x, y] = toImage(f, u, v);
      paint(x, y, f.unit * (0.01 + random() * 0.014), colour, 0.35 + random() * 0.35);
    }
  } else if (value === 'rosy_cheeks') {
    const blush = createPlane(width, height);
    for (const sign of [-1, 1]) {
      const [cx, cy] = toImage(f, sign * 0.58, 0.6);
      const r = f.unit * 0.3;
      for (let y = Math.max(0, Math.floor(cy - r * 2.5)); y < Math.min(height, cy + r * 2.5); y++) {
        for (let x = Math.max(0, Math.floor(cx - r * 2.5)); x < Math.min(width, cx + r * 2.5); x++) {
          blush.data[y * width + x] = Math.max(blush.data[y * width + x]!, Math.exp(-(((x - cx) ** 2 + (y - cy) ** 2) / (2 * r * r))));
        }
      }
    }
    for (let p = 0; p < width * height; p++) {
      const a = blush.data[p]! * skin.data[p]! * 0.45;
      out[p * 3] = out[p * 3]! * (1 - a) + Math.min(1, out[p * 3]! * 1.02 + 0.04) * a;
      out[p * 3 + 1] = out[p * 3 + 1]! * (1 - a) + out[p * 3 + 1]! * 0.72 * a;
      out[p * 3 + 2] = out[p * 3 + 2]! * (1 - a) + out[p * 3 + 2]! * 0.78 * a;
    }
  } else if (value === 'beauty_mark') {
    const [mu, mv] = toFrame(f, f.points[54]![0], f.points[54]![1]);
    const [x, y] = toImage(f, mu + 0.16, mv - 0.2);
    paint(x, y, Math.max(1, f.unit * 0.028), [base[0] * 0.3, base[1] * 0.2, base[2] * 0.15], 0.85, 0.5);
  }
  return { width, height, data: out };
}
