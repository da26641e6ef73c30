import { darken, lighten, mix } from '../color';
import { outlined, type Ctx, type Layers } from '../context';
import { atDistance } from '../palette';
import { n } from '../svg';
import type { Layer } from '../svg';

/** A skyline in two depths: far towers faded into the haze, near towers with lit windows and roofs. */
export function drawCity(ctx: Ctx, { land: layer, glow }: Layers, ground: number): void {
  const { w, h, rand, pal, scene, look, u } = ctx;
  const night = scene.time === 'night';
  const dusk = scene.time === 'sunset' || scene.time === 'dawn';
  const bodyNear = night ? (scene.neon ? '#120a26' : '#0d1228') : dusk ? '#2c1f3f' : '#51647d';
  const peak = rand.range(0.3, 0.7) * w;

  for (let row = 0; row < 2; row++) {
    const far = row === 0;
    const colour = far ? atDistance(pal, bodyNear, night ? 0.45 : 0.6) : bodyNear;
    let x = -rand.range(0, 30) * u;
    const parts: RowParts = { bodies: '', details: '', windows: '', neon: '' };
    while (x < w) {
      const bw = rand.range(far ? 30 : 45, far ? 80 : 120) * u;
      const centre = 1 - Math.min(1, Math.abs(x + bw / 2 - peak) / (w * 0.55));
      const bh = (h * (far ? 0.16 : 0.1) + h * (far ? 0.28 : 0.34) * centre ** 1.3 * rand.range(0.5, 1.15)) * (scene.water ? 0.9 : 1);
      const top = ground - bh;
      const kind = rand.pick(['grid', 'grid', 'glass', 'stepped', 'spire'] as const);
      const shade = mix(colour, rand.pick([lighten(colour, 0.12), darken(colour, 0.12), colour]), 0.6);
      parts.bodies += `<rect x="${n(x)}" y="${n(top)}" width="${n(bw)}" height="${n(bh + 4 * u)}" fill="${shade}"/>`;
      if (kind === 'stepped')
        parts.bodies += `<rect x="${n(x + bw * 0.2)}" y="${n(top - bh * 0.12)}" width="${n(bw * 0.6)}" height="${n(bh * 0.12 + 1)}" fill="${shade}"/><rect x="${n(x + bw * 0.35)}" y="${n(top - bh * 0.2)}" width="${n(bw * 0.3)}" height="${n(bh * 0.08 + 1)}" fill="${shade}"/>`;
      if (kind === 'spire')
        parts.bodies += `<polygon points="${n(x + bw * 0.3)},${n(top)} ${n(x + bw / 2)},${n(top - bh * 0.25)} ${n(x + bw * 0.7)},${n(top)}" fill="${shade}"/>`;
      if (rand() < 0.35)
        parts.bodies += `<rect x="${n(x + bw * rand.range(0.2, 0.8))}" y="${n(top - 30 * u)}" width="${n(2 * u)}" height="${n(30 * u)}" fill="${shade}"/>`;

      if (!far) {
        addNearTowerDetails(ctx, layer, glow, { x, top, bw, bh, kind, shade }, ground, parts);
      } else if (night || dusk) {
        for (let i = 0; i < (bw * bh * 0.0004) / u / u; i++) {
          parts.windows += `<rect x="${n(x + rand() * (bw - 3 * u))}" y="${n(top + rand() * bh)}" width="${n(2.5 * u)}" height="${n(3 * u)}" fill="${pal.windowLit}" fill-opacity="${(0.3 + rand() * 0.4).toFixed(2)}"/>`;
        }
      }
      x += bw + rand.range(-6, 4) * u;
    }
    layer.add(outlined(ctx, layer, `<g>${parts.bodies}</g>`, far ? 0.4 : 0.7));
    layer.add(parts.details + parts.windows + parts.neon);
    if (!look.flat && !far) {
      // Haze at street level.
      const haze = layer.linear(
        [
          [0, pal.haze, 0],
          [1, pal.haze, night ? 0.35 : 0.5],
        ],
        0,
        ground - h * 0.15,
        0,
        ground,
      );
      layer.add(`<rect x="0" y="${n(ground - h * 0.15)}" width="${w}" height="${n(h * 0.15 + 2)}" fill="${haze}"/>`);
    }
  }
}

/** One row's markup, drawn in this order: tower bodies (outlined), lit faces and glass, windows, neon signs. */
interface RowParts {
  bodies: string;
  details: string;
  windows: string;
  neon: string;
}

/** A tower of the skyline: its left edge, top, width, height, kind and body colour. */
interface Tower {
  x: number;
  top: number;
  bw: number;
  bh: number;
  kind: 'grid' | 'glass' | 'stepped' | 'spire';
  shade: string;
}

