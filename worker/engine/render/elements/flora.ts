import { darken, lighten, mix } from '../color';
import { outlined, tally, type Ctx } from '../context';
import { atDistance } from '../palette';
import type { Rng } from '../prng';
import { n, points, type Pt } from '../svg';
import type { Layer } from '../svg';

/** A conifer: drooping branch tiers narrowing to the tip, on a short trunk. */
export function pine(rand: Rng, x: number, base: number, height: number): string {
  const tiers = Math.min(28, Math.round(5 + height / 45) + rand.int(0, 3));
  const trunk = height * 0.07;
  const width = height * rand.range(0.2, 0.3);
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let i = 1; i <= tiers; i++) {
    const t = i / tiers;
    const y = base - trunk - (height - trunk) * (1 - t);
    const prevY = base - trunk - (height - trunk) * (1 - (i - 1) / tiers);
    const reach = width * t ** 0.9 * rand.range(0.75, 1.25);
    const droop = (y - prevY) * rand.range(0.1, 0.35);
    // Branch tip, then back in towards the trunk for the next tier.
    left.push([x - reach, y + droop], [x - reach * rand.range(0.3, 0.5), y - (y - prevY) * 0.15]);
    right.push(
      [x + reach * rand.range(0.95, 1.05), y + droop * rand.range(0.7, 1.3)],
      [x + reach * rand.range(0.3, 0.5), y - (y - prevY) * 0.12],
    );
  }
  left.pop();
  right.pop();
  const tw = Math.max(1, width * 0.07);
  const outline: Pt[] = [
    [x, base - height],
    ...right,
    [x + tw, base - trunk],
    [x + tw, base],
    [x - tw, base],
    [x - tw, base - trunk],
    ...left.reverse(),
  ];
  return `<polygon points="${points(outline)}"/>`;
}

/** A broadleaf tree: trunk plus a cluster of round leaf masses (lit and shaded). */
export function broadleaf(rand: Rng, x: number, base: number, height: number, leaf: string, shade: string, trunk: string): string {
  const r = height * 0.22;
  const cy = base - height + r * 1.3;
  let crown = '';
  let lit = '';
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2;
    const cx = x + Math.cos(a) * r * 0.8 + rand.gauss() * r * 0.1;
    const yy = cy + Math.sin(a) * r * 0.55;
    const rr = r * rand.range(0.55, 0.8);
    crown += `<circle cx="${n(cx)}" cy="${n(yy)}" r="${n(rr)}"/>`;
    if (Math.sin(a) < 0.2) lit += `<circle cx="${n(cx - rr * 0.2)}" cy="${n(yy - rr * 0.25)}" r="${n(rr * 0.6)}"/>`;
  }
  const tw = height * 0.05;
  return `<polygon points="${points([
    [x - tw, base],
    [x - tw * 0.6, cy],
    [x + tw * 0.6, cy],
    [x + tw, base],
  ])}" fill="${trunk}"/><g fill="${shade}">${crown}</g><g fill="${leaf}">${lit}</g>`;
}

/** A palm: a leaning, tapering trunk and drooping fronds. */
export function palm(ctx: Ctx, x: number, base: number, height: number, colour: string): string {
  const { rand } = ctx;
  const lean = rand.range(-0.35, 0.35) * height;
  const topX = x + lean;
  const topY = base - height;
  const w0 = height * 0.035;
  const midX = x + lean * 0.35;
  const midY = base - height * 0.5;
  const trunk = `<path d="M${n(x - w0)} ${n(base)}Q${n(midX - w0 * 0.8)} ${n(midY)} ${n(topX - w0 * 0.4)} ${n(topY)}L${n(topX + w0 * 0.4)} ${n(topY)}Q${n(midX + w0 * 0.8)} ${n(midY)} ${n(x + w0)} ${n(base)}Z"/>`;
  let fronds = '';
  const count = rand.int(7, 9);
  for (let i = 0; i < count; i++) {
    const a = Math.PI + (i / (count - 1)) * Math.PI + rand.gauss() * 0.08;
    const len = height * rand.range(0.38, 0.5);
    const ex = topX + Math.cos(a) * len;
    const ey = topY + Math.sin(a) * len * 0.5 + len * 0.35;
    const cx = topX + Math.cos(a) * len * 0.5;
    const cy = topY + Math.sin(a) * len * 0.55 - len * 0.1;
    const wdt = len * 0.12;
    fronds += `<path d="M${n(topX)} ${n(topY)}Q${n(cx)} ${n(cy - wdt)} ${n(ex)} ${n(ey)}Q${n(cx)} ${n(cy + wdt)} ${n(topX)} ${n(topY)}Z"/>`;
  }
  return `<g fill="${colour}">${trunk}${fronds}</g>`;
}

