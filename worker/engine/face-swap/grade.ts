/**
 * The photographic and stylistic options that are a matter of light and colour: light on the person
 * (direction and style), atmosphere, white balance, exposure, colour grading, photo effects, sensor
 * grain at high ISO, and the effects drawn over the picture (flare, rays, sparkles, snow, rain,
 * petals, neon glow, halftone, posterize). Each is a plain function of the raster (and the matte
 * where it is about the person), so the engine applies exactly the ones chosen.
 */
import { blurRaster, clamp01, createPlane, gaussianBlur, hsvToRgb, rgbToHsv, type Plane, type Raster } from '../tools/raster';
import { layerFromSvg, prng, type Point } from './geometry';

type Rgb = [number, number, number];

function map(image: Raster, fn: (r: number, g: number, b: number, x: number, y: number, p: number) => Rgb): Raster {
  const { width, height } = image;
  const out = new Float32Array(image.data.length);
  for (let p = 0, i = 0; p < width * height; p++, i += 3) {
    const [r, g, b] = fn(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, p % width, Math.floor(p / width), p);
    out[i] = clamp01(r);
    out[i + 1] = clamp01(g);
    out[i + 2] = clamp01(b);
  }
  return { width, height, data: out };
}

const luma = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const scale =
  (k: Rgb) =>
  (r: number, g: number, b: number): Rgb => [r * k[0], g * k[1], b * k[2]];
function saturate(r: number, g: number, b: number, amount: number): Rgb {
  const l = luma(r, g, b);
  return [l + (r - l) * amount, l + (g - l) * amount, l + (b - l) * amount];
}
const curve = (v: number, k: number) => v + k * (v - 0.5) * (1 - Math.abs(2 * v - 1));

/** Where the person is and how big, for light that falls across them. */
export interface Subject {
  matte: Plane;
  centre: Point;
  /** About a head's height in pixels. */
  size: number;
}

/** Light from one side, from above, from below or behind (a rim), on the person only. */
export function lightDirection(image: Raster, subject: Subject, direction: string): Raster {
  const { matte, centre, size } = subject;
  const span = size * 2.2;
  let rim: Plane | null = null;
  if (direction === 'back') {
    // A thin band inside the silhouette: the edge light of a source behind the person.
    const soft = gaussianBlur(matte, Math.max(1.2, size * 0.02));
    rim = createPlane(image.width, image.height);
    for (let p = 0; p < rim.data.length; p++) rim.data[p] = clamp01((matte.data[p]! - soft.data[p]!) * 5) * matte.data[p]!;
    rim = gaussianBlur(rim, Math.max(0.8, size * 0.008));
  }
  return map(image, (r, g, b, x, y, p) => {
    const m = matte.data[p]!;
    if (m < 0.01) return [r, g, b];
    const dx = Math.max(-1, Math.min(1, (x - centre[0]) / span));
    const dy = Math.max(-1, Math.min(1, (y - centre[1]) / span));
    let k = 1;
    if (direction === 'left') k = 1 - 0.42 * dx;
    else if (direction === 'right') k = 1 + 0.42 * dx;
    else if (direction === 'top') k = 1 - 0.38 * dy;
    else if (direction === 'below') k = 0.8 + 0.45 * dy;
    if (rim) {
      const glow = rim.data[p]! * 0.6;
      return [
        (r * 0.84 + glow * 1.0) * m + r * (1 - m),
        (g * 0.84 + glow * 0.95) * m + g * (1 - m),
        (b * 0.84 + glow * 0.85) * m + b * (1 - m),
      ];
    }
    const f = 1 + (k - 1) * m;
    return [r * f, g * f, b * f];
  });
}

