import sharp, { type Sharp } from 'sharp';
import { hashString, mulberry32 } from './prng';
import { parsePromptScene, type Scene } from './scene';

export type RenderStyle = 'realistic' | 'artistic' | 'anime' | 'cartoon' | 'abstract';

export interface RenderInput {
  prompt: string;
  style: RenderStyle;
  width: number;
  height: number;
  seed?: number;
}

type Rand = () => number;

const SKIES = {
  day: ['#5aa9ff', '#a9d4ff', '#e8f3ff'],
  sunset: ['#3b1d5c', '#d9486f', '#ffb35c'],
  night: ['#03030f', '#111538', '#2a2363'],
} as const;

function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (shift: number) => Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `#${((1 << 24) | (ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).slice(1)}`;
}

/** A ridge line across the canvas from a random walk, closed to the bottom. */
function ridge(rand: Rand, w: number, h: number, base: number, roughness: number, peaks = 6): string {
  const points: string[] = [`0,${h}`];
  const step = w / (peaks * 4);
  let y = base;
  for (let x = 0; x <= w + step; x += step) {
    y += (rand() - 0.5) * roughness;
    y = Math.min(Math.max(y, base - roughness * 2.5), base + roughness);
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  points.push(`${w},${h}`);
  return points.join(' ');
}

function sky(scene: Scene, w: number, h: number, rand: Rand): string {
  const [top, mid, bottom] = SKIES[scene.time];
  const tinted = scene.tint ? mix(mid, scene.tint, 0.35) : mid;
  let out = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="0.55" stop-color="${tinted}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="#fff7d6" stop-opacity="1"/><stop offset="0.25" stop-color="#ffd27a" stop-opacity="0.8"/><stop offset="1" stop-color="#ff9a3c" stop-opacity="0"/></radialGradient>
  <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(mid, '#0b2a4a', 0.4)}"/><stop offset="1" stop-color="${mix(top, '#020617', 0.5)}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  if (scene.time === 'night' || scene.space) {
    for (let i = 0; i < 160; i++) {
      out += `<circle cx="${(rand() * w).toFixed(1)}" cy="${(rand() * h * 0.65).toFixed(1)}" r="${(rand() * 1.6 + 0.3).toFixed(2)}" fill="#fff" opacity="${(rand() * 0.8 + 0.2).toFixed(2)}"/>`;
    }
    out += `<circle cx="${w * (0.7 + rand() * 0.15)}" cy="${h * 0.18}" r="${Math.min(w, h) * 0.06}" fill="#f4f1de" opacity="0.95"/>`;
  } else {
    const cx = w * (0.3 + rand() * 0.4);
    const cy = scene.time === 'sunset' ? h * 0.5 : h * 0.2;
    const r = Math.min(w, h) * (scene.time === 'sunset' ? 0.11 : 0.07);
    out += `<circle cx="${cx}" cy="${cy}" r="${r * 4}" fill="url(#glow)" opacity="0.7"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="${scene.time === 'sunset' ? '#ffd18a' : '#fffbe8'}"/>`;
    for (let i = 0; i < 5; i++) {
      const x = rand() * w;
      const y = h * (0.08 + rand() * 0.3);
      const s = Math.min(w, h) * (0.05 + rand() * 0.06);
      const fill = scene.time === 'sunset' ? '#ffb3a7' : '#ffffff';
      out += `<g opacity="0.8" fill="${fill}"><ellipse cx="${x}" cy="${y}" rx="${s * 2}" ry="${s * 0.6}"/><ellipse cx="${x + s}" cy="${y - s * 0.3}" rx="${s * 1.2}" ry="${s * 0.7}"/></g>`;
    }
  }
  if (scene.space) {
    const px = w * 0.3;
    const py = h * 0.35;
    const pr = Math.min(w, h) * 0.16;
    out += `<circle cx="${px}" cy="${py}" r="${pr}" fill="${scene.tint ?? '#c084fc'}"/><circle cx="${px - pr * 0.3}" cy="${py - pr * 0.3}" r="${pr * 0.8}" fill="#fff" opacity="0.15"/><ellipse cx="${px}" cy="${py}" rx="${pr * 1.8}" ry="${pr * 0.35}" fill="none" stroke="#fde68a" stroke-width="${pr * 0.08}" opacity="0.8" transform="rotate(-18 ${px} ${py})"/>`;
  }
  return out;
}

