/**
 * The environment options on the person matte: a new background (studio paper, an interior drawn
 * here, or an outdoor scene from the procedural renderer), blurred as chosen (a scene behind a
 * photographed person is always a little soft, as a lens would have it), background effects, and
 * the person laid back over it with the old background's colour taken out of the edges.
 */
import sharp from 'sharp';
import { renderFromPrompt } from '../render/procedural';
import { compositeOver, decontaminate } from '../tools/cutout';
import {
  blurRaster,
  channel,
  createPlane,
  createRaster,
  fromRgb8,
  gaussianBlur,
  mergeChannels,
  type Plane,
  type Raster,
} from '../tools/raster';
import { studioBackdrop } from '../tools/professional-portrait';
import { prng, type Point } from './geometry';

/** Outdoor backgrounds the procedural renderer draws well (docs/gallery/prompts.jpg). */
const SCENES: Record<string, string> = {
  city_street: 'a city street',
  neon_city: 'a neon-lit city at night',
  beach: 'a sunny beach',
  forest: 'a green forest',
  mountains: 'mountains',
  snow: 'a snowy landscape',
  garden: 'a flower garden',
  space: 'outer space with stars',
};

/** Blur of the background as a share of the image's long side. */
const BLUR: Record<string, number> = { none: 0, slight: 0.005, moderate: 0.011, strong: 0.02, creamy: 0.028 };

function radial(width: number, height: number, centre: Point, inner: [number, number, number], outer: [number, number, number]): Raster {
  const out = createRaster(width, height);
  const reach = Math.hypot(width, height) * 0.6;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.min(1, Math.hypot(x - centre[0], (y - centre[1]) * 0.9) / reach);
      const t = d * d * (3 - 2 * d);
      for (let c = 0; c < 3; c++) out.data[(y * width + x) * 3 + c] = inner[c]! + (outer[c]! - inner[c]!) * t;
    }
  }
  return out;
}

async function rasterOf(svg: string, width: number, height: number): Promise<Raster> {
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return fromRgb8(data, info.width, info.height);
}

