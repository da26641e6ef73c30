/**
 * Puts the subjects a prompt names into the rendered scene: Twemoji artwork rasterised at
 * the needed size, the main subject large, others smaller beside it; grounded ones stand on the
 * ground with a soft shadow, flying ones sit in the sky, sea ones in the water; anime and cartoon
 * get the scene's ink outline. The style pass that follows (post.ts) treats them with the scene.
 */
import sharp, { type OverlayOptions } from 'sharp';
import { shoreTopOf, type ScenePlan } from './compose';
import type { RenderStyle } from './context';
import { createRng } from './prng';
import { subjectSvg, type SubjectHit } from './vocabulary';

interface Raw {
  data: Buffer;
  info: { width: number; height: number; channels: 4 };
}

/** Horizontal slots for one, two or three subjects (fractions of the width). */
const SLOTS = [[0.5], [0.36, 0.68], [0.27, 0.54, 0.79]];

async function sprite(code: string, size: number): Promise<Buffer> {
  // Twemoji draws on a 36-unit square; density scales it so librsvg renders at the target size.
  return sharp(subjectSvg(code), { density: Math.max(24, (72 * size) / 36) })
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .ensureAlpha()
    .png()
    .toBuffer();
}

/**
 * The style's hand on flat emoji artwork, so a sprite does not look pasted onto the scene:
 * realistic gets light from above (a soft top highlight, a darker underside) and fine grain;
 * artistic a slight paint softness; abstract flat posterised colour. Anime and cartoon keep the
 * flat fills and get the ink outline instead (placeSubjects).
 */