/** Light styles: a colour of light, and for Rembrandt, neon and dramatic a shape of it. */
export function lightStyle(image: Raster, subject: Subject, style: string): Raster {
  const { width, height } = image;
  const { matte, centre, size } = subject;
  switch (style) {
    case 'golden_hour':
      return map(image, (r, g, b, x, y) => {
        const glow = Math.max(0, 1 - Math.hypot(x / width - 0.9, y / height - 0.15) * 1.3) * 0.22;
        return [r * 1.1 + glow, g * 1.0 + glow * 0.7, b * 0.8 + glow * 0.25];
      });
    case 'blue_hour':
      return map(image, (r, g, b) => [r * 0.78, g * 0.88, b * 1.12 + 0.03]);
    case 'studio_softbox':
      return map(image, (r, g, b) => [r + (1 - r) * 0.1, g + (1 - g) * 0.1, b + (1 - b) * 0.1]);
    case 'rembrandt':
      return map(image, (r, g, b, x, y, p) => {
        const dx = (x - centre[0]) / (size * 1.5);
        const dy = (y - centre[1]) / (size * 2);
        const k = clamp01(0.95 - 0.55 * Math.max(0, dx) + 0.2 * Math.min(0, -dy));
        const f = 0.35 + 0.75 * (k * matte.data[p]! + 0.55 * (1 - matte.data[p]!));
        return [r * f * 1.04, g * f, b * f * 0.94];
      });
    case 'neon':
      return map(image, (r, g, b, x, _y, p) => {
        const t = clamp01((x - (centre[0] - size * 1.5)) / (size * 3));
        const m = matte.data[p]!;
        const l = luma(r, g, b);
        const tint: Rgb = [1 * (1 - t) + 0.1 * t, 0.2 * (1 - t) + 0.9 * t, 0.85 * (1 - t) + 1 * t];
        const k = 0.45 * m;
        return [
          (r * 0.7 + tint[0] * l * 0.9 * k) * (m > 0.5 ? 1 : 0.75),
          (g * 0.7 + tint[1] * l * 0.9 * k) * (m > 0.5 ? 1 : 0.75),
          (b * 0.75 + tint[2] * l * 0.9 * k) * (m > 0.5 ? 1 : 0.8),
        ];
      });
    case 'candlelight':
      return map(image, (r, g, b, x, y) => {
        const k = Math.max(0.35, 1 - Math.hypot((x - centre[0]) / width, (y - centre[1]) / height) * 1.4);
        return [r * 1.12 * k, g * 0.9 * k, b * 0.62 * k];
      });
    case 'dramatic':
      return map(image, (r, g, b, x, _y, p) => {
        const side = clamp01(0.5 - (x - centre[0]) / (size * 2.4));
        const f = (0.25 + 0.85 * side) * (0.55 + 0.45 * matte.data[p]!);
        return [curve(r * f, 0.3), curve(g * f, 0.3), curve(b * f, 0.3)];
      });
    default:
      return image;
  }
}

function glow(image: Raster, sigma: number, amount: number): Raster {
  const blurred = blurRaster(image, sigma);
  return map(image, (r, g, b, _x, _y, p) => {
    const i = p * 3;
    // Screen blend of the blurred picture.
    return [
      1 - (1 - r) * (1 - blurred.data[i]! * amount),
      1 - (1 - g) * (1 - blurred.data[i + 1]! * amount),
      1 - (1 - b) * (1 - blurred.data[i + 2]! * amount),
    ];
  });
}

function vignette(image: Raster, strength: number): Raster {
  const { width, height } = image;
  return map(image, (r, g, b, x, y) => {
    const d = Math.hypot(x / width - 0.5, y / height - 0.5) / Math.SQRT1_2;
    const k = 1 - strength * Math.max(0, d - 0.35) ** 1.5 * 2.2;
    return [r * k, g * k, b * k];
  });
}

export function atmosphere(image: Raster, value: string): Raster {
  const long = Math.max(image.width, image.height);
  switch (value) {
    case 'dreamy':
      return map(glow(image, long * 0.012, 0.5), (r, g, b) => saturate(r * 0.92 + 0.08, g * 0.9 + 0.08, b * 0.92 + 0.1, 0.8));
    case 'mysterious':
      return vignette(
        map(image, (r, g, b) => saturate(r * 0.72, g * 0.78, b * 0.9, 0.7)),
        0.8,
      );
    case 'romantic':
      return map(glow(image, long * 0.01, 0.35), (r, g, b) => [r * 1.06 + 0.02, g * 0.93, b * 0.98 + 0.02]);
    case 'energetic':
      return map(image, (r, g, b) => saturate(curve(r, 0.25), curve(g, 0.25), curve(b, 0.25), 1.4));
    case 'melancholic':
      return map(image, (r, g, b) => saturate(r * 0.9 + 0.04, g * 0.93 + 0.04, b * 1.0 + 0.05, 0.5));
    case 'festive':
      return map(image, (r, g, b) => saturate(r * 1.08, g * 1.02, b * 0.9, 1.25));
    default:
      return image;
  }
}

/** A white-balance setting that does not match daylight, as a camera would render it. */
export function whiteBalance(image: Raster, value: string): Raster {
  const gains: Record<string, Rgb> = {
    cloudy: [1.06, 1.0, 0.9],
    shade: [1.1, 1.0, 0.84],
    tungsten: [0.8, 0.94, 1.2],
    fluorescent: [1.03, 0.93, 1.08],
  };
  const k = gains[value];
  return k ? map(image, scale(k)) : image;
}

