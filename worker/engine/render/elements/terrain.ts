import { darken, lighten, mix } from '../color';
import { outlineOnly, outlined, tally, type Ctx, type Layers } from '../context';
import { atDistance } from '../palette';
import type { Rng } from '../prng';
import { n, points, smoothPath, type Pt } from '../svg';
import type { Layer } from '../svg';

/**
 * Midpoint displacement: 2^k + 1 values normalised to [-1, 1]. `hurst` in (0, 1): lower is rougher
 * (each finer level keeps 2^-hurst of the previous level's amplitude).
 */
export function fractalLine(rand: Rng, k: number, hurst: number): number[] {
  const size = (1 << k) + 1;
  const v = new Array<number>(size).fill(0);
  v[0] = rand.range(-1, 1);
  v[size - 1] = rand.range(-1, 1);
  let step = size - 1;
  let scale = 1;
  const decay = 2 ** -hurst;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < size; i += step) v[i] = (v[i - half]! + v[i + half]!) / 2 + rand.range(-1, 1) * scale;
    step = half;
    scale *= decay;
  }
  const max = Math.max(...v.map(Math.abs)) || 1;
  return v.map((x) => x / max);
}

/** A mountain ridge: a few big peaks (rounded tents) plus fractal detail. Returns the ridge points. */
function ridgeProfile(ctx: Ctx, base: number, amp: number, peaks: number, hurst: number, steep: number): Pt[] {
  const { w, rand } = ctx;
  const samples = 256;
  const detail = fractalLine(rand, 8, hurst);
  const tops = Array.from({ length: peaks }, (_, i) => ({
    x: ((i + rand.range(0.15, 0.85)) / peaks) * w * 1.2 - w * 0.1,
    height: rand.range(0.55, 1) * amp,
    slope: steep * rand.range(0.8, 1.25),
  }));
  const pts: Pt[] = [];
  for (let i = 0; i <= samples; i++) {
    const x = (i / samples) * w;
    let height = amp * 0.12;
    for (const t of tops) {
      const d = Math.abs(x - t.x) / w;
      height = Math.max(height, t.height * (1 - d * t.slope) - d * d * amp * 0.5);
    }
    height += detail[i]! * amp * 0.16;
    pts.push([x, base - Math.max(amp * 0.04, height)]);
  }
  return pts;
}

/** A spur: a jagged line from a peak down to the foot of the range. */
function spur(rand: Rng, from: Pt, to: Pt): Pt[] {
  const pts: Pt[] = [];
  const steps = 12;
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
  let drift = 0;
  for (let i = 1; i < steps; i++) {
    const t = i / steps;
    drift += rand.range(-1, 1) * len * 0.03;
    pts.push([from[0] + (to[0] - from[0]) * t ** 0.8 + drift, from[1] + (to[1] - from[1]) * t]);
  }
  pts.push(to);
  return pts;
}

/** Indices of prominent peaks (minimum y) with their neighbouring valleys. */
function findPeaks(pts: Pt[], prominence: number): { peak: number; left: number; right: number }[] {
  const out: { peak: number; left: number; right: number }[] = [];
  const window = 10;
  for (let i = 1; i < pts.length - 1; i++) {
    let isPeak = true;
    for (let j = Math.max(0, i - window); j <= Math.min(pts.length - 1, i + window); j++) {
      if (j !== i && pts[j]![1] <= pts[i]![1] && !(j > i && pts[j]![1] === pts[i]![1])) {
        isPeak = false;
        break;
      }
    }
    if (!isPeak) continue;
    // Walk down each side, allowing small bumps, to the valley.
    const walk = (dir: number) => {
      let k = i;
      let lowest = i;
      while (k + dir >= 0 && k + dir < pts.length) {
        k += dir;
        if (pts[k]![1] > pts[lowest]![1]) lowest = k;
        if (pts[k]![1] < pts[lowest]![1] - prominence * 0.5) break;
      }
      return lowest;
    };
    const left = walk(-1);
    const right = walk(1);
    const drop = Math.min(pts[left]![1], pts[right]![1]) - pts[i]![1];
    if (drop > prominence) out.push({ peak: i, left, right });
  }
  return out;
}

