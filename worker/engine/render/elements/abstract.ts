import { darken, lighten, luminance, mix } from '../color';
import type { Ctx, Layers } from '../context';
import { type Layer, n } from '../svg';

/**
 * The abstract style: the prompt's palette as a flow field of ribbons over bold geometry. The scene
 * words still steer it — a sun becomes a disc, mountains become triangles, water becomes waves, a
 * city becomes a grid.
 */
export function drawAbstract(ctx: Ctx, { sky, soft }: Layers): void {
  const { rand, pal, scene } = ctx;
  const dark = scene.time === 'night' || scene.time === 'sunset' || scene.mood.dark || rand() < 0.35;
  const colours = [...new Set([...pal.accents, pal.sky[1]![1], pal.sky[pal.sky.length - 1]![1], pal.sun])];
  drawBackground(ctx, sky, soft, colours, dark);
  drawBoldGeometry(ctx, sky, colours);
  drawFlowField(ctx, sky, colours);
  drawConfetti(ctx, sky, colours, dark);
}

/** A diagonal gradient, dark or light, with soft colour fields under everything. */
function drawBackground(ctx: Ctx, sky: Layer, soft: Layer, colours: string[], dark: boolean): void {
  const { w, h, rand, pal, u } = ctx;
  const bgA = dark ? darken(pal.sky[0]![1], 0.55) : lighten(pal.sky[pal.sky.length - 1]![1], 0.55);
  const bgB = dark ? darken(pal.sky[1]![1], 0.35) : lighten(pal.sky[1]![1], 0.35);
  sky.add(
    `<rect width="${w}" height="${h}" fill="${sky.linear(
      [
        [0, bgA],
        [1, bgB],
      ],
      0,
      0,
      w,
      h,
    )}"/>`,
  );

  // Soft colour fields under everything.
  for (let i = 0; i < 6; i++) {
    const cx = rand() * w;
    const cy = rand() * h;
    const r = rand.range(200, 450) * u;
    soft.add(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${soft.radial(
        [
          [0, rand.pick(colours), 0.55],
          [1, rand.pick(colours), 0],
        ],
        cx,
        cy,
        r,
      )}"/>`,
    );
  }
}

/** A disc with dashed rings, then triangles for mountains, bars for a city, rounded strokes and half discs. */
function drawBoldGeometry(ctx: Ctx, sky: Layer, colours: string[]): void {
  const { w, h, rand, pal, scene, u } = ctx;
  const big = rand.range(0.18, 0.3) * Math.min(w, h);
  const sx = rand.range(0.25, 0.75) * w;
  const sy = rand.range(0.2, 0.55) * h;
  const discColour = scene.time === 'sunset' || scene.time === 'dawn' ? pal.sun : rand.pick(colours);
  sky.add(
    `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(big)}" fill="${sky.linear(
      [
        [0, lighten(discColour, 0.25)],
        [1, mix(discColour, rand.pick(colours), 0.5)],
      ],
      sx,
      sy - big,
      sx,
      sy + big,
    )}"/>`,
  );
  for (let i = 0; i < 4; i++) {
    sky.add(
      `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(big * (1.25 + i * 0.22))}" fill="none" stroke="${rand.pick(colours)}" stroke-width="${n(rand.range(2, 7) * u)}" stroke-opacity="0.7" stroke-dasharray="${n(rand.range(40, 300) * u)} ${n(rand.range(20, 120) * u)}" transform="rotate(${n(rand() * 360)} ${n(sx)} ${n(sy)})"/>`,
    );
  }
  if (scene.mountains || scene.desert) {
    for (let i = 0; i < 4; i++) {
      const bx = rand() * w;
      const bw = rand.range(0.25, 0.5) * w;
      const top = h * rand.range(0.35, 0.6);
      sky.add(
        `<polygon points="${n(bx - bw / 2)},${n(h)} ${n(bx)},${n(top)} ${n(bx + bw / 2)},${n(h)}" fill="${rand.pick(colours)}" fill-opacity="0.75"/>`,
      );
    }
  }
  if (scene.city) {
    for (let i = 0; i < 18; i++) {
      const bw = rand.range(30, 90) * u;
      const bh = rand.range(0.15, 0.55) * h;
      sky.add(
        `<rect x="${n(rand() * w)}" y="${n(h - bh)}" width="${n(bw)}" height="${n(bh)}" fill="${rand.pick(colours)}" fill-opacity="0.7"/>`,
      );
    }
  }
  for (let i = 0; i < 5; i++) {
    const x = rand() * w;
    const y = rand() * h;
    const len = rand.range(0.3, 0.8) * w;
    const thick = rand.range(16, 60) * u;
    sky.add(
      `<rect x="${n(x - len / 2)}" y="${n(y - thick / 2)}" width="${n(len)}" height="${n(thick)}" rx="${n(thick / 2)}" fill="${rand.pick(colours)}" fill-opacity="0.8" transform="rotate(${n(rand.range(-60, 60))} ${n(x)} ${n(y)})"/>`,
    );
  }
  for (let i = 0; i < 3; i++) {
    const x = rand() * w;
    const y = rand() * h;
    const r = rand.range(60, 160) * u;
    const a = rand() * 360;
    sky.add(
      `<path d="M${n(x - r)} ${n(y)}A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(y)}Z" fill="${rand.pick(colours)}" transform="rotate(${n(a)} ${n(x)} ${n(y)})"/>`,
    );
  }
}

/** A flow field: ribbons that follow a smooth, seeded vector field (gentle waves when the scene has water). */
function drawFlowField(ctx: Ctx, sky: Layer, colours: string[]): void {
  const { w, h, rand, scene, u } = ctx;
  const f1 = rand.range(1.5, 4) / w;
  const f2 = rand.range(1.5, 4) / h;
  const p1 = rand() * 6;
  const p2 = rand() * 6;
  const swirl = rand.range(0.8, 2.2);
  const waves = scene.water !== null;
  const angle = (x: number, y: number) =>
    waves ? Math.sin(x * f1 * 2 + p1) * 0.6 : Math.sin(x * f1 + p1) * swirl + Math.cos(y * f2 + p2) * swirl + Math.sin((x + y) * f1 * 0.5);
  const lines = Math.round(((w * h) / 1e6) * 260);
  let ribbons = '';
  for (let i = 0; i < lines; i++) {
    let x = rand() * w;
    let y = rand() * h;
    let d = `M${n(x)} ${n(y)}`;
    const steps = rand.int(20, 60);
    const step = 7 * u;
    for (let k = 0; k < steps; k++) {
      const a = angle(x, y);
      x += Math.cos(a) * step;
      y += Math.sin(a) * step;
      d += `L${n(x)} ${n(y)}`;
    }
    const colour = rand.pick(colours);
    ribbons += `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(rand.range(1.2, 5) * u)}" stroke-opacity="${(0.45 + rand() * 0.5).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  }
  sky.add(ribbons);
}

/** Confetti dots, light on dark or dark on light. */
function drawConfetti(ctx: Ctx, sky: Layer, colours: string[], dark: boolean): void {
  const { w, h, rand, u } = ctx;
  let dots = '';
  for (let i = 0; i < 60; i++) {
    const c = rand.pick(colours);
    dots += `<circle cx="${n(rand() * w)}" cy="${n(rand() * h)}" r="${n(rand.range(3, 12) * u)}" fill="${luminance(c) > 0.5 === dark ? c : mix(c, dark ? '#ffffff' : '#000000', 0.3)}"/>`;
  }
  sky.add(dots);
}
