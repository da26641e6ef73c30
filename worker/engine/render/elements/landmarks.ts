import { darken, lighten, mix } from '../color';
import { outlined, type Ctx, type Layers } from '../context';
import { n, points } from '../svg';
import type { Layer } from '../svg';

/** Buildings and boats named in the prompt, `size` px tall, standing on `ground` at x. */
export function drawLandmark(ctx: Ctx, layer: Layer, x: number, ground: number, size: number): void {
  const { scene, pal } = ctx;
  const body = scene.time === 'day' ? '#e9e1d3' : scene.time === 'night' ? '#1b2140' : '#3a2540';
  const s = size / 100;
  const spot: Spot = {
    ctx,
    layer,
    x,
    ground,
    size,
    s,
    night: scene.time !== 'day',
    body,
    roof: scene.time === 'day' ? '#a8473d' : darken(body, 0.35),
    glow: pal.windowLit,
    r: (v: number) => n(v * s),
    atX: (v: number) => n(x + v * s),
    atY: (v: number) => n(ground + v * s),
  };
  switch (scene.landmark) {
    case 'cabin':
      drawCabin(spot);
      return;
    case 'lighthouse':
      drawLighthouse(spot);
      return;
    case 'castle':
      drawCastle(spot);
      return;
    case 'pagoda':
      drawPagoda(spot);
      return;
    case 'boat':
      drawBoat(spot);
      return;
    default:
  }
}

/** Where and how a landmark is drawn, shared by the drawings of each kind. */
interface Spot {
  ctx: Ctx;
  layer: Layer;
  /** Centre x and ground y in the scene, and the height in px; `s` is px per landmark unit (size / 100). */
  x: number;
  ground: number;
  size: number;
  s: number;
  night: boolean;
  /** Wall and roof colours for the time of day, and the colour of lit windows. */
  body: string;
  roof: string;
  glow: string;
  /** A length in landmark units as px. */
  r: (v: number) => string;
  /** Scene coordinates of a point given in the landmark's own units (x from its centre, y from the ground). */
  atX: (v: number) => string;
  atY: (v: number) => string;
}

/** A log cabin with a chimney and two windows, lit at night. */
function drawCabin(spot: Spot): void {
  const { ctx, layer, r, atX, atY, night, body, roof, glow } = spot;
  const shape = `<rect x="${atX(-40)}" y="${atY(-45)}" width="${r(80)}" height="${r(45)}"/><polygon points="${atX(-50)},${atY(-43)} ${atX(0)},${atY(-85)} ${atX(50)},${atY(-43)}"/><rect x="${atX(22)}" y="${atY(-88)}" width="${r(10)}" height="${r(25)}"/>`;
  layer.add(outlined(ctx, layer, `<g fill="${body}">${shape}</g>`, 0.8));
  layer.add(`<polygon points="${atX(-50)},${atY(-43)} ${atX(0)},${atY(-85)} ${atX(50)},${atY(-43)}" fill="${roof}"/>`);
  layer.add(
    `<rect x="${atX(-26)}" y="${atY(-32)}" width="${r(16)}" height="${r(14)}" fill="${night ? glow : '#7fa6c9'}"/><rect x="${atX(8)}" y="${atY(-32)}" width="${r(16)}" height="${r(14)}" fill="${night ? glow : '#7fa6c9'}"/><rect x="${atX(-6)}" y="${atY(-28)}" width="${r(12)}" height="${r(28)}" fill="${darken(body, 0.4)}"/>`,
  );
}

