import { lighten, mix } from '../color';
import { outlined, type Ctx, type Layers } from '../context';
import { n, type Stop } from '../svg';

/** Sky colour at a height (0 = top, 1 = horizon), interpolated from the palette. */
export function skyAt(ctx: Ctx, t: number): string {
  const stops = ctx.pal.sky;
  if (t <= stops[0]![0]) return stops[0]![1];
  for (let i = 1; i < stops.length; i++) {
    const [o1, c1] = stops[i]!;
    const [o0, c0] = stops[i - 1]!;
    if (t <= o1) return mix(c0, c1, (t - o0) / (o1 - o0 || 1));
  }
  return stops[stops.length - 1]![1];
}

export function drawSky(ctx: Ctx, { sky }: Layers): void {
  const { w, h, horizon, look } = ctx;
  if (look.flat) {
    // Cartoon: a few hard bands, like a screen-printed poster.
    const bands = 6;
    for (let i = 0; i < bands; i++) {
      const y0 = (horizon * i) / bands;
      sky.add(
        `<rect x="0" y="${n(y0)}" width="${w}" height="${n(i === bands - 1 ? h - y0 : horizon / bands + 1)}" fill="${skyAt(ctx, (i + 0.5) / bands)}"/>`,
      );
    }
  } else {
    const fill = sky.linear(
      ctx.pal.sky.map(([o, c]) => [o, c] as Stop),
      0,
      0,
      0,
      horizon,
    );
    sky.add(`<rect width="${w}" height="${h}" fill="${fill}"/>`);
  }
}

export function drawSunOrMoon(ctx: Ctx, { sky, soft }: Layers): void {
  const { sun, pal, look, u } = ctx;
  if (sun.kind === 'none') return;
  // The glow goes in the soft layer: drawn small and blurred, it costs almost nothing.
  const glowR = Math.max(ctx.w, ctx.h) * (sun.kind === 'sun' ? 0.62 : 0.4);
  const glowStrength = sun.kind === 'moon' ? 0.32 : ctx.scene.time === 'day' ? 0.55 : 0.75;
  const glow = soft.radial(
    [
      [0, pal.sunGlow, glowStrength],
      [0.18, pal.sunGlow, glowStrength * 0.55],
      [0.5, pal.sunGlow, glowStrength * 0.15],
      [1, pal.sunGlow, 0],
    ],
    sun.x,
    sun.y,
    glowR,
  );
  soft.add(`<circle cx="${n(sun.x)}" cy="${n(sun.y)}" r="${n(glowR)}" fill="${glow}"/>`);

  if (sun.kind === 'sun') {
    if (look.style === 'anime') {
      for (let i = 3; i >= 1; i--)
        sky.add(
          `<circle cx="${n(sun.x)}" cy="${n(sun.y)}" r="${n(sun.r * (1 + i * 0.45))}" fill="${pal.sun}" fill-opacity="${0.1 + 0.04 * (3 - i)}"/>`,
        );
    }
    if (look.style === 'cartoon') {
      let rays = '';
      for (let i = 0; i < 12; i++) {
        const a = (i / 12) * Math.PI * 2;
        const r1 = sun.r * 1.25;
        const r2 = sun.r * 1.75;
        const da = 0.11;
        rays += `<polygon points="${n(sun.x + Math.cos(a - da) * r1)},${n(sun.y + Math.sin(a - da) * r1)} ${n(sun.x + Math.cos(a) * r2)},${n(sun.y + Math.sin(a) * r2)} ${n(sun.x + Math.cos(a + da) * r1)},${n(sun.y + Math.sin(a + da) * r1)}" fill="${mix(pal.sun, '#ffb300', 0.6)}"/>`;
      }
      sky.add(outlined(ctx, sky, rays));
    }
    const disc = look.flat
      ? mix(pal.sun, '#ffd23f', 0.5)
      : sky.radial(
          [
            [0, '#ffffff'],
            [0.6, pal.sun],
            [1, mix(pal.sun, pal.sunGlow, 0.5)],
          ],
          sun.x,
          sun.y,
          sun.r,
        );
    sky.add(outlined(ctx, sky, `<circle cx="${n(sun.x)}" cy="${n(sun.y)}" r="${n(sun.r)}" fill="${disc}"/>`));
    return;
  }

  // Moon: a lit disc with soft maria, slightly off-white.
  const moon = look.flat
    ? '#fff6d8'
    : sky.radial(
        [
          [0, '#fffdf2'],
          [0.75, pal.sun],
          [1, mix(pal.sun, '#9aa6c8', 0.35)],
        ],
        sun.x - sun.r * 0.3,
        sun.y - sun.r * 0.3,
        sun.r * 1.3,
      );
  let maria = '';
  for (let i = 0; i < 6; i++) {
    const a = ctx.rand() * Math.PI * 2;
    const d = ctx.rand() * sun.r * 0.6;
    maria += `<circle cx="${n(sun.x + Math.cos(a) * d)}" cy="${n(sun.y + Math.sin(a) * d)}" r="${n(sun.r * ctx.rand.range(0.12, 0.3))}" fill="#9aa3be" fill-opacity="${look.flat ? 0.5 : 0.22}"/>`;
  }
  const clip = sky.clip(`<circle cx="${n(sun.x)}" cy="${n(sun.y)}" r="${n(sun.r)}"/>`);
  sky.add(outlined(ctx, sky, `<circle cx="${n(sun.x)}" cy="${n(sun.y)}" r="${n(sun.r)}" fill="${moon}"/>`));
  sky.add(`<g clip-path="${clip}">${maria}</g>`);
  if (look.style === 'anime')
    sky.add(
      `<circle cx="${n(sun.x)}" cy="${n(sun.y)}" r="${n(sun.r * 1.5)}" fill="none" stroke="${pal.sun}" stroke-opacity="0.25" stroke-width="${n(2 * u)}"/>`,
    );
}