export function drawMountains(ctx: Ctx, layers: Layers): void {
  const { w, h, horizon, rand, scene, pal, look, sun } = ctx;
  const alpine = scene.snow || scene.matched.includes('mountains');
  const layerCount = scene.water ? 3 : 4;
  tally(ctx, 'mountains', layerCount);
  const lightFromLeft = sun.kind === 'none' ? true : sun.x < w / 2;
  for (let i = 0; i < layerCount; i++) {
    const depth = 1 - i / (layerCount - 1); // 1 = farthest
    const base = horizon + (scene.water ? 0 : (1 - depth) * h * 0.05);
    const amp = h * (scene.water ? 0.27 : 0.3) * (0.25 + depth * 0.8) * (alpine ? 1.1 : 0.85);
    const lift = depth * h * 0.04;
    const ridge = ridgeProfile(
      ctx,
      base - lift,
      amp,
      depth > 0.6 ? rand.int(2, 3) : rand.int(3, 4),
      0.45 + (1 - depth) * 0.4,
      1.6 + depth * 1.6,
    );
    const colour = atDistance(pal, i === layerCount - 1 ? darken(pal.rock, 0.25) : pal.rock, 0.12 + depth * 0.7);
    const top = Math.min(...ridge.map((p) => p[1]));
    const bottom = scene.water ? horizon + 2 : h;
    const poly = points([[0, bottom], ...ridge, [w, bottom]]);
    const fill = look.flat
      ? colour
      : layers.land.linear(
          [
            [0, lighten(colour, 0.08)],
            [0.6, colour],
            [1, mix(colour, pal.haze, 0.5)],
          ],
          0,
          top,
          0,
          base + 2,
        );
    let body = `<polygon points="${poly}" fill="${fill}"/>`;

    // Snow caps on the far, tall ranges: a ragged band under the ridge, deeper on the high peaks.
    const snowy = (scene.snow || (alpine && scene.time !== 'night')) && depth > 0.6 && !ctx.omit.has('snow');
    if (snowy) tally(ctx, 'snow');
    if (snowy) {
      const snowline = top + (base - lift - top) * (scene.snow ? 0.45 : 0.3);
      const jitter = fractalLine(rand, 8, 0.4);
      const lower: Pt[] = ridge.map((p, k) => {
        const edge = snowline + jitter[k]! * amp * 0.1;
        return [p[0], p[1] < edge ? p[1] + Math.min((edge - p[1]) * 1.1, amp * 0.3) : p[1]];
      });
      const snow = atDistance(pal, pal.snow, depth * 0.3);
      body += `<polygon points="${points([...ridge, ...lower.reverse()])}" fill="${snow}"/>`;
    }

    // Faces turned away from the light are in shadow: from each peak, along the ridge to the next
    // valley, and back up a jagged spur.
    const shade = look.flat ? darken(colour, 0.3) : darken(mix(colour, pal.cloudShade, 0.35), 0.25);
    for (const { peak, left, right } of findPeaks(ridge, amp * 0.05)) {
      const p = ridge[peak]!;
      const valley = lightFromLeft ? ridge[right]! : ridge[left]!;
      const side = lightFromLeft ? ridge.slice(peak, right + 1) : ridge.slice(left, peak + 1).reverse();
      if (side.length < 3) continue;
      // Faces end where the range meets the ground.
      const footY = Math.min(bottom, base + 4);
      const foot: Pt = [p[0] + (valley[0] - p[0]) * rand.range(0.1, 0.4), footY];
      const ridgeDown = spur(rand, p, foot);
      const gully = spur(rand, valley, [valley[0] + (p[0] - valley[0]) * rand.range(0.05, 0.2), footY]);
      const shape: Pt[] = [...side, ...gully, ...ridgeDown.reverse()];
      body += `<polygon points="${points(shape)}" fill="${shade}" fill-opacity="${look.flat ? 0.6 : 0.42}"/>`;
    }
    if (!look.flat) {
      // Valley mist at the foot of each range separates it from the next.
      const mist = layers.land.linear(
        [
          [0, pal.haze, 0],
          [1, pal.haze, 0.45 * depth + 0.2],
        ],
        0,
        base - lift - amp * 0.45,
        0,
        base,
      );
      body += `<rect x="0" y="${n(base - lift - amp * 0.45)}" width="${w}" height="${n(lift + amp * 0.45 + 2)}" fill="${mist}"/>`;
    }
    const clip = layers.land.clip(`<polygon points="${poly}"/>`);
    layers.land.add(outlineOnly(ctx, layers.land, `<polygon points="${poly}"/>`, 0.6));
    layers.land.add(`<g clip-path="${clip}">${body}</g>`);
  }
}