/** Rows of conifers standing on a line, farther rows smaller and paler (atmospheric perspective). */
export function forestRows(ctx: Ctx, layer: Layer, baseY: (x: number) => number, rows: number, near: number, spread = 0): void {
  const { w, rand, pal, look, u } = ctx;
  let count = 0;
  for (let r = 0; r < rows; r++) {
    const depth = 1 - r / Math.max(1, rows - 1);
    const size = near * (0.3 + 0.7 * (1 - depth)) * u;
    const colour = atDistance(pal, r === rows - 1 ? pal.foliageDark : pal.foliage, depth * 0.65);
    let trees = '';
    // Nearer rows stand lower in the frame (spread: how far down the nearest row stands, in px).
    const drop = r * 7 * u + spread * (1 - depth) ** 1.4;
    for (let x = -size * 0.3; x < w + size * 0.3; x += size * rand.range(0.12, 0.3)) {
      // Clumps: taller trees in groups, lower ones between.
      const clump = 0.6 + 0.4 * Math.sin(x / (size * 1.7) + r * 2.1);
      trees += pine(rand, x, baseY(x) + drop + rand.range(0, 4) * u, size * clump * rand.range(0.65, 1.2));
      count++;
    }
    const fill =
      look.flat || look.cel
        ? colour
        : layer.linear(
            [
              [0, lighten(colour, 0.06)],
              [1, darken(colour, 0.15)],
            ],
            0,
            baseY(0) - size,
            0,
            baseY(0) + drop + 4,
          );
    layer.add(outlined(ctx, layer, `<g fill="${fill}">${trees}</g>`, 0.5));
    if (!look.flat && r < rows - 1) {
      // Mist between rows.
      const top = baseY(0) + drop - size * 0.5;
      const mist = layer.linear(
        [
          [0, pal.haze, 0],
          [1, pal.haze, 0.35],
        ],
        0,
        top,
        0,
        baseY(0) + drop + 4,
      );
      layer.add(`<rect x="0" y="${n(top)}" width="${w}" height="${n(size * 0.5 + 4)}" fill="${mist}"/>`);
    }
  }
  tally(ctx, 'trees', count);
}

/** Tall trees at the picture's edges, framing the view. */
export function framingTrees(ctx: Ctx, layer: Layer, kind: 'pine' | 'broadleaf'): void {
  const { w, h, rand, pal, u } = ctx;
  const colour = ctx.scene.time === 'day' ? pal.foliageDark : pal.silhouette;
  let trees = '';
  for (const side of [0, 1]) {
    if (rand() < 0.3) continue;
    const count = rand.int(1, 2);
    tally(ctx, 'trees', count);
    for (let i = 0; i < count; i++) {
      const x = side === 0 ? rand.range(-0.06, 0.1) * w : rand.range(0.9, 1.06) * w;
      const height = h * rand.range(0.75, 1.05);
      trees += kind === 'pine' ? pine(rand, x, h + 10 * u, height) : broadleaf(rand, x, h + 10 * u, height, colour, colour, colour);
    }
  }
  layer.add(outlined(ctx, layer, `<g fill="${colour}">${trees}</g>`));
}