/** Star field; `dense` for space and galaxy scenes. A few bright stars get a four-point sparkle. */
export function drawStars(ctx: Ctx, { sky }: Layers): void {
  const { w, horizon, rand, u, scene, look } = ctx;
  const dense = scene.space || scene.galaxy;
  const area = (w * horizon) / 1e6;
  const count = Math.round(area * (dense ? 900 : 420));
  const fade = scene.time === 'night' ? 1 : 0.55;
  let dots = '';
  for (let i = 0; i < count; i++) {
    const x = rand() * w;
    const y = rand() ** 1.25 * horizon * 0.97;
    const r = (0.45 + rand() ** 5 * 2.1) * u * 1.1;
    const tone = rand.pick(['#ffffff', '#ffffff', '#cfe0ff', '#ffe9c7']);
    const a = (0.35 + rand() * 0.65) * fade * (1 - (y / horizon) * 0.55);
    dots += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${tone}" fill-opacity="${a.toFixed(2)}"/>`;
  }
  if (scene.galaxy) {
    // The Milky Way: a diagonal band of dense faint stars (its glow is in the soft layer).
    const x0 = rand.range(-0.1, 0.4) * w;
    const x1 = rand.range(0.6, 1.1) * w;
    for (let i = 0; i < count * 1.4; i++) {
      const t = rand();
      const cx = x0 + (x1 - x0) * t;
      const cy = horizon * (0.95 - t * 0.9);
      const off = rand.gauss() * 40 * u;
      const x = cx + off * 0.6;
      const y = cy + off;
      if (y < 0 || y > horizon) continue;
      dots += `<circle cx="${n(x)}" cy="${n(y)}" r="${n((0.35 + rand() * 0.7) * u)}" fill="#f3ecff" fill-opacity="${(0.3 + rand() * 0.5).toFixed(2)}"/>`;
    }
    ctx.galaxy = { x0, x1 };
  }
  sky.add(dots);
  const sparkles = Math.round(area * (dense ? 14 : 8));
  for (let i = 0; i < sparkles; i++) {
    const x = rand() * w;
    const y = rand() * horizon * 0.8;
    const s = rand.range(4, look.style === 'realistic' ? 9 : 14) * u;
    sky.add(sparkle(x, y, s, '#ffffff', 0.9));
  }
}