/** Rolling hills: smooth layers from the horizon to the bottom edge. */
export function drawHills(ctx: Ctx, layer: Layer, from: number, to: number, layers = 3): void {
  const { w, rand, pal, look, scene } = ctx;
  // "No hills": the same layers of ground, nearly level (a plain).
  const flat = ctx.omit.has('hills');
  if (!flat) tally(ctx, 'hills', layers);
  for (let i = 0; i < layers; i++) {
    const depth = 1 - i / Math.max(1, layers - 1);
    const base = from + (to - from) * (i / layers);
    const amp = (to - from) * (flat ? 0.03 : 0.35);
    const ctrl: Pt[] = [];
    const count = 5;
    for (let k = 0; k <= count; k++) ctrl.push([(k / count) * w * 1.1 - w * 0.05, base - rand.range(0, 1) * amp]);
    const path = `${smoothPath(ctrl, false)}L${n(w * 1.05)} ${n(ctx.h)}L${n(-w * 0.05)} ${n(ctx.h)}Z`;
    const green = scene.snow ? pal.land : mix(pal.land, pal.foliage, i / layers);
    const colour = atDistance(pal, green, depth * 0.55);
    const fill = look.flat
      ? colour
      : layer.linear(
          [
            [0, lighten(colour, 0.08)],
            [1, darken(colour, 0.25)],
          ],
          0,
          base - amp,
          0,
          ctx.h,
        );
    layer.add(outlined(ctx, layer, `<path d="${path}" fill="${fill}"/>`, 0.6));
  }
}

/** Desert dunes: sharp, curving crests with a lit face towards the sun and a shaded slip face. */
export function drawDunes(ctx: Ctx, layer: Layer, from: number): void {
  const { w, h, rand, pal, look, u, sun } = ctx;
  tally(ctx, 'desert');
  const count = 4;
  const lightFromLeft = sun.x < w / 2;
  for (let i = 0; i < count; i++) {
    const depth = 1 - i / (count - 1);
    const base = from + (h - from) * (i / count) ** 0.9 * 0.85;
    const amp = (h - from) * (0.14 + 0.22 * (1 - depth)) * rand.range(0.8, 1.2);
    const crestX = rand.range(0.2, 0.8) * w;
    const crestY = base - amp;
    const leftY = base - amp * rand.range(0.1, 0.45);
    const rightY = base - amp * rand.range(0.1, 0.45);
    const crest: Pt[] = [
      [-w * 0.08, leftY],
      [crestX - (crestX + w * 0.08) * 0.55, crestY + (leftY - crestY) * 0.45],
      [crestX, crestY, 1],
      [crestX + (w * 1.08 - crestX) * 0.45, crestY + (rightY - crestY) * 0.5],
      [w * 1.08, rightY],
    ];
    const top = smoothPath(crest, false);
    const outline = `${top}L${n(w * 1.08)} ${n(h + 4)}L${n(-w * 0.08)} ${n(h + 4)}Z`;
    const colour = atDistance(pal, mix(pal.land, lighten(pal.land, 0.1), i / count), depth * 0.55);
    const fill = look.flat
      ? colour
      : layer.linear(
          [
            [0, lighten(colour, 0.16)],
            [0.6, colour],
            [1, darken(colour, 0.1)],
          ],
          0,
          crestY,
          0,
          base + amp,
        );
    // The slip face: from the crest, sweeping down on the side away from the sun.
    const away = lightFromLeft ? 1 : -1;
    const edgeX = away > 0 ? w * 1.08 : -w * 0.08;
    const edgeY = away > 0 ? rightY : leftY;
    const slip: Pt[] = [
      [crestX, crestY, 1],
      [crestX + away * (w * 0.08 + amp * 0.3), crestY + amp * 0.55],
      [crestX + away * w * 0.22, base + amp * 0.5],
      [edgeX, base + amp * 0.7],
      [edgeX, edgeY, 1],
      [crestX + away * Math.abs(edgeX - crestX) * 0.45, crestY + (edgeY - crestY) * 0.5],
    ];
    const shade = darken(mix(colour, pal.cloudShade, 0.4), 0.28);
    const clip = layer.clip(`<path d="${outline}"/>`);
    let ripples = '';
    if (!look.flat && i >= count - 2) {
      for (let r = 0; r < 18; r++) {
        const y = crestY + amp * 0.6 + (h - crestY) * (r / 18) + rand.range(-6, 6) * u;
        const wav = rand.range(6, 14) * u;
        ripples += `<path d="M${n(-20)} ${n(y)}q${n(w * 0.15)} ${n(-wav)} ${n(w * 0.3)} 0t${n(w * 0.3)} 0t${n(w * 0.3)} 0t${n(w * 0.3)} 0" fill="none" stroke="${darken(colour, 0.22)}" stroke-opacity="0.22" stroke-width="${n(2.2 * u)}"/>`;
      }
    }
    layer.add(outlined(ctx, layer, `<path d="${outline}" fill="${fill}"/>`, 0.6));
    layer.add(
      `<g clip-path="${clip}">${ripples}<path d="${smoothPath(slip)}" fill="${shade}" fill-opacity="${look.flat ? 0.55 : 0.5}"/></g>`,
    );
    // A bright line along the lit crest.
    if (!look.flat)
      layer.add(
        `<path d="${smoothPath(crest.slice(lightFromLeft ? 0 : 2, lightFromLeft ? 3 : 5), false)}" fill="none" stroke="${lighten(colour, 0.35)}" stroke-opacity="0.5" stroke-width="${n(2.5 * u)}"/>`,
      );
  }
}