/** A cherry tree in bloom: branching trunk and clouds of pink blossom. */
export function blossomTree(ctx: Ctx, layer: Layer, x: number, base: number, height: number): void {
  const { rand, u, look } = ctx;
  tally(ctx, 'trees');
  tally(ctx, 'flowers');
  const bark = ctx.scene.time === 'day' ? '#4a3238' : '#24161f';
  const pink = ctx.pal.accents.find((c) => c.startsWith('#f') || c.startsWith('#e')) ?? '#f6a6c1';
  const petals = [lighten(pink, 0.35), lighten(pink, 0.15), pink, mix(pink, '#ffffff', 0.55)];
  let branches = '';
  const tips: Pt[] = [];
  const grow = (x0: number, y0: number, angle: number, len: number, width: number, depth: number) => {
    const x1 = x0 + Math.cos(angle) * len;
    const y1 = y0 + Math.sin(angle) * len;
    const nx = -Math.sin(angle) * width * 0.5;
    const ny = Math.cos(angle) * width * 0.5;
    branches += `<polygon points="${points([
      [x0 - nx, y0 - ny],
      [x1 - nx * 0.6, y1 - ny * 0.6],
      [x1 + nx * 0.6, y1 + ny * 0.6],
      [x0 + nx, y0 + ny],
    ])}"/>`;
    if (depth === 0) {
      tips.push([x1, y1]);
      return;
    }
    const spread = rand.range(0.35, 0.6);
    grow(x1, y1, angle - spread + rand.gauss() * 0.1, len * rand.range(0.62, 0.78), width * 0.62, depth - 1);
    grow(x1, y1, angle + spread + rand.gauss() * 0.1, len * rand.range(0.62, 0.78), width * 0.62, depth - 1);
    if (rand() < 0.3) tips.push([x1, y1]);
  };
  grow(x, base, -Math.PI / 2 + rand.gauss() * 0.08, height * 0.3, height * 0.07, 4);
  // Blossom: many small puffs around each twig tip, darker underneath, lighter on top.
  const clusters = tips.flatMap(([tx, ty]) =>
    Array.from({ length: 9 }, () => [tx + rand.gauss() * height * 0.055, ty + rand.gauss() * height * 0.04] as Pt),
  );
  let blossom = '';
  for (let shadeIdx = 0; shadeIdx < petals.length; shadeIdx++) {
    let group = '';
    for (const [cx, cy] of clusters) {
      if (rand() < 0.35) continue;
      group += `<circle cx="${n(cx + rand.gauss() * 5 * u)}" cy="${n(cy - shadeIdx * 4 * u)}" r="${n(height * rand.range(0.018, 0.04) * (1 - shadeIdx * 0.12))}"/>`;
    }
    blossom += `<g fill="${petals[(shadeIdx + 2) % petals.length]}">${group}</g>`;
  }
  layer.add(outlined(ctx, layer, `<g fill="${bark}">${branches}</g>`, 0.5));
  if (look.outline)
    layer.add(
      outlined(
        ctx,
        layer,
        `<g fill="${petals[2]}">${clusters.map(([cx, cy]) => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(height * 0.04)}"/>`).join('')}</g>`,
        0.5,
      ),
    );
  layer.add(blossom);
}

/** A meadow of flowers: dots far away, petalled blooms with stems up close. */
export function meadow(ctx: Ctx, layer: Layer, top: number): void {
  const { w, h, rand, pal, look, u, scene } = ctx;
  tally(ctx, 'flowers');
  const accents = pal.accents.filter((c) => c !== '#ffffff');
  const stem = scene.time === 'day' ? darken(pal.foliage, 0.1) : pal.foliageDark;
  const night = scene.time === 'night';
  let far = '';
  const count = Math.round((w / 1000) * 700);
  for (let i = 0; i < count; i++) {
    const t = rand() ** 0.8;
    const y = top + (h - top) * t;
    const r = (1 + t * 4.5) * u;
    far += `<circle cx="${n(rand() * w)}" cy="${n(y)}" r="${n(r)}" fill="${rand.pick(accents)}" fill-opacity="${night ? 0.5 : 0.9}"/>`;
  }
  layer.add(far);
  // Close blooms.
  let stems = '';
  let heads = '';
  const close = Math.round((w / 1000) * 26);
  for (let i = 0; i < close; i++) {
    const x = rand() * w;
    const y = h - rand.range(0, 0.12) * h;
    const size = rand.range(14, 30) * u;
    const sh = size * rand.range(2, 4);
    stems += `<path d="M${n(x)} ${n(y + sh)}Q${n(x + rand.range(-10, 10) * u)} ${n(y + sh * 0.5)} ${n(x)} ${n(y)}" fill="none" stroke="${stem}" stroke-width="${n(2.5 * u)}"/>`;
    stems += `<ellipse cx="${n(x + size * 0.6)}" cy="${n(y + sh * 0.55)}" rx="${n(size * 0.5)}" ry="${n(size * 0.18)}" fill="${stem}" transform="rotate(-30 ${n(x + size * 0.6)} ${n(y + sh * 0.55)})"/>`;
    const colour = rand.pick(accents);
    let petalsSvg = '';
    const petalCount = rand.int(5, 7);
    const rot = rand() * 360;
    for (let p = 0; p < petalCount; p++) {
      const a = rot + (p * 360) / petalCount;
      petalsSvg += `<ellipse cx="${n(x)}" cy="${n(y - size * 0.45)}" rx="${n(size * 0.28)}" ry="${n(size * 0.48)}" transform="rotate(${n(a)} ${n(x)} ${n(y)})"/>`;
    }
    heads += `${outlined(ctx, layer, `<g fill="${colour}">${petalsSvg}</g>`, 0.5)}<circle cx="${n(x)}" cy="${n(y)}" r="${n(size * 0.22)}" fill="${look.flat ? '#ffd23f' : '#ffe08a'}"/>`;
  }
  layer.add(stems + heads);
}