export function sparkle(x: number, y: number, s: number, colour: string, opacity: number): string {
  const k = s * 0.16;
  return `<path d="M${n(x)} ${n(y - s)}Q${n(x + k)} ${n(y - k)} ${n(x + s)} ${n(y)}Q${n(x + k)} ${n(y + k)} ${n(x)} ${n(y + s)}Q${n(x - k)} ${n(y + k)} ${n(x - s)} ${n(y)}Q${n(x - k)} ${n(y - k)} ${n(x)} ${n(y - s)}Z" fill="${colour}" fill-opacity="${opacity}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.18)}" fill="#ffffff"/>`;
}

/** Glows that belong to the soft layer: the Milky Way's haze, nebulae, city light, the horizon glow. */
export function drawSkyGlows(ctx: Ctx, { soft }: Layers): void {
  const { w, h, horizon, rand, scene, pal, u } = ctx;
  if (scene.galaxy && ctx.galaxy) {
    const { x0, x1 } = ctx.galaxy;
    for (let i = 0; i < 14; i++) {
      const t = i / 13;
      const cx = x0 + (x1 - x0) * t;
      const cy = horizon * (0.95 - t * 0.9);
      const core = Math.abs(t - 0.45) < 0.2;
      const colour = core ? rand.pick(['#ffd9b0', '#f6c6ff']) : rand.pick(['#9d8cff', '#7fb2ff', '#c58cff']);
      soft.add(
        `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rand.range(70, 130) * u)}" ry="${n(rand.range(40, 70) * u)}" fill="${colour}" fill-opacity="${(core ? 0.22 : 0.14).toFixed(2)}" transform="rotate(${n((Math.atan2(-horizon * 0.9, x1 - x0) * 180) / Math.PI)} ${n(cx)} ${n(cy)})"/>`,
      );
    }
    for (let i = 0; i < 8; i++) {
      const t = rand.range(0.25, 0.7);
      const cx = x0 + (x1 - x0) * t;
      const cy = horizon * (0.95 - t * 0.9);
      soft.add(
        `<ellipse cx="${n(cx + rand.gauss() * 10 * u)}" cy="${n(cy + rand.gauss() * 10 * u)}" rx="${n(40 * u)}" ry="${n(9 * u)}" fill="#05040f" fill-opacity="0.25" transform="rotate(${n(rand.range(-60, -30))} ${n(cx)} ${n(cy)})"/>`,
      );
    }
  }
  if (scene.space) {
    const colours = pal.accents.length ? [pal.accents[0]!, '#6a4cff', '#ff5fa2', '#2fc7ff'] : ['#6a4cff', '#ff5fa2'];
    for (let i = 0; i < 9; i++) {
      const cx = rand() * w;
      const cy = rand() * h * 0.8;
      const r = rand.range(120, 320) * u;
      const fill = soft.radial(
        [
          [0, rand.pick(colours), 0.35],
          [1, '#000000', 0],
        ],
        cx,
        cy,
        r,
      );
      soft.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"/>`);
    }
  }
  if (scene.city && scene.time === 'night') {
    const glow = soft.radial(
      [
        [0, pal.haze, 0.7],
        [1, pal.haze, 0],
      ],
      w / 2,
      horizon,
      w * 0.7,
    );
    soft.add(`<ellipse cx="${n(w / 2)}" cy="${n(horizon)}" rx="${n(w * 0.8)}" ry="${n(h * 0.3)}" fill="${glow}"/>`);
  }
}

interface Puff {
  x: number;
  y: number;
  r: number;
}