/** Water below the horizon: tint over the mirrored sky, ripples, and the sun's glitter path. */
export function drawWaterSurface(ctx: Ctx, layer: Layer, street = false): void {
  const { w, h, horizon, rand, pal, scene, look, sun, u } = ctx;
  tally(ctx, 'water');
  const ocean = scene.water === 'ocean';
  const tint = street
    ? layer.linear(
        [
          [0, '#0a0814', 0.45],
          [1, '#05040a', 0.8],
        ],
        0,
        horizon,
        0,
        h,
      )
    : layer.linear(
        [
          [0, pal.water, ocean ? 0.35 : 0.15],
          [1, pal.waterDeep, ocean ? 0.8 : 0.55],
        ],
        0,
        horizon,
        0,
        h,
      );
  layer.add(`<rect x="0" y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="${tint}"/>`);
  const depth = h - horizon;
  // Ripples: thin light and dark lines, wider and further apart towards the viewer.
  let ripples = '';
  const rows = street ? 30 : ocean ? 90 : 60;
  for (let i = 0; i < rows; i++) {
    const t = rand() ** 1.6;
    const y = horizon + t * depth;
    const len = (10 + t * 160) * u * rand.range(0.5, 1.5);
    const x = rand() * w;
    const light = rand() < 0.5;
    ripples += `<rect x="${n(x - len / 2)}" y="${n(y)}" width="${n(len)}" height="${n(Math.max(0.8, t * 3.2) * u)}" rx="${n(t * 1.5 * u)}" fill="${light ? lighten(pal.water, 0.45) : pal.waterDeep}" fill-opacity="${(light ? 0.18 : 0.3).toFixed(2)}"/>`;
  }
  layer.add(ripples);
  if (ocean) {
    // Wave crests in perspective.
    let waves = '';
    const foam = look.flat ? '#ffffff' : lighten(pal.water, 0.55);
    for (let i = 0; i < 16; i++) {
      const t = ((i + 1) / 16) ** 1.7;
      const y = horizon + t * depth;
      const amp = (2 + t * 10) * u;
      const wl = (40 + t * 220) * u;
      const off = rand() * wl;
      let d = `M${n(-wl + off)} ${n(y)}`;
      for (let x = -wl + off; x < w + wl; x += wl) d += `q${n(wl / 4)} ${n(-amp)} ${n(wl / 2)} 0t${n(wl / 2)} 0`;
      waves += `<path d="${d}" fill="none" stroke="${foam}" stroke-opacity="${(0.12 + t * 0.25).toFixed(2)}" stroke-width="${n((0.8 + t * 3) * u)}"/>`;
    }
    layer.add(waves);
    layer.add(
      `<rect x="0" y="${n(horizon - 1.5 * u)}" width="${w}" height="${n(2.5 * u)}" fill="${lighten(pal.haze, 0.3)}" fill-opacity="0.5"/>`,
    );
  }
  if (sun.kind !== 'none' && sun.y < horizon) {
    // Glitter path under the sun or moon.
    let glitter = '';
    const colour = sun.kind === 'sun' ? lighten(pal.sun, 0.3) : '#fffbe8';
    for (let i = 0; i < 140; i++) {
      const t = rand() ** 1.3;
      const y = horizon + t * depth;
      const spread = (sun.r * 0.9 + t * w * 0.12) * rand.gauss() * 0.6;
      const len = (4 + t * 50) * u * rand.range(0.4, 1);
      glitter += `<rect x="${n(sun.x + spread - len / 2)}" y="${n(y)}" width="${n(len)}" height="${n((0.8 + t * 2.5) * u)}" fill="${colour}" fill-opacity="${(0.35 + rand() * 0.5 - t * 0.2).toFixed(2)}"/>`;
    }
    layer.add(glitter);
  }
}