function landscape(scene: Scene, w: number, h: number, rand: Rand): string {
  let out = '';
  const horizon = scene.water ? h * 0.62 : h * 0.72;
  const far = scene.time === 'night' ? '#1e1b4b' : scene.time === 'sunset' ? '#6d3a6e' : '#7b93b8';
  const near = scene.time === 'night' ? '#0b0a1f' : scene.time === 'sunset' ? '#2d1636' : '#3d5a4a';
  if (scene.mountains || scene.snow) {
    for (let layer = 0; layer < 3; layer++) {
      const colour = mix(far, near, layer / 2);
      const base = horizon - h * (0.22 - layer * 0.07);
      out += `<polygon points="${ridge(rand, w, h, base, h * (0.09 - layer * 0.02), 3 + layer)}" fill="${colour}"/>`;
      if (scene.snow && layer === 0) out += `<polygon points="${ridge(rand, w, h, base - h * 0.01, h * 0.06, 3)}" fill="#f8fafc" opacity="0.35"/>`;
    }
  }
  if (scene.desert) {
    for (let layer = 0; layer < 3; layer++) {
      out += `<polygon points="${ridge(rand, w, h, horizon + layer * h * 0.06, h * 0.03, 2)}" fill="${mix('#e9b872', '#b7713a', layer / 2)}"/>`;
    }
  }
  if (scene.city) {
    let x = 0;
    while (x < w) {
      const bw = w * (0.04 + rand() * 0.06);
      const bh = h * (0.15 + rand() * 0.35);
      const top = horizon - bh;
      out += `<rect x="${x}" y="${top}" width="${bw}" height="${bh + h}" fill="${scene.time === 'day' ? '#4b5563' : '#0f0d24'}"/>`;
      for (let wy = top + 8; wy < horizon - 6; wy += 14) {
        for (let wx = x + 5; wx < x + bw - 6; wx += 10) {
          if (rand() < (scene.time === 'day' ? 0.25 : 0.45)) {
            const lit = scene.neon ? (rand() < 0.5 ? '#f0abfc' : '#67e8f9') : '#fde68a';
            out += `<rect x="${wx}" y="${wy}" width="4" height="6" fill="${scene.time === 'day' ? '#cbd5e1' : lit}" opacity="0.9"/>`;
          }
        }
      }
      x += bw + w * 0.004;
    }
    if (scene.neon) out += `<rect x="0" y="${horizon - h * 0.02}" width="${w}" height="${h * 0.02}" fill="#f0abfc" opacity="0.6"/>`;
  }
  if (scene.water) {
    out += `<rect x="0" y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#water)"/>`;
    for (let i = 0; i < 40; i++) {
      const y = horizon + rand() * (h - horizon);
      const x = rand() * w;
      out += `<rect x="${x}" y="${y}" width="${w * (0.03 + rand() * 0.12)}" height="1.5" fill="#fff" opacity="${(0.08 + rand() * 0.25).toFixed(2)}"/>`;
    }
  } else if (!scene.desert) {
    out += `<rect x="0" y="${horizon}" width="${w}" height="${h - horizon}" fill="${scene.snow ? '#e2e8f0' : near}"/>`;
  }
  if (scene.forest) {
    for (let i = 0; i < 28; i++) {
      const x = rand() * w;
      const base = horizon + rand() * (h - horizon) * 0.6;
      const th = h * (0.12 + rand() * 0.14);
      const tw = th * 0.35;
      out += `<polygon points="${x},${base - th} ${x - tw},${base} ${x + tw},${base}" fill="${mix('#14532d', '#052e16', rand())}"/>`;
    }
  }
  if (scene.flowers) {
    const palette = ['#f472b6', '#fb7185', '#facc15', '#c084fc', '#fda4af'];
    out += '<g stroke="none">';
    for (let i = 0; i < 90; i++) {
      const x = rand() * w;
      const y = h * (0.8 + rand() * 0.2);
      const r = 3 + rand() * 6;
      out += `<circle cx="${x}" cy="${y}" r="${r}" fill="${scene.tint ?? palette[Math.floor(rand() * palette.length)]}"/><circle cx="${x}" cy="${y}" r="${r * 0.35}" fill="#fef3c7"/>`;
    }
    out += '</g>';
  }
  return out;
}