/** Interiors the renderer has no scene for, drawn as flat shapes that read well once blurred. */
function interiorSvg(kind: string, width: number, height: number, seed: number): string {
  const random = prng(seed ^ 0x5eed);
  const w = width;
  const h = height;
  if (kind === 'office') {
    const panes = Array.from({ length: 12 }, (_, i) => {
      const col = i % 4;
      const row = Math.floor(i / 4);
      return `<rect x="${w * (0.04 + col * 0.14)}" y="${h * (0.08 + row * 0.2)}" width="${w * 0.125}" height="${h * 0.18}" fill="url(#sky)"/>`;
    }).join('');
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe6fb"/><stop offset="1" stop-color="#f3f8fd"/></linearGradient><linearGradient id="wall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#dfe3e8"/><stop offset="1" stop-color="#b9c0c9"/></linearGradient></defs>
      <rect width="${w}" height="${h}" fill="url(#wall)"/><rect x="${w * 0.03}" y="${h * 0.07}" width="${w * 0.56}" height="${h * 0.62}" fill="#8d96a1"/>${panes}
      <rect x="${w * 0.62}" y="${h * 0.12}" width="${w * 0.3}" height="${h * 0.04}" fill="#fff" opacity="0.8"/>
      <rect x="0" y="${h * 0.74}" width="${w}" height="${h * 0.26}" fill="#7d6a58"/><rect x="0" y="${h * 0.72}" width="${w}" height="${h * 0.035}" fill="#5b4a3c"/>
      <rect x="${w * 0.68}" y="${h * 0.5}" width="${w * 0.2}" height="${h * 0.14}" rx="4" fill="#2b2f36"/><rect x="${w * 0.77}" y="${h * 0.64}" width="${w * 0.02}" height="${h * 0.08}" fill="#2b2f36"/>
      <ellipse cx="${w * 0.14}" cy="${h * 0.62}" rx="${w * 0.09}" ry="${h * 0.12}" fill="#4f8a4a"/><rect x="${w * 0.11}" y="${h * 0.66}" width="${w * 0.06}" height="${h * 0.08}" fill="#e8e2da"/></svg>`;
  }
  if (kind === 'library') {
    const shelves: string[] = [];
    const colours = ['#7a2d2a', '#2f4f3c', '#2d3e63', '#8a6a3a', '#5b3a5e', '#a0522d', '#3f5e6e', '#6b4e2e', '#c9a66b'];
    for (let row = 0; row < 5; row++) {
      const y0 = h * (0.02 + row * 0.2);
      let x = w * 0.01;
      while (x < w) {
        const bw = w * (0.012 + random() * 0.022);
        const bh = h * (0.12 + random() * 0.05);
        shelves.push(
          `<rect x="${x.toFixed(1)}" y="${(y0 + h * 0.17 - bh).toFixed(1)}" width="${bw.toFixed(1)}" height="${bh.toFixed(1)}" fill="${colours[Math.floor(random() * colours.length)]}"/>`,
        );
        x += bw + w * 0.002;
      }
      shelves.push(`<rect x="0" y="${(y0 + h * 0.17).toFixed(1)}" width="${w}" height="${(h * 0.03).toFixed(1)}" fill="#3b2416"/>`);
    }
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><radialGradient id="lamp" cx="0.7" cy="0.3" r="0.6"><stop offset="0" stop-color="#ffd9a0" stop-opacity="0.45"/><stop offset="1" stop-color="#ffd9a0" stop-opacity="0"/></radialGradient></defs>
      <rect width="${w}" height="${h}" fill="#24160e"/>${shelves.join('')}<rect width="${w}" height="${h}" fill="url(#lamp)"/></svg>`;
  }
  // café: warm wall, pendant lamps, a chalkboard, the counter.
  const lamps = [0.2, 0.5, 0.8]
    .map(
      (t) =>
        `<line x1="${w * t}" y1="0" x2="${w * t}" y2="${h * 0.16}" stroke="#2a1d15" stroke-width="${w * 0.004}"/><path d="M ${w * (t - 0.06)} ${h * 0.22} Q ${w * t} ${h * 0.12} ${w * (t + 0.06)} ${h * 0.22} Z" fill="#2a1d15"/><circle cx="${w * t}" cy="${h * 0.23}" r="${w * 0.12}" fill="url(#glow)"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><radialGradient id="glow"><stop offset="0" stop-color="#fff1c9" stop-opacity="0.95"/><stop offset="0.25" stop-color="#ffcf7a" stop-opacity="0.5"/><stop offset="1" stop-color="#ffb25a" stop-opacity="0"/></radialGradient><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a5a3c"/><stop offset="1" stop-color="#5e3b26"/></linearGradient></defs>
    <rect width="${w}" height="${h}" fill="url(#wall)"/><rect x="${w * 0.58}" y="${h * 0.3}" width="${w * 0.34}" height="${h * 0.26}" fill="#2c302c" stroke="#6b4a2f" stroke-width="${w * 0.01}"/>
    <path d="M ${w * 0.62} ${h * 0.36} h ${w * 0.2} M ${w * 0.62} ${h * 0.42} h ${w * 0.14} M ${w * 0.62} ${h * 0.48} h ${w * 0.22}" stroke="#e8e4d8" stroke-width="${h * 0.008}" opacity="0.7"/>
    <rect x="0" y="${h * 0.7}" width="${w}" height="${h * 0.3}" fill="#3e281b"/><rect x="0" y="${h * 0.68}" width="${w}" height="${h * 0.03}" fill="#c59a6a"/>${lamps}</svg>`;
}

/** The chosen background at the photo's size. */
export async function backgroundImage(value: string, width: number, height: number, seed: number, light: Point): Promise<Raster> {
  if (value === 'studio_grey') return studioBackdrop(width, height, { x: light[0], y: light[1] });
  if (value === 'studio_white') return radial(width, height, light, [1, 1, 1], [0.83, 0.84, 0.87]);
  if (value === 'studio_black') return radial(width, height, light, [0.17, 0.17, 0.19], [0.02, 0.02, 0.03]);
  if (value === 'office' || value === 'library' || value === 'cafe')
    return rasterOf(interiorSvg(value, width, height, seed), width, height);
  const prompt = SCENES[value] ?? 'a green forest';
  const bytes = await renderFromPrompt({ prompt, style: 'realistic', width, height, seed });
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return fromRgb8(data, info.width, info.height);
}

/** The photo's own background blurred without the person bleeding into it (normalised convolution). */
function blurBehind(image: Raster, matte: Plane, sigma: number): Raster {
  const weight = createPlane(image.width, image.height);
  for (let p = 0; p < weight.data.length; p++) weight.data[p] = 1 - matte.data[p]!;
  const norm = gaussianBlur(weight, sigma);
  const planes = ([0, 1, 2] as const).map((c) => {
    const plane = channel(image, c);
    for (let p = 0; p < plane.data.length; p++) plane.data[p] = plane.data[p]! * weight.data[p]!;
    const blurred = gaussianBlur(plane, sigma);
    for (let p = 0; p < blurred.data.length; p++)
      blurred.data[p] = norm.data[p]! > 1e-3 ? blurred.data[p]! / norm.data[p]! : image.data[p * 3 + c]!;
    return blurred;
  });
  return mergeChannels(planes[0]!, planes[1]!, planes[2]!);
}

/** Effects that live on the background layer only. */
function backgroundEffect(background: Raster, effect: string, seed: number): Raster {
  const { width, height } = background;
  const out = background.data.slice();
  const long = Math.max(width, height);
  if (effect === 'motion_blur') {
    const r = Math.round(long * 0.03);
    const planes = ([0, 1, 2] as const).map((c) => {
      const plane = channel(background, c);
      // Horizontal only: a running box per row.
      const data = new Float32Array(plane.data.length);
      for (let y = 0; y < height; y++) {
        let sum = 0;
        let count = 0;
        for (let x = -r; x < width + r; x++) {
          const add = x + r;
          if (add >= 0 && add < width) {
            sum += plane.data[y * width + add]!;
            count++;
          }
          const drop = x - r - 1;
          if (drop >= 0 && drop < width) {
            sum -= plane.data[y * width + drop]!;
            count--;
          }
          if (x >= 0 && x < width) data[y * width + x] = sum / Math.max(1, count);
        }
      }
      return { width, height, data };
    });
    return mergeChannels(planes[0]!, planes[1]!, planes[2]!);
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      const dx = x / width - 0.5;
      const dy = y / height - 0.5;
      if (effect === 'vignette') {
        const k = Math.max(0, 1 - 1.6 * (dx * dx + dy * dy));
        for (let c = 0; c < 3; c++) out[p + c] = out[p + c]! * (0.25 + 0.75 * k);
      } else if (effect === 'fog') {
        const f = 0.35 + 0.3 * (y / height);
        for (let c = 0; c < 3; c++) out[p + c] = out[p + c]! * (1 - f) + 0.86 * f;
      } else if (effect === 'gradient') {
        const t = y / height;
        const g = [0.42 + 0.5 * t, 0.3 + 0.25 * t, 0.75 - 0.35 * t];
        for (let c = 0; c < 3; c++) out[p + c] = out[p + c]! * 0.35 + g[c]! * 0.65;
      } else if (effect === 'light_leak') {
        const t = Math.max(0, 1 - Math.hypot(x / width - 0.05, y / height - 0.1) * 1.6);
        const leak = [1, 0.55, 0.25];
        for (let c = 0; c < 3; c++) out[p + c] = out[p + c]! + leak[c]! * t * 0.6;
      }
    }
  }
  if (effect === 'bokeh_lights') {
    const random = prng(seed ^ 0xb0ce);
    const count = 22;
    const colours = [
      [1, 0.85, 0.55],
      [1, 0.95, 0.85],
      [0.75, 0.85, 1],
      [1, 0.7, 0.8],
    ];
    for (let i = 0; i < count; i++) {
      const cx = random() * width;
      const cy = random() * height * 0.85;
      const r = long * (0.02 + random() * 0.045);
      const colour = colours[Math.floor(random() * colours.length)]!;
      const strength = 0.25 + random() * 0.3;
      for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(height, cy + r); y++) {
        for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(width, cx + r); x++) {
          const d = Math.hypot(x - cx, y - cy) / r;
          if (d >= 1) continue;
          const a = strength * Math.min(1, (1 - d) * 6) * (0.75 + 0.25 * d);
          const p = (y * width + x) * 3;
          for (let c = 0; c < 3; c++) out[p + c] = out[p + c]! + (colour[c]! - out[p + c]!) * a;
        }
      }
    }
  }
  return { width, height, data: out };
}