export function exposure(image: Raster, value: string): Raster {
  if (value === 'high_key') return map(image, (r, g, b) => [r ** 0.62, g ** 0.62, b ** 0.62]);
  if (value === 'low_key') return map(image, (r, g, b) => [r ** 1.7 * 0.92, g ** 1.7 * 0.92, b ** 1.7 * 0.92]);
  return image;
}

export function postProcessing(image: Raster, value: string): Raster {
  switch (value) {
    case 'warm':
      return map(image, scale([1.08, 1.0, 0.86]));
    case 'cool':
      return map(image, scale([0.88, 0.99, 1.1]));
    case 'teal_orange':
      return map(image, (r, g, b) => {
        const l = luma(r, g, b);
        const shadow = clamp01(1 - l * 1.8);
        const high = clamp01((l - 0.45) * 1.8);
        return [r - 0.09 * shadow + 0.1 * high, g + 0.03 * shadow + 0.02 * high, b + 0.09 * shadow - 0.1 * high];
      });
    case 'pastel':
      return map(image, (r, g, b) => saturate(r * 0.78 + 0.2, g * 0.78 + 0.18, b * 0.78 + 0.22, 0.75));
    case 'moody':
      return map(image, (r, g, b) => {
        const [sr, sg, sb] = saturate(r, g, b, 0.65);
        return [curve(sr * 0.8, 0.2), curve(sg * 0.82, 0.2), curve(sb * 0.86 + 0.02, 0.2)];
      });
    case 'vibrant':
      return map(image, (r, g, b) => saturate(r, g, b, 1.45));
    case 'muted':
      return map(image, (r, g, b) => saturate(r * 0.95 + 0.03, g * 0.95 + 0.03, b * 0.95 + 0.03, 0.5));
    default:
      return image;
  }
}

function gaussianNoise(random: () => number): number {
  return Math.sqrt(-2 * Math.log(random() + 1e-9)) * Math.cos(2 * Math.PI * random());
}

export function grain(image: Raster, amount: number, seed: number): Raster {
  const random = prng(seed ^ 0x9a17);
  return map(image, (r, g, b) => {
    const n = gaussianNoise(random) * amount;
    const chroma = amount * 0.3;
    return [r + n + gaussianNoise(random) * chroma, g + n + gaussianNoise(random) * chroma, b + n + gaussianNoise(random) * chroma];
  });
}

export const ISO_GRAIN: Record<string, number> = { '1600': 0.025, '3200': 0.045, '6400': 0.07 };

export function photoEffect(image: Raster, value: string, seed: number): Raster {
  switch (value) {
    case 'black_and_white':
      return map(image, (r, g, b) => {
        const l = curve(luma(r, g, b), 0.2);
        return [l, l, l];
      });
    case 'sepia':
      return map(
        image,
        (r, g, b) =>
          [0.393 * r + 0.769 * g + 0.189 * b, 0.349 * r + 0.686 * g + 0.168 * b, 0.272 * r + 0.534 * g + 0.131 * b].map(
            (v) => v * 0.92 + 0.03,
          ) as Rgb,
      );
    case 'high_contrast':
      return map(image, (r, g, b) => [curve(curve(r, 0.5), 0.3), curve(curve(g, 0.5), 0.3), curve(curve(b, 0.5), 0.3)]);
    case 'soft_glow':
      return glow(image, Math.max(image.width, image.height) * 0.015, 0.45);
    case 'vignette':
      return vignette(image, 0.85);
    case 'film_grain':
      return grain(
        map(image, (r, g, b) => [r * 0.94 + 0.04, g * 0.94 + 0.035, b * 0.92 + 0.03]),
        0.05,
        seed,
      );
    case 'faded':
      return map(image, (r, g, b) => saturate(r * 0.8 + 0.12, g * 0.8 + 0.11, b * 0.78 + 0.13, 0.8));
    default:
      return image;
  }
}