function subject(scene: Scene, w: number, h: number): string {
  const s = Math.min(w, h);
  const cx = w / 2;
  const ground = h * 0.86;
  const fill = scene.time === 'day' ? '#1f2937' : '#05040c';
  switch (scene.subject) {
    case 'cat':
      return `<g fill="${fill}"><ellipse cx="${cx}" cy="${ground - s * 0.1}" rx="${s * 0.12}" ry="${s * 0.1}"/><circle cx="${cx}" cy="${ground - s * 0.24}" r="${s * 0.07}"/><polygon points="${cx - s * 0.06},${ground - s * 0.29} ${cx - s * 0.05},${ground - s * 0.35} ${cx - s * 0.02},${ground - s * 0.3}"/><polygon points="${cx + s * 0.06},${ground - s * 0.29} ${cx + s * 0.05},${ground - s * 0.35} ${cx + s * 0.02},${ground - s * 0.3}"/><path d="M${cx + s * 0.1},${ground - s * 0.04} q${s * 0.12},0 ${s * 0.1},-${s * 0.14}" stroke="${fill}" stroke-width="${s * 0.02}" fill="none"/></g>`;
    case 'dog':
      return `<g fill="${fill}"><ellipse cx="${cx}" cy="${ground - s * 0.1}" rx="${s * 0.15}" ry="${s * 0.07}"/><rect x="${cx - s * 0.12}" y="${ground - s * 0.08}" width="${s * 0.025}" height="${s * 0.08}"/><rect x="${cx + s * 0.09}" y="${ground - s * 0.08}" width="${s * 0.025}" height="${s * 0.08}"/><circle cx="${cx + s * 0.15}" cy="${ground - s * 0.19}" r="${s * 0.055}"/><ellipse cx="${cx + s * 0.2}" cy="${ground - s * 0.17}" rx="${s * 0.04}" ry="${s * 0.025}"/></g>`;
    case 'bird':
      return `<g stroke="${fill}" stroke-width="${s * 0.008}" fill="none">${[0, 1, 2].map((i) => `<path d="M${cx - s * 0.1 + i * s * 0.12},${h * 0.3 + i * s * 0.05} q${s * 0.03},-${s * 0.03} ${s * 0.06},0 q${s * 0.03},-${s * 0.03} ${s * 0.06},0"/>`).join('')}</g>`;
    case 'person':
      return `<g fill="${fill}"><circle cx="${cx}" cy="${h - s * 0.42}" r="${s * 0.11}"/><path d="M${cx - s * 0.26},${h} q0,-${s * 0.28} ${s * 0.26},-${s * 0.28} q${s * 0.26},0 ${s * 0.26},${s * 0.28} z"/></g>`;
    default:
      return '';
  }
}

function overlays(scene: Scene, w: number, h: number, rand: Rand): string {
  let out = '';
  if (scene.rain) {
    for (let i = 0; i < 220; i++) {
      const x = rand() * w;
      const y = rand() * h;
      out += `<line x1="${x}" y1="${y}" x2="${x - 4}" y2="${y + 16}" stroke="#cbd5e1" stroke-width="1" opacity="0.35"/>`;
    }
  }
  if (scene.fog) out += `<rect width="${w}" height="${h}" fill="#e2e8f0" opacity="0.25"/>`;
  return out;
}