async function treat(png: Buffer, size: number, style: RenderStyle, seed: number, grain: boolean): Promise<Buffer> {
  if (style === 'realistic') {
    const light = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><linearGradient id="l" x1="0.3" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/></linearGradient></defs><rect width="${size}" height="${size}" fill="url(#l)"/></svg>`,
    );
    const { data, info } = await sharp(png)
      .composite([{ input: light, blend: 'atop' }])
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rand = createRng(seed ^ 0x85ebca6b);
    for (let i = 0; grain && i < data.length; i += 4) {
      if (data[i + 3] === 0) continue;
      const n = (rand() - 0.5) * 14;
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + n));
    }
    return sharp(data, { raw: info }).png().toBuffer();
  }
  if (style === 'artistic') {
    // A slight paint softness; sharp blurs with premultiplied alpha, so the edge fades, not darkens.
    return sharp(png)
      .blur(Math.max(0.7, size / 220))
      .png()
      .toBuffer();
  }
  if (style === 'abstract') {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const levels = 4;
    const step = 255 / (levels - 1);
    for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) data[i + c] = Math.round(Math.round(data[i + c]! / step) * step);
    return sharp(data, { raw: info }).png().toBuffer();
  }
  return png;
}

/** Colour words and their hues. "a blue fox" turns the fox blue; "a red fox" stays its own orange. */
const COLOURS: [RegExp, number][] = [
  [/\b(?:red|crimson|scarlet)\b|紅/i, 0],
  [/\borange\b|橙|橘/i, 28],
  [/\b(?:yellow|golden|gold)\b|黃|金/i, 52],
  [/\bgreen\b|綠/i, 120],
  [/\b(?:blue|azure)\b|藍/i, 215],
  [/\b(?:purple|violet)\b|紫/i, 275],
  [/\bpink\b|粉紅?/i, 330],
];

/** The colour named just before the subject ("a bright blue fox", 藍色的狐狸), if any. */
function namedHue(prompt: string, hit: SubjectHit): number | null {
  const before = prompt.slice(Math.max(0, hit.index - 24), hit.index);
  const near = /\p{Script=Han}/u.test(hit.keyword) ? before.slice(-4) : before.split(/\s+/).filter(Boolean).slice(-2).join(' ');
  for (const [word, hue] of COLOURS) if (word.test(near)) return hue;
  return null;
}

/** The artwork's main hue: the circular mean of its saturated pixels' hues, weighted by saturation. */
function dominantHue(data: Buffer): number | null {
  let x = 0;
  let y = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! < 128) continue;
    const [r, g, b] = [data[i]! / 255, data[i + 1]! / 255, data[i + 2]! / 255];
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const chroma = max - min;
    if (chroma < 0.2) continue;
    const hue = max === r ? ((g - b) / chroma + 6) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4;
    x += chroma * Math.cos((hue * Math.PI) / 3);
    y += chroma * Math.sin((hue * Math.PI) / 3);
  }
  if (Math.hypot(x, y) < 1e-6) return null;
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

function hslToRgb(hue: number): { r: number; g: number; b: number } {
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (0.5 - 0.35 * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return { r: f(0), g: f(8), b: f(4) };
}

/** Turns the artwork toward a named colour when it is clearly another one (more than 45° of hue away). */
async function tint(png: Buffer, hue: number | null): Promise<Buffer> {
  if (hue === null) return png;
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const own = dominantHue(data);
  // Grey artwork (an elephant) has no hue to turn: colourise it, keeping its light and shade.
  if (own === null) return sharp(png).tint(hslToRgb(hue)).png().toBuffer();
  const delta = ((hue - own + 540) % 360) - 180;
  if (Math.abs(delta) <= 45) return png;
  return sharp(png)
    .modulate({ hue: Math.round(delta) })
    .png()
    .toBuffer();
}

/** "a knight on a horse", "riding a horse", 騎馬: the person rides the animal that follows. */
const RIDES = /(?:\b(?:on|riding|rides|astride|atop)\s+(?:(?:a|an|the|his|her|their|its)\s+)?(?:\p{L}+\s+)?$)|騎(?:著|在)?$/iu;
/** "a dragon over the mountains", "flying", 天空: the main subject goes up into the sky. */
export const ALOFT = /\b(?:over|above|flying|flies|fly|soaring|in the sky|in the air)\b|飛|天空|空中/i;

/** "two foxes", 三隻小貓: a lone subject named with a number is drawn that many times (up to three). */
const COUNTS: [RegExp, number][] = [
  [/\b(?:three|3|several|many|some)\s+(?:\p{L}+\s+)?$|[三幾多](?:隻|只|個|條|頭|匹|朵|棵|輛|艘)?\p{Script=Han}?$/iu, 3],
  [/\b(?:two|2|a pair of|a couple of)\s+(?:\p{L}+\s+)?$|[兩二](?:隻|只|個|條|頭|匹|朵|棵|輛|艘)?\p{Script=Han}?$/iu, 2],
];

function withCounts(prompt: string, hits: SubjectHit[]): SubjectHit[] {
  if (hits.length !== 1) return hits;
  const before = prompt.slice(Math.max(0, hits[0]!.index - 20), hits[0]!.index);
  const count = COUNTS.find(([pattern]) => pattern.test(before))?.[1] ?? 1;
  return Array.from({ length: count }, () => hits[0]!);
}

export function riderOf(prompt: string, hits: SubjectHit[]): { rider: number; mount: number } | null {
  for (let i = 0; i + 1 < hits.length; i++) {
    const [a, b] = [hits[i]!, hits[i + 1]!];
    // 騎馬的騎士, 騎著馬的女孩: the mount is named first, after 騎, and the rider follows 的.
    if (!a.person && b.person && a.kind === 'ground') {
      const mounted = a.keyword.startsWith('騎') || /騎(?:著|在)?$/u.test(prompt.slice(Math.max(0, a.index - 2), a.index));
      if (mounted && /^\s*的?\s*$/u.test(prompt.slice(a.index + a.keyword.length, b.index))) return { rider: i + 1, mount: i };
    }
    if (!a.person || b.person || b.kind !== 'ground') continue;
    if (RIDES.test(prompt.slice(a.index + a.keyword.length, b.index))) return { rider: i, mount: i + 1 };
  }
  return null;
}

/** The lower quarter of a sprite fades to transparent (busts, whose artwork ends in a flat cut). */
async function fadeBottom(png: Buffer, size: number): Promise<Buffer> {
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0.7" stop-color="#fff" stop-opacity="1"/><stop offset="0.97" stop-color="#fff" stop-opacity="0"/></linearGradient></defs><rect width="${size}" height="${size}" fill="url(#f)"/></svg>`,
  );
  return sharp(png)
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/** An ink outline: the sprite's alpha grown by `width` px, filled with the ink colour. */
async function outline(png: Buffer, size: number, width: number, ink: string): Promise<Buffer> {
  const alpha = await sharp(png)
    .extractChannel(3)
    .blur(Math.max(0.3, width * 0.6))
    .threshold(12)
    .toBuffer();
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(ink.slice(i, i + 2), 16));
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .joinChannel(alpha)
    .png()
    .toBuffer();
}

function shadow(width: number, height: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="s"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs><ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 2}" ry="${height / 2}" fill="url(#s)"/></svg>`,
  );
}

/** What the subjects are composed into: the procedural scene, or one of the backdrops below. */
export type Setting = 'scene' | 'table' | 'underwater';