/** Effects that are drawn over the picture (an SVG layer, blended in). */
export async function specialEffect(image: Raster, value: string, seed: number): Promise<Raster> {
  const { width, height } = image;
  const long = Math.max(width, height);
  const random = prng(seed ^ 0x5fec);
  let body = '';
  let additive = false;
  switch (value) {
    case 'lens_flare': {
      additive = true;
      const source: Point = [width * 0.82, height * 0.14];
      const dx = width / 2 - source[0];
      const dy = height / 2 - source[1];
      const ghosts = [0.35, 0.6, 0.9, 1.25, 1.5]
        .map(
          (t, i) =>
            `<circle cx="${source[0] + dx * t}" cy="${source[1] + dy * t}" r="${long * [0.03, 0.015, 0.05, 0.022, 0.07][i]!}" fill="${['#ffcf80', '#9fd0ff', '#ffa0c8', '#c8ffb0', '#ffd9a0'][i]}" fill-opacity="0.22"/>`,
        )
        .join('');
      body = `<defs><radialGradient id="sun"><stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="0.2" stop-color="#fff0c8" stop-opacity="0.7"/><stop offset="1" stop-color="#ffb060" stop-opacity="0"/></radialGradient></defs>
        <circle cx="${source[0]}" cy="${source[1]}" r="${long * 0.2}" fill="url(#sun)"/><rect x="${source[0] - long * 0.35}" y="${source[1] - long * 0.004}" width="${long * 0.7}" height="${long * 0.008}" fill="#fff" fill-opacity="0.5"/>${ghosts}`;
      break;
    }
    case 'light_rays': {
      additive = true;
      const rays = Array.from({ length: 9 }, (_, i) => {
        const angle = 0.25 + i * 0.14 + random() * 0.05;
        const spread = 0.02 + random() * 0.035;
        const reach = long * 1.6;
        const a: Point = [Math.cos(angle - spread) * reach, Math.sin(angle - spread) * reach];
        const b: Point = [Math.cos(angle + spread) * reach, Math.sin(angle + spread) * reach];
        return `<path d="M ${-long * 0.05} ${-long * 0.05} L ${a[0]} ${a[1]} L ${b[0]} ${b[1]} Z" fill="url(#ray)" fill-opacity="${(0.25 + random() * 0.3).toFixed(2)}"/>`;
      }).join('');
      body = `<defs><radialGradient id="ray" cx="0" cy="0" r="1" gradientUnits="userSpaceOnUse" gradientTransform="scale(${long * 1.3})"><stop offset="0" stop-color="#fff4d6" stop-opacity="0.9"/><stop offset="1" stop-color="#fff4d6" stop-opacity="0"/></radialGradient></defs>${rays}`;
      break;
    }
    case 'sparkles': {
      additive = true;
      body = Array.from({ length: 46 }, () => {
        const x = random() * width;
        const y = random() * height;
        const s = long * (0.006 + random() * 0.018);
        return `<path d="M ${x} ${y - s} Q ${x} ${y} ${x + s} ${y} Q ${x} ${y} ${x} ${y + s} Q ${x} ${y} ${x - s} ${y} Q ${x} ${y} ${x} ${y - s} Z" fill="#fff6d0" fill-opacity="${(0.55 + random() * 0.45).toFixed(2)}"/><circle cx="${x}" cy="${y}" r="${s * 0.6}" fill="#ffe9a8" fill-opacity="0.25"/>`;
      }).join('');
      break;
    }
    case 'snow':
      body = Array.from({ length: Math.round((width * height) / 900) }, () => {
        const near = random();
        return `<circle cx="${(random() * width).toFixed(1)}" cy="${(random() * height).toFixed(1)}" r="${(long * (0.0015 + near * 0.005)).toFixed(2)}" fill="#fff" fill-opacity="${(0.5 + near * 0.45).toFixed(2)}"/>`;
      }).join('');
      break;
    case 'rain':
      body = `<g stroke="#dfe8f2" stroke-linecap="round">${Array.from({ length: Math.round((width * height) / 1100) }, () => {
        const x = random() * width * 1.2 - width * 0.1;
        const y = random() * height;
        const len = long * (0.02 + random() * 0.035);
        return `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x - len * 0.25).toFixed(1)}" y2="${(y + len).toFixed(1)}" stroke-width="${(long * 0.0015).toFixed(2)}" stroke-opacity="${(0.25 + random() * 0.35).toFixed(2)}"/>`;
      }).join('')}</g>`;
      break;
    case 'petals':
      body = Array.from({ length: 40 }, () => {
        const x = random() * width;
        const y = random() * height;
        const s = long * (0.012 + random() * 0.016);
        return `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${s.toFixed(1)}" ry="${(s * 0.55).toFixed(1)}" fill="${random() < 0.5 ? '#f28fb0' : '#f9c2d3'}" fill-opacity="0.92" stroke="#d96a90" stroke-width="${(s * 0.08).toFixed(2)}" transform="rotate(${Math.round(random() * 180)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`;
      }).join('');
      break;
    default:
      return image;
  }
  return blendLayer(image, await layerFromSvg(width, height, body), additive);
}