function abstractArt(w: number, h: number, rand: Rand, tint: string | null): string {
  const palette = tint ? [tint, mix(tint, '#ffffff', 0.4), mix(tint, '#000000', 0.4), '#fbbf24', '#22d3ee'] : ['#8b5cf6', '#ec4899', '#f59e0b', '#22d3ee', '#10b981'];
  let out = `<rect width="${w}" height="${h}" fill="#0b0918"/>`;
  for (let i = 0; i < 26; i++) {
    const colour = palette[Math.floor(rand() * palette.length)];
    const x = rand() * w;
    const y = rand() * h;
    const r = Math.min(w, h) * (0.04 + rand() * 0.22);
    const kind = rand();
    if (kind < 0.4) out += `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" opacity="${(0.35 + rand() * 0.5).toFixed(2)}"/>`;
    else if (kind < 0.7) out += `<rect x="${x - r}" y="${y - r / 2}" width="${r * 2}" height="${r}" fill="${colour}" opacity="0.6" transform="rotate(${rand() * 90} ${x} ${y})"/>`;
    else out += `<path d="M${x},${y} C${x + r},${y - r} ${x + 2 * r},${y + r} ${x + 3 * r},${y}" stroke="${colour}" stroke-width="${r * 0.12}" fill="none" stroke-linecap="round" opacity="0.8"/>`;
  }
  return out;
}

const isEmptyScene = (s: Scene) => !(s.mountains || s.water || s.forest || s.city || s.desert || s.snow || s.flowers || s.space || s.subject);

/** Builds the SVG for a prompt: exported for tests that check which elements a prompt produces. */
export function buildSceneSvg(input: RenderInput): string {
  const { width: w, height: h } = input;
  const rand = mulberry32(hashString(`${input.prompt}\u0000${input.seed ?? 0}`));
  const scene = parsePromptScene(input.prompt);
  const outline = input.style === 'anime' || input.style === 'cartoon';
  let body: string;
  if (input.style === 'abstract') {
    body = abstractArt(w, h, rand, scene.tint);
  } else {
    // No recognised words: a landscape chosen from the prompt's hash, so every prompt still gets a picture.
    if (isEmptyScene(scene)) {
      const pick = hashString(input.prompt) % 3;
      scene.mountains = pick !== 1;
      scene.water = pick !== 0;
      scene.forest = pick === 2;
    }
    // Anime and cartoon outline the shapes of the land and the subject; the sky stays soft.
    const stroke = outline ? ` stroke="#0a0a0a" stroke-width="${input.style === 'cartoon' ? 3 : 1.5}" stroke-linejoin="round"` : '';
    body = sky(scene, w, h, rand) + `<g${stroke}>${landscape(scene, w, h, rand)}${subject(scene, w, h)}</g>` + overlays(scene, w, h, rand);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/** Renders a prompt to PNG bytes of exactly width×height; deterministic for the same input. */
export async function renderFromPrompt(input: RenderInput): Promise<Uint8Array> {
  const svg = buildSceneSvg(input);
  let image = sharp(Buffer.from(svg), { density: 72 }).resize(input.width, input.height);
  // sharp reorders operations within one pipeline, so each style step is its own pass.
  let png = await image.png().toBuffer();
  const pass = async (fn: (s: Sharp) => Sharp) => {
    png = await fn(sharp(png)).png().toBuffer();
  };
  switch (input.style) {
    case 'realistic':
      await pass((s) => s.blur(1.2).modulate({ saturation: 1.05 }));
      await pass((s) => s.composite([{ input: grain(input.width, input.height, hashString(input.prompt)), raw: { width: input.width, height: input.height, channels: 3 }, blend: 'soft-light' }]));
      break;
    case 'artistic':
      await pass((s) => s.median(9));
      await pass((s) => s.blur(1.5).modulate({ saturation: 1.25 }).sharpen({ sigma: 2 }));
      break;
    case 'anime':
      await pass((s) => s.modulate({ saturation: 1.35, brightness: 1.05 }).sharpen({ sigma: 1 }));
      break;
    case 'cartoon':
      await pass((s) => s.modulate({ saturation: 1.6 }).median(3));
      break;
    case 'abstract':
      await pass((s) => s.blur(0.8).modulate({ saturation: 1.2 }));
      break;
  }
  image = sharp(png);
  return new Uint8Array(await image.png({ compressionLevel: 6 }).toBuffer());
}

/** Film grain as a raw greyscale noise layer (seeded), for the realistic style. */
function grain(width: number, height: number, seed: number): Buffer {
  const rand = mulberry32(seed);
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) data.fill(128 + Math.round((rand() - 0.5) * 36), i * 3, i * 3 + 3);
  return data;
}