/** A striped lighthouse; at night its lamp casts a beam to one side. */
function drawLighthouse(spot: Spot): void {
  const { ctx, layer, x, size, r, atX, atY, night, body } = spot;
  const { scene, rand } = spot.ctx;
  const tower = `<polygon points="${atX(-14)},${atY(0)} ${atX(-9)},${atY(-78)} ${atX(9)},${atY(-78)} ${atX(14)},${atY(0)}"/><rect x="${atX(-12)}" y="${atY(-84)}" width="${r(24)}" height="${r(6)}"/><rect x="${atX(-7)}" y="${atY(-96)}" width="${r(14)}" height="${r(12)}"/><polygon points="${atX(-9)},${atY(-96)} ${atX(0)},${atY(-106)} ${atX(9)},${atY(-96)}"/>`;
  const white = scene.time === 'day' ? '#f4f1ea' : lighten(body, 0.15);
  layer.add(outlined(ctx, layer, `<g fill="${white}">${tower}</g>`, 0.8));
  const stripe = scene.time === 'day' ? '#c8323c' : darken('#c8323c', 0.55);
  layer.add(
    `<polygon points="${atX(-12.2)},${atY(-30)} ${atX(-11.2)},${atY(-46)} ${atX(11.2)},${atY(-46)} ${atX(12.2)},${atY(-30)}" fill="${stripe}"/><polygon points="${atX(-10.4)},${atY(-60)} ${atX(-9.6)},${atY(-72)} ${atX(9.6)},${atY(-72)} ${atX(10.4)},${atY(-60)}" fill="${stripe}"/>`,
  );
  layer.add(`<rect x="${atX(-5)}" y="${atY(-94)}" width="${r(10)}" height="${r(8)}" fill="#fff3b0"/>`);
  if (night) {
    const beam = layer.linear(
      [
        [0, '#fff6c8', 0.55],
        [1, '#fff6c8', 0],
      ],
      x,
      0,
      x + (rand() < 0.5 ? -1 : 1) * size * 4,
      0,
    );
    const dir = rand() < 0.5 ? -1 : 1;
    layer.add(`<polygon points="${atX(0)},${atY(-90)} ${atX(dir * 420)},${atY(-130)} ${atX(dir * 420)},${atY(-50)}" fill="${beam}"/>`);
  }
}

/** A castle: a wall with battlements, four roofed towers, windows and a gate. */
function drawCastle(spot: Spot): void {
  const { ctx, layer, r, atX, atY, night, body, glow } = spot;
  const { scene } = spot.ctx;
  const tone = scene.time === 'day' ? '#cfc6d8' : body;
  const tower = (cx: number, w: number, h: number) =>
    `<rect x="${atX(cx - w / 2)}" y="${atY(-h)}" width="${r(w)}" height="${r(h)}"/><polygon points="${atX(cx - w / 2 - 3)},${atY(-h)} ${atX(cx)},${atY(-h - w * 1.4)} ${atX(cx + w / 2 + 3)},${atY(-h)}"/>`;
  const walls = `<rect x="${atX(-60)}" y="${atY(-38)}" width="${r(120)}" height="${r(38)}"/>${[-60, -44, -28, 16, 32, 48].map((cx) => `<rect x="${atX(cx)}" y="${atY(-44)}" width="${r(8)}" height="${r(7)}"/>`).join('')}`;
  const shape = walls + tower(-52, 18, 62) + tower(52, 18, 62) + tower(-18, 16, 80) + tower(20, 22, 100);
  layer.add(outlined(ctx, layer, `<g fill="${tone}">${shape}</g>`, 0.8));
  const roofs = [
    [-52, 18, 62],
    [52, 18, 62],
    [-18, 16, 80],
    [20, 22, 100],
  ]
    .map(
      ([cx, w, h]) =>
        `<polygon points="${atX(cx! - w! / 2 - 3)},${atY(-h!)} ${atX(cx!)},${atY(-h! - w! * 1.4)} ${atX(cx! + w! / 2 + 3)},${atY(-h!)}"/>`,
    )
    .join('');
  layer.add(`<g fill="${scene.time === 'day' ? '#5a4a9a' : darken(tone, 0.3)}">${roofs}</g>`);
  let windows = '';
  for (const [wx, wy] of [
    [-52, -45],
    [52, -45],
    [-18, -60],
    [20, -80],
    [20, -55],
    [-18, -35],
  ] as const)
    windows += `<rect x="${atX(wx - 2.5)}" y="${atY(wy)}" width="${r(5)}" height="${r(8)}" rx="${r(2.5)}"/>`;
  layer.add(
    `<g fill="${night ? glow : '#4a4266'}">${windows}</g><rect x="${atX(-8)}" y="${atY(-20)}" width="${r(16)}" height="${r(20)}" rx="${r(8)}" fill="${darken(tone, 0.5)}"/>`,
  );
}