/** A cumulus cloud as overlapping puffs sitting on a flat base. */
function cumulus(ctx: Ctx, cx: number, cy: number, size: number): Puff[] {
  const puffs: Puff[] = [];
  const count = ctx.rand.int(5, 9);
  for (let i = 0; i < count; i++) {
    const t = count === 1 ? 0.5 : i / (count - 1);
    const centrality = 1 - Math.abs(t - 0.5) * 2;
    const r = size * (0.28 + 0.32 * centrality + ctx.rand() * 0.15);
    puffs.push({ x: cx + (t - 0.5) * size * 2.2 + ctx.rand.gauss() * size * 0.05, y: cy - r * 0.55 - centrality * size * 0.18, r });
  }
  return puffs;
}

export function drawClouds(ctx: Ctx, layers: Layers): void {
  const { w, horizon, rand, scene, pal, look, u, sun } = ctx;
  if (scene.space || scene.clouds === 'none') return;
  const many = scene.clouds === 'many';
  const count = Math.round((w / 1000) * (many ? (look.soft ? 7 : 4) : scene.time === 'night' ? 2 : 3)) + 1;
  const stratus = !scene.storm && (scene.time === 'sunset' || scene.time === 'dawn') && look.soft;
  if ((scene.rain || scene.storm) && look.soft && !scene.neon) {
    // Overcast: a low ceiling of heavy, overlapping cloud.
    for (let i = 0; i < Math.round((w / 1000) * 16); i++) {
      const x = rand() * w;
      const y = horizon * rand.range(-0.05, 0.6);
      const rx = rand.range(150, 320) * u;
      const ry = rand.range(40, 90) * u;
      layers.soft.add(
        `<ellipse cx="${n(x)}" cy="${n(y + ry * 0.4)}" rx="${n(rx)}" ry="${n(ry)}" fill="${pal.cloudShade}" fill-opacity="0.75"/><ellipse cx="${n(x - rx * 0.1)}" cy="${n(y)}" rx="${n(rx * 0.8)}" ry="${n(ry * 0.7)}" fill="${pal.cloudLit}" fill-opacity="0.6"/>`,
      );
    }
    return;
  }

  for (let i = 0; i < count; i++) {
    const x = ((i + rand.range(0.1, 0.9)) / count) * w;
    const y = horizon * rand.range(0.12, stratus ? 0.72 : 0.55);
    const size = rand.range(55, 110) * u * (many ? 1.15 : 1) * (1 - (y / horizon) * 0.35);
    // Keep clouds off the sun's disc.
    if (sun.kind !== 'none' && Math.hypot(x - sun.x, y - sun.y) < sun.r * 1.3 + size * (look.soft ? 1.2 : 2.2)) continue;

    if (look.soft) {
      if (stratus) {
        for (let k = 0; k < 5; k++) {
          const ex = x + rand.gauss() * size * 0.9;
          const ey = y + rand.gauss() * size * 0.15;
          const rx = size * rand.range(1.2, 2.6);
          const ry = size * rand.range(0.08, 0.18);
          layers.soft.add(
            `<ellipse cx="${n(ex)}" cy="${n(ey + ry * 0.8)}" rx="${n(rx)}" ry="${n(ry)}" fill="${pal.cloudShade}" fill-opacity="0.3"/><ellipse cx="${n(ex)}" cy="${n(ey)}" rx="${n(rx * 0.9)}" ry="${n(ry * 0.75)}" fill="${lighten(pal.cloudLit, 0.15)}" fill-opacity="0.8"/>`,
          );
        }
      } else {
        const puffs = cumulus(ctx, x, y, size);
        const base = puffs.map((p) => `<circle cx="${n(p.x)}" cy="${n(p.y + p.r * 0.25)}" r="${n(p.r)}"/>`).join('');
        const lit = puffs.map((p) => `<circle cx="${n(p.x - p.r * 0.12)}" cy="${n(p.y - p.r * 0.1)}" r="${n(p.r * 0.85)}"/>`).join('');
        const flat = `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(size * 1.5)}" ry="${n(size * 0.16)}"/>`;
        layers.soft.add(
          `<g fill="${pal.cloudShade}" fill-opacity="0.9">${base}${flat}</g><g fill="${pal.cloudLit}" fill-opacity="0.95">${lit}</g>`,
        );
      }
      continue;
    }

    // Crisp, cel-shaded cumulus (anime, cartoon).
    const puffs = cumulus(ctx, x, y, size * 1.25);
    const circles = puffs.map((p) => `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(p.r)}"/>`).join('');
    const bottom = Math.max(...puffs.map((p) => p.y + p.r));
    const left = Math.min(...puffs.map((p) => p.x - p.r));
    const right = Math.max(...puffs.map((p) => p.x + p.r));
    const baseRect = `<rect x="${n(left + size * 0.3)}" y="${n(y - size * 0.2)}" width="${n(right - left - size * 0.6)}" height="${n(bottom - y + size * 0.2)}" rx="${n(size * 0.2)}"/>`;
    const shape = `${circles}${baseRect}`;
    const lit = look.flat ? '#ffffff' : lighten(pal.cloudLit, 0.1);
    const shade = scene.time === 'day' ? mix(pal.cloudShade, '#dfe9f7', 0.35) : mix(pal.cloudShade, lit, 0.35);
    const clip = layers.sky.clip(shape);
    const shadowBand = puffs.map((p) => `<circle cx="${n(p.x + p.r * 0.25)}" cy="${n(p.y + p.r * 0.55)}" r="${n(p.r * 0.8)}"/>`).join('');
    layers.sky.add(outlined(ctx, layers.sky, `<g fill="${lit}">${shape}</g>`, 0.7));
    layers.sky.add(
      `<g clip-path="${clip}"><g fill="${shade}">${shadowBand}<rect x="${n(left)}" y="${n(bottom - size * 0.22)}" width="${n(right - left)}" height="${n(size)}"/></g></g>`,
    );
  }
}