/** The strip of land at the viewer's feet: sand for beaches, else grass, snow or rock. */
export function drawForeground(ctx: Ctx, layers: Layers, top: number): void {
  const { w, h, rand, pal, scene, look, u } = ctx;
  const layer = layers.front;
  const ctrl: Pt[] = [];
  for (let k = 0; k <= 4; k++)
    ctrl.push([(k / 4) * w * 1.1 - w * 0.05, top + rand.range(-0.5, 0.5) * (h - top) * 0.35 + (k === 0 || k === 4 ? (h - top) * 0.15 : 0)]);
  const edge = smoothPath(ctrl, false);
  const path = `${edge}L${n(w * 1.05)} ${n(h + 5)}L${n(-w * 0.05)} ${n(h + 5)}Z`;
  if (scene.beach) {
    const sand = scene.time === 'night' ? '#3a3f63' : scene.time === 'sunset' ? '#d58a6a' : '#ecd3a4';
    const fill = look.flat
      ? sand
      : layer.linear(
          [
            [0, darken(sand, 0.18)],
            [0.25, sand],
            [1, lighten(sand, 0.1)],
          ],
          0,
          top,
          0,
          h,
        );
    layer.add(outlined(ctx, layer, `<path d="${path}" fill="${fill}"/>`, 0.8));
    tally(ctx, 'beach');
    // Foam along the waterline.
    const foam = ctrl.map(([x, y]) => [x, y - 4 * u] as Pt);
    layer.add(
      `<path d="${smoothPath(foam, false)}" fill="none" stroke="#ffffff" stroke-opacity="0.75" stroke-width="${n(5 * u)}" stroke-linecap="round"/>`,
    );
    layer.add(
      `<path d="${smoothPath(
        foam.map(([x, y]) => [x, y - 10 * u] as Pt),
        false,
      )}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${n(2.5 * u)}" stroke-dasharray="${n(30 * u)} ${n(18 * u)}"/>`,
    );
    return;
  }
  const ground = scene.snow ? pal.land : scene.time === 'day' ? mix(pal.land, pal.landDark, 0.35) : pal.landDark;
  const fill = look.flat
    ? ground
    : layer.linear(
        [
          [0, lighten(ground, 0.05)],
          [1, darken(ground, 0.3)],
        ],
        0,
        top,
        0,
        h,
      );
  layer.add(outlined(ctx, layer, `<path d="${path}" fill="${fill}"/>`, 0.8));
  if (!scene.snow && !ctx.omit.has('grass')) grass(ctx, layer, ctrl);
}

/** Grass blades along an edge. */
export function grass(ctx: Ctx, layer: Layer, edge: Pt[]): void {
  const { w, rand, pal, u, scene } = ctx;
  const colour = scene.time === 'day' ? darken(pal.foliage, 0.1) : pal.silhouette;
  tally(ctx, 'grass');
  let blades = '';
  for (let i = 0; i < 160; i++) {
    const x = rand() * w;
    const seg = Math.min(edge.length - 2, Math.floor((x / w) * (edge.length - 1)));
    const a = edge[seg]!;
    const b = edge[seg + 1]!;
    const y = a[1] + ((x - a[0]) / (b[0] - a[0] || 1)) * (b[1] - a[1]) + rand.range(0, 8) * u;
    const len = rand.range(8, 26) * u;
    const lean = rand.range(-8, 8) * u;
    blades += `<path d="M${n(x - 2 * u)} ${n(y + 2 * u)}Q${n(x + lean * 0.3)} ${n(y - len * 0.6)} ${n(x + lean)} ${n(y - len)}Q${n(x + lean * 0.2)} ${n(y - len * 0.5)} ${n(x + 2 * u)} ${n(y + 2 * u)}Z"/>`;
  }
  layer.add(`<g fill="${colour}">${blades}</g>`);
}