export interface EnvironmentChoice {
  background?: string;
  background_blur?: string;
  background_effect?: string;
  depth_of_field?: string;
}

/**
 * The person over the environment chosen; the photo unchanged when nothing about the background was
 * chosen. `light` is where a studio backdrop's light pool sits (behind the head).
 */
export async function composeEnvironment(
  image: Raster,
  matte: Plane,
  choice: EnvironmentChoice,
  seed: number,
  light: Point,
): Promise<Raster> {
  const { width, height } = image;
  const long = Math.max(width, height);
  const blurShare =
    choice.background_blur !== undefined
      ? (BLUR[choice.background_blur] ?? 0)
      : choice.depth_of_field === 'shallow'
        ? BLUR.moderate!
        : undefined;
  const effect = choice.background_effect && choice.background_effect !== 'light_leak' ? choice.background_effect : undefined;
  if (!choice.background && blurShare === undefined && !effect) return image;
  let background: Raster;
  if (choice.background) {
    background = await backgroundImage(choice.background, width, height, seed, light);
    const studio = choice.background.startsWith('studio_');
    // A drawn scene behind a photographed person reads as a cut-out unless it is a little soft.
    const share = blurShare ?? (studio ? 0 : BLUR.slight!);
    if (share > 0) background = blurRaster(background, share * long);
  } else {
    background = blurShare ? blurBehind(image, matte, blurShare * long) : image;
  }
  if (effect) background = backgroundEffect(background, effect, seed);
  const person = choice.background ? decontaminate(image, matte, Math.max(4, long / 80)) : image;
  return compositeOver(person, matte, background);
}