/** Aurora curtains (soft layer): vertical strands along a wave, green at the foot fading to violet. */
export function drawAurora(ctx: Ctx, { soft }: Layers): void {
  const { w, horizon, rand, u } = ctx;
  // In each strand's own box, so every strand shares one gradient.
  const fill = soft.linear(
    [
      [0, '#b56cff', 0],
      [0.35, '#a86bff', 0.35],
      [0.75, '#39f5a6', 0.75],
      [1, '#39f5a6', 0],
    ],
    0,
    0,
    0,
    1,
    true,
  );
  const phase = rand() * 6;
  const amp = horizon * 0.12;
  const base = horizon * rand.range(0.45, 0.62);
  let strands = '';
  for (let x = -20 * u; x < w + 20 * u; x += 7 * u) {
    const y = base + Math.sin(x / (w * 0.22) + phase) * amp + Math.sin(x / (w * 0.07) + phase * 2) * amp * 0.25;
    const height = horizon * (0.22 + 0.18 * (0.5 + 0.5 * Math.sin(x / (w * 0.13) + phase * 3)));
    strands += `<rect x="${n(x)}" y="${n(y - height)}" width="${n(9 * u)}" height="${n(height)}" fill="${fill}"/>`;
  }
  soft.add(strands);
}

export function drawRainbow(ctx: Ctx, { soft }: Layers): void {
  const { w, horizon, rand } = ctx;
  const cx = w * rand.range(0.35, 0.65);
  const r = Math.max(w, horizon) * 0.55;
  const colours = ['#ff4d4d', '#ff9a3d', '#ffe14d', '#5fdc6a', '#4da3ff', '#7a5cff', '#c05cff'];
  const band = r * 0.022;
  colours.forEach((c, i) => {
    soft.add(
      `<circle cx="${n(cx)}" cy="${n(horizon * 1.05)}" r="${n(r - i * band)}" fill="none" stroke="${c}" stroke-width="${n(band * 1.1)}" stroke-opacity="0.5"/>`,
    );
  });
}