export async function placeSubjects(
  image: Raw,
  plan: ScenePlan,
  hits: SubjectHit[],
  seed: number,
  prompt = '',
  setting: Setting = 'scene',
  /** Film grain on the sprites (realistic): not when a photo tool paints next or the negative prompt names grain. */
  grain = true,
): Promise<Raw> {
  if (hits.length === 0) return image;
  const { width: w, height: h } = image.info;
  const rand = createRng(seed ^ 0x5bd1e995);
  const smin = Math.min(w, h);
  const horizon = Math.min(h * 0.85, Math.max(h * 0.35, plan.ctx.horizon));
  const style = plan.ctx.look.style;
  hits = withCounts(prompt, hits);
  const riding = riderOf(prompt, hits);
  // A rider shares the mount's slot; the mount is the big one, whichever was named first.
  const order = riding ? [hits[riding.mount]!, ...hits.filter((_, i) => i !== riding.mount && i !== riding.rider)] : hits;
  const slots = SLOTS[order.length - 1]!;
  const aloft = ALOFT.test(prompt);
  // Space with no land ("太空人" among planets): nothing to stand on, so subjects float mid-frame.
  const floating = setting === 'scene' && plan.ctx.horizon >= h * 0.95;
  const layers: OverlayOptions[] = [];
  const draw = async (hit: SubjectHit, size: number, left: number, top: number, grounded: boolean, fade = false) => {
    const art = await treat(await tint(await sprite(hit.code, size), namedHue(prompt, hit)), size, style, seed, grain);
    if (fade) {
      // A bust that floats or rides: its flat cut at the chest fades out instead of ending in a hard edge.
      const faded = await fadeBottom(art, size);
      if (plan.ctx.look.outline > 0)
        layers.push({
          input: await fadeBottom(await outline(art, size, Math.max(1.5, plan.ctx.look.outline * 1.6), plan.ctx.look.ink), size),
          left,
          top,
        });
      layers.push({ input: faded, left, top });
      return;
    }
    if (grounded) {
      const sw = Math.round(size * 0.8);
      const sh = Math.max(4, Math.round(size * 0.14));
      const shadowTop = Math.round(top + size * 0.9 - sh / 2);
      if (shadowTop < h)
        layers.push({
          input: shadow(sw, Math.min(sh, h - shadowTop)),
          left: Math.max(0, Math.round(left + (size - sw) / 2)),
          top: shadowTop,
        });
    }
    if (plan.ctx.look.outline > 0)
      layers.push({ input: await outline(art, size, Math.max(1.5, plan.ctx.look.outline * 1.6), plan.ctx.look.ink), left, top });
    layers.push({ input: art, left, top });
  };
  for (const [i, hit] of order.entries()) {
    // The first subject flies when the prompt says so ("a dragon over the mountains"), unless it is in the water.
    const kind = i === 0 && aloft && hit.kind === 'ground' && !riding ? 'sky' : hit.kind;
    // Flying subjects a little smaller, so the sky and the land under them still read.
    const size = Math.round(
      smin * (i === 0 ? 0.5 : 0.34) * (order.length === 3 ? 0.85 : 1) * (kind === 'sky' ? 0.8 : 1) * (0.94 + rand() * 0.12),
    );
    const cx = w * slots[i]! + (rand() - 0.5) * w * 0.04;
    let cy: number;
    if (setting === 'underwater' || floating) cy = h * (0.46 + (i === 0 ? 0 : (rand() - 0.5) * 0.3));
    else if (kind === 'sky') cy = h * (0.24 + rand() * 0.08) + (i === 0 ? 0 : h * 0.06);
    else if ((kind === 'water' || kind === 'sea') && plan.water) cy = horizon + (h - horizon) * 0.45;
    // By the water the near shore is drawn for it (compose.ts): it stands there, not in the waves.
    else if (plan.ctx.scene.water && setting === 'scene')
      cy = Math.min(h - size * 0.5, shoreTopOf(plan.ctx) + (h - shoreTopOf(plan.ctx)) * 0.6 - size * 0.45);
    else cy = Math.min(h - size * 0.52, horizon + (h - horizon) * 0.55 - size * 0.42);
    // Twemoji draws people as heads cut flat at the neck or chest: standing on the grass they look
    // severed, so a bust on the ground is framed like a portrait, its cut edge on the picture's edge.
    const portrait = hit.bust && kind === 'ground' && setting === 'scene' && !floating && !(riding && i === 0);
    const left = Math.round(Math.min(w - size, Math.max(0, cx - size / 2)));
    const top = portrait ? h - Math.round(size * 0.97) : Math.round(Math.min(h - size, Math.max(0, cy - size / 2)));
    await draw(hit, size, left, top, !portrait && kind !== 'sky' && setting !== 'underwater' && !floating, hit.bust && !portrait);
    if (riding && i === 0) {
      // The rider sits on the mount's back: smaller, centred a little behind the head, its hips on the
      // back line so a whole figure's legs hang over the flank instead of standing on it.
      const rider = hits[riding.rider]!;
      const riderSize = Math.round(size * (rider.bust ? 0.4 : 0.62));
      const riderLeft = Math.round(Math.min(w - riderSize, Math.max(0, left + size * 0.5 - riderSize * 0.5 + size * 0.04)));
      const riderTop = Math.max(0, Math.round(top + size * 0.42 - riderSize * (rider.bust ? 0.95 : 0.6)));
      await draw(rider, riderSize, riderLeft, riderTop, false, rider.bust);
    }
  }
  const data = await sharp(image.data, { raw: image.info }).composite(layers).raw().toBuffer();
  return { data, info: image.info };
}