/** A five-tier pagoda with curved roofs and a spire; lamps on each tier at night. */
function drawPagoda(spot: Spot): void {
  const { ctx, layer, r, atX, atY, night, body, glow } = spot;
  const { scene } = spot.ctx;
  const tone = scene.time === 'day' ? '#b8332e' : mix('#b8332e', body, 0.6);
  const roofTone = scene.time === 'day' ? '#2f2a36' : darken(body, 0.3);
  let shape = '';
  let roofs = '';
  const tiers = 5;
  for (let i = 0; i < tiers; i++) {
    const y0 = -i * 17;
    const w = 40 - i * 5;
    shape += `<rect x="${atX(-w / 2)}" y="${atY(y0 - 14)}" width="${r(w)}" height="${r(14)}"/>`;
    roofs += `<path d="M${atX(-w / 2 - 14)} ${atY(y0 - 12)}Q${atX(-w / 2)} ${atY(y0 - 14)} ${atX(-w / 2 + 4)} ${atY(y0 - 19)}L${atX(w / 2 - 4)} ${atY(y0 - 19)}Q${atX(w / 2)} ${atY(y0 - 14)} ${atX(w / 2 + 14)} ${atY(y0 - 12)}L${atX(w / 2 + 2)} ${atY(y0 - 14)}L${atX(-w / 2 - 2)} ${atY(y0 - 14)}Z"/>`;
  }
  const spire = `<rect x="${atX(-1.5)}" y="${atY(-112)}" width="${r(3)}" height="${r(26)}"/>`;
  layer.add(outlined(ctx, layer, `<g fill="${tone}">${shape}</g><g fill="${roofTone}">${roofs}${spire}</g>`, 0.7));
  if (night) {
    let lamps = '';
    for (let i = 0; i < tiers; i++) lamps += `<rect x="${atX(-4)}" y="${atY(-i * 17 - 10)}" width="${r(8)}" height="${r(6)}"/>`;
    layer.add(`<g fill="${glow}">${lamps}</g>`);
  }
}

/** A sailing boat: hull, mast and two sails. */
function drawBoat(spot: Spot): void {
  const { ctx, layer, x, ground, s, r, atX, atY, body } = spot;
  const { scene } = spot.ctx;
  const hull = `<path d="M${atX(-45)} ${atY(-12)}L${atX(45)} ${atY(-12)}Q${atX(38)} ${atY(2)} ${atX(25)} ${atY(4)}L${atX(-30)} ${atY(4)}Q${atX(-40)} ${atY(0)} ${atX(-45)} ${atY(-12)}Z"/>`;
  const sails = `<polygon points="${points([
    [x + 2 * s, ground - 16 * s],
    [x + 2 * s, ground - 95 * s],
    [x + 38 * s, ground - 18 * s],
  ])}"/><polygon points="${points([
    [x - 3 * s, ground - 20 * s],
    [x - 3 * s, ground - 80 * s],
    [x - 32 * s, ground - 20 * s],
  ])}"/>`;
  const sailTone = scene.time === 'day' ? '#f7f4ec' : scene.time === 'sunset' ? '#f0b89a' : '#4a5688';
  layer.add(
    outlined(
      ctx,
      layer,
      `<g fill="${darken(body, 0.5)}">${hull}</g><g fill="${sailTone}">${sails}</g><rect x="${atX(-1)}" y="${atY(-98)}" width="${r(2.5)}" height="${r(86)}" fill="${darken(body, 0.5)}"/>`,
      0.7,
    ),
  );
}

/** Sky lanterns drifting upward, brighter and bigger nearer the viewer. */
export function drawLanterns(ctx: Ctx, { land: layer, glow }: Layers): void {
  const { w, horizon, rand, u } = ctx;
  const count = Math.round((w / 1000) * 40);
  let out = '';
  for (let i = 0; i < count; i++) {
    const t = rand() ** 2;
    const x = rand() * w;
    const y = horizon * (0.15 + rand() * 0.8);
    const s = (6 + t * 22) * u;
    const body = `M${n(x - s * 0.5)} ${n(y - s)}L${n(x + s * 0.5)} ${n(y - s)}L${n(x + s * 0.38)} ${n(y + s * 0.2)}Q${n(x)} ${n(y + s * 0.45)} ${n(x - s * 0.38)} ${n(y + s * 0.2)}Z`;
    out += `<path d="${body}" fill="${rand.pick(['#ffb347', '#ff9838', '#ffc266'])}"/><ellipse cx="${n(x)}" cy="${n(y + s * 0.1)}" rx="${n(s * 0.25)}" ry="${n(s * 0.2)}" fill="#fff5cc"/>`;
    glow.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 2.2)}" fill="#ff9a3c" fill-opacity="0.5"/>`);
  }
  layer.add(out);
}