/** An effect layer over the picture: added as light, or laid over it by its alpha. */
function blendLayer(image: Raster, layer: Awaited<ReturnType<typeof layerFromSvg>>, additive: boolean): Raster {
  const { width, height } = image;
  const out = image.data.slice();
  for (let p = 0; p < width * height; p++) {
    const a = layer.alpha[p]!;
    if (a <= 0) continue;
    for (let c = 0; c < 3; c++) {
      const i = p * 3 + c;
      out[i] = additive ? Math.min(1, out[i]! + layer.rgb[i]! * a) : out[i]! * (1 - a) + layer.rgb[i]! * a;
    }
  }
  return { width, height, data: out };
}

/** A neon outline along the person's silhouette, magenta at the top turning cyan below. */
export function neonGlow(image: Raster, matte: Plane): Raster {
  const { width, height } = image;
  const long = Math.max(width, height);
  const soft = gaussianBlur(matte, long * 0.004);
  const line = createPlane(width, height);
  for (let p = 0; p < line.data.length; p++) line.data[p] = clamp01(1 - Math.abs(soft.data[p]! - 0.5) * 6);
  const halo = gaussianBlur(line, long * 0.012);
  return map(image, (r, g, b, _x, y, p) => {
    const t = y / height;
    const colour: Rgb = [1 - 0.9 * t, 0.25 + 0.65 * t, 0.9 + 0.1 * t];
    const k = Math.min(1, line.data[p]! * 0.9 + halo.data[p]! * 1.6);
    return [r * (1 - 0.3 * k) + colour[0] * k, g * (1 - 0.3 * k) + colour[1] * k, b * (1 - 0.3 * k) + colour[2] * k];
  });
}

export function posterize(image: Raster, levels = 5): Raster {
  const smooth = blurRaster(image, Math.max(0.8, Math.max(image.width, image.height) * 0.0015));
  return map(smooth, (r, g, b) => {
    const [h, s, v] = rgbToHsv(r, g, b);
    const q = (x: number) => Math.round(x * (levels - 1)) / (levels - 1);
    return hsvToRgb(Math.round(h * 12) / 12, q(s), q(v));
  });
}

/** Print dots: each cell's colour as a dot sized by its darkness on a light paper. */
export function halftone(image: Raster): Raster {
  const { width, height } = image;
  const cell = Math.max(4, Math.round(Math.max(width, height) / 110));
  const out = new Float32Array(image.data.length).fill(0.96);
  for (let cy = 0; cy < height; cy += cell) {
    for (let cx = 0; cx < width; cx += cell) {
      const avg = [0, 0, 0];
      let n = 0;
      for (let y = cy; y < Math.min(height, cy + cell); y++) {
        for (let x = cx; x < Math.min(width, cx + cell); x++, n++)
          for (let c = 0; c < 3; c++) avg[c]! += image.data[(y * width + x) * 3 + c]!;
      }
      const colour = avg.map((v) => v / n);
      const dark = 1 - luma(colour[0]!, colour[1]!, colour[2]!);
      const radius = cell * 0.5 * Math.sqrt(Math.min(1, dark * 1.3 + 0.15)) * 1.2;
      const ink = colour.map((v) => v * 0.85);
      for (let y = cy; y < Math.min(height, cy + cell); y++) {
        for (let x = cx; x < Math.min(width, cx + cell); x++) {
          const d = Math.hypot(x + 0.5 - (cx + cell / 2), y + 0.5 - (cy + cell / 2));
          const a = clamp01(radius - d + 0.5);
          for (let c = 0; c < 3; c++) out[(y * width + x) * 3 + c] = 0.96 * (1 - a) + ink[c]! * a;
        }
      }
    }
  }
  return { width, height, data: out };
}

/** Big square pixels on a small palette. */
export function pixelArt(image: Raster): Raster {
  const { width, height } = image;
  const block = Math.max(3, Math.round(Math.max(width, height) / 72));
  const out = new Float32Array(image.data.length);
  for (let by = 0; by < height; by += block) {
    for (let bx = 0; bx < width; bx += block) {
      const avg = [0, 0, 0];
      let n = 0;
      for (let y = by; y < Math.min(height, by + block); y++)
        for (let x = bx; x < Math.min(width, bx + block); x++, n++)
          for (let c = 0; c < 3; c++) avg[c]! += image.data[(y * width + x) * 3 + c]!;
      const colour = avg.map((v) => Math.round((v / n) * 5) / 5);
      for (let y = by; y < Math.min(height, by + block); y++)
        for (let x = bx; x < Math.min(width, bx + block); x++) for (let c = 0; c < 3; c++) out[(y * width + x) * 3 + c] = colour[c]!;
    }
  }
  return { width, height, data: out };
}