/** A table scene for food and tableware: a warm wall, a wooden table top with a soft edge light. */
export function tableBackdropSvg(w: number, h: number, seed: number): string {
  const rand = createRng(seed ^ 0x27d4eb2f);
  const hue = Math.round(20 + rand() * 30);
  const tableTop = Math.round(h * 0.6);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},35%,82%)"/><stop offset="1" stop-color="hsl(${hue},30%,66%)"/></linearGradient>
<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue + 5},45%,42%)"/><stop offset="1" stop-color="hsl(${hue},50%,26%)"/></linearGradient>
<radialGradient id="light" cx="0.5" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#wall)"/><rect width="${w}" height="${h}" fill="url(#light)"/>
<rect y="${tableTop}" width="${w}" height="${h - tableTop}" fill="url(#wood)"/>
${Array.from({ length: 7 }, (_, i) => `<path d="M0 ${tableTop + ((i + 1) * (h - tableTop)) / 8} C ${w * 0.3} ${tableTop + ((i + 1.3) * (h - tableTop)) / 8}, ${w * 0.7} ${tableTop + ((i + 0.7) * (h - tableTop)) / 8}, ${w} ${tableTop + ((i + 1) * (h - tableTop)) / 8}" stroke="hsl(${hue},40%,20%)" stroke-opacity="0.18" stroke-width="${Math.max(1, h / 300)}" fill="none"/>`).join('')}
<rect y="${tableTop}" width="${w}" height="${Math.max(2, h / 120)}" fill="#fff" fill-opacity="0.25"/></svg>`;
}

/** Underwater for sea animals: light from the surface in rays, a sandy floor, weed and bubbles. */
export function underwaterBackdropSvg(w: number, h: number, seed: number): string {
  const rand = createRng(seed ^ 0x165667b1);
  const hue = Math.round(188 + rand() * 22);
  const floor = h * 0.84;
  const rays = Array.from({ length: 5 }, () => {
    const x = rand() * w;
    const spread = w * (0.04 + rand() * 0.06);
    const lean = (rand() - 0.5) * w * 0.4;
    return `<path d="M${x - spread / 3} 0 L${x + spread / 3} 0 L${x + lean + spread} ${h * 0.9} L${x + lean - spread} ${h * 0.9} Z" fill="url(#ray)"/>`;
  }).join('');
  const sand = `M0 ${floor} ${Array.from({ length: 6 }, (_, i) => `Q ${((i + 0.5) * w) / 6} ${floor - h * (0.01 + rand() * 0.03)} ${((i + 1) * w) / 6} ${floor}`).join(' ')} L${w} ${h} L0 ${h} Z`;
  const weed = Array.from({ length: 7 }, () => {
    const x = rand() < 0.5 ? rand() * w * 0.22 : w - rand() * w * 0.22;
    const tall = h * (0.12 + rand() * 0.2);
    const sway = w * (0.02 + rand() * 0.03);
    return `<path d="M${x} ${floor + 4} C ${x + sway} ${floor - tall * 0.35}, ${x - sway} ${floor - tall * 0.7}, ${x + sway * 0.5} ${floor - tall}" stroke="hsl(${140 + rand() * 30},45%,${28 + rand() * 12}%)" stroke-width="${Math.max(2, w / 90)}" stroke-linecap="round" fill="none"/>`;
  }).join('');
  const bubbles = Array.from({ length: 14 }, () => {
    const r = Math.max(1.5, (w / 300) * (1 + rand() * 3));
    return `<circle cx="${rand() * w}" cy="${rand() * floor}" r="${r}" fill="#fff" fill-opacity="0.16" stroke="#fff" stroke-opacity="0.45" stroke-width="${Math.max(0.8, r / 4)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="0.55" stop-color="hsl(${hue + 8},75%,36%)"/><stop offset="1" stop-color="hsl(${hue + 14},80%,18%)"/></linearGradient>
<linearGradient id="ray" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(42,45%,62%)"/><stop offset="1" stop-color="hsl(36,40%,40%)"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sea)"/>${rays}<path d="${sand}" fill="url(#sand)"/>${weed}${bubbles}</svg>`;
}