/** The details of a tower in the near row: the lit side, glass or window grid, and neon signs with their glow. */
function addNearTowerDetails(ctx: Ctx, layer: Layer, glow: Layer, tower: Tower, ground: number, parts: RowParts): void {
  const { rand, pal, scene, look, u } = ctx;
  const { x, top, bw, bh, kind, shade } = tower;
  const night = scene.time === 'night';
  const dusk = scene.time === 'sunset' || scene.time === 'dawn';
  // Lit side: a gradient down the face that catches the light (day and dusk).
  if (!look.flat && !night)
    parts.details += `<rect x="${n(x)}" y="${n(top)}" width="${n(bw * 0.45)}" height="${n(bh)}" fill="${lighten(shade, 0.18)}" fill-opacity="0.35"/>`;
  if (kind === 'glass') {
    const glass = look.flat
      ? lighten(pal.sky[1]![1], 0.15)
      : layer.linear(
          [
            [0, lighten(pal.sky[2]?.[1] ?? pal.haze, 0.2), night ? 0.25 : 0.75],
            [1, pal.sky[0]![1], night ? 0.2 : 0.6],
          ],
          0,
          top,
          0,
          ground,
        );
    parts.details += `<rect x="${n(x + 3 * u)}" y="${n(top + 3 * u)}" width="${n(bw - 6 * u)}" height="${n(bh)}" fill="${glass}"/>`;
    for (let mx = x + 10 * u; mx < x + bw - 6 * u; mx += 11 * u)
      parts.details += `<rect x="${n(mx)}" y="${n(top + 3 * u)}" width="${n(1.2 * u)}" height="${n(bh)}" fill="${darken(shade, 0.2)}" fill-opacity="0.6"/>`;
  }
  if (kind !== 'glass' || night) {
    const cw = 7 * u;
    const ch = 10 * u;
    const litChance = night ? 0.45 : dusk ? 0.3 : 0.0;
    for (let wy = top + 8 * u; wy < ground - 8 * u; wy += ch + 6 * u) {
      for (let wx = x + 6 * u; wx < x + bw - cw - 3 * u; wx += cw + 6 * u) {
        const lit = rand() < litChance;
        if (lit) {
          const c = scene.neon && rand() < 0.35 ? rand.pick(pal.accents) : mix(pal.windowLit, '#ffffff', rand() * 0.3);
          parts.windows += `<rect x="${n(wx)}" y="${n(wy)}" width="${n(cw)}" height="${n(ch)}" fill="${c}" fill-opacity="${(0.7 + rand() * 0.3).toFixed(2)}"/>`;
        } else if (!night) {
          parts.windows += `<rect x="${n(wx)}" y="${n(wy)}" width="${n(cw)}" height="${n(ch)}" fill="${dusk ? darken(shade, 0.3) : lighten(pal.sky[1]![1], 0.25)}" fill-opacity="0.55"/>`;
        }
      }
    }
  }
  if (scene.neon && rand() < 0.5 && bh > 80 * u) {
    // A vertical sign hanging off the side.
    const c = rand.pick(pal.accents);
    const sx = x + (rand() < 0.5 ? 4 * u : bw - 16 * u);
    const sy = top + bh * rand.range(0.15, 0.45);
    const sh = rand.range(50, 120) * u;
    parts.neon += `<rect x="${n(sx)}" y="${n(sy)}" width="${n(12 * u)}" height="${n(sh)}" rx="${n(2 * u)}" fill="${c}"/><rect x="${n(sx + 3 * u)}" y="${n(sy + 3 * u)}" width="${n(6 * u)}" height="${n(sh - 6 * u)}" fill="#ffffff" fill-opacity="0.7"/>`;
    glow.add(
      `<rect x="${n(sx - 14 * u)}" y="${n(sy - 14 * u)}" width="${n(40 * u)}" height="${n(sh + 28 * u)}" rx="${n(20 * u)}" fill="${c}" fill-opacity="0.8"/>`,
    );
  }
  if (scene.neon && rand() < 0.3) {
    const c = rand.pick(pal.accents);
    parts.neon += `<rect x="${n(x + bw * 0.1)}" y="${n(top + 4 * u)}" width="${n(bw * 0.8)}" height="${n(3 * u)}" fill="${c}"/>`;
    glow.add(`<rect x="${n(x)}" y="${n(top - 6 * u)}" width="${n(bw)}" height="${n(18 * u)}" fill="${c}" fill-opacity="0.6"/>`);
  }
}

/** The street in front of a skyline (no water): dark ground with reflected light streaks. */
export function drawStreet(ctx: Ctx, layer: Layer, ground: number): void {
  const { w, h, rand, pal, scene, u, look } = ctx;
  const base = scene.time === 'day' ? '#4b5260' : '#0b0a18';
  const fill = look.flat
    ? base
    : layer.linear(
        [
          [0, lighten(base, 0.1)],
          [1, darken(base, 0.4)],
        ],
        0,
        ground,
        0,
        h,
      );
  layer.add(outlined(ctx, layer, `<rect x="-5" y="${n(ground)}" width="${w + 10}" height="${n(h - ground + 5)}" fill="${fill}"/>`, 0.6));
  if (scene.rain || scene.neon || scene.time === 'night') {
    let streaks = '';
    for (let i = 0; i < 70; i++) {
      const x = rand() * w;
      const t = rand();
      const c = scene.neon ? rand.pick(pal.accents) : pal.windowLit;
      streaks += `<rect x="${n(x)}" y="${n(ground + t * (h - ground) * 0.9)}" width="${n(rand.range(2, 6) * u)}" height="${n(rand.range(20, 90) * u)}" fill="${c}" fill-opacity="${(0.15 + rand() * 0.3).toFixed(2)}"/>`;
    }
    layer.add(streaks);
  }
}
