import { lighten } from '../color';
import type { Ctx } from '../context';
import { n } from '../svg';
import type { Layer } from '../svg';
import { sparkle } from './sky';

export function drawRain(ctx: Ctx, layer: Layer): void {
  const { w, h, rand, u, look } = ctx;
  const count = Math.round(((w * h) / 1e6) * 420);
  const slant = rand.range(-0.25, 0.1);
  let drops = '';
  for (let i = 0; i < count; i++) {
    const x = rand() * w;
    const y = rand() * h;
    const len = rand.range(18, 48) * u;
    drops += `<path d="M${n(x)} ${n(y)}l${n(len * slant)} ${n(len)}"/>`;
  }
  layer.add(
    `<g stroke="#dfe7f5" stroke-opacity="${look.flat ? 0.7 : 0.32}" stroke-width="${n((look.flat ? 2.2 : 1.3) * u)}" stroke-linecap="round">${drops}</g>`,
  );
}

export function drawSnowfall(ctx: Ctx, layer: Layer): void {
  const { w, h, rand, u } = ctx;
  const count = Math.round(((w * h) / 1e6) * 380);
  let flakes = '';
  for (let i = 0; i < count; i++) {
    const r = (0.8 + rand() ** 3 * 4.5) * u;
    flakes += `<circle cx="${n(rand() * w)}" cy="${n(rand() * h)}" r="${n(r)}" fill-opacity="${(0.45 + rand() * 0.5).toFixed(2)}"/>`;
  }
  layer.add(`<g fill="#ffffff">${flakes}</g>`);
}

/** Mist: a thick bank over the horizon thinning upwards, and drifting bands lower down. */
export function drawFog(ctx: Ctx, layer: Layer): void {
  const { w, h, horizon, pal, rand } = ctx;
  const colour = lighten(pal.haze, 0.3);
  const bank = h * 0.22;
  const fill = layer.linear(
    [
      [0, colour, 0],
      [0.6, colour, 0.35],
      [1, colour, 0.55],
    ],
    0,
    horizon - bank,
    0,
    horizon + 2,
  );
  layer.add(`<rect x="0" y="${n(horizon - bank)}" width="${w}" height="${n(bank + 2)}" fill="${fill}"/>`);
  for (let i = 0; i < 3; i++) {
    const y = horizon - h * 0.08 + i * (h - horizon) * 0.3 + rand.range(-0.02, 0.02) * h;
    const band = h * (0.12 - i * 0.02);
    const fillBand = layer.linear(
      [
        [0, colour, 0],
        [0.5, colour, 0.3 - i * 0.06],
        [1, colour, 0],
      ],
      0,
      y - band / 2,
      0,
      y + band / 2,
    );
    layer.add(`<rect x="0" y="${n(y - band / 2)}" width="${w}" height="${n(band)}" fill="${fillBand}"/>`);
  }
}

export function drawFireflies(ctx: Ctx, layer: Layer): void {
  const { w, h, horizon, rand, u } = ctx;
  let dots = '';
  for (let i = 0; i < Math.round((w / 1000) * 60); i++) {
    const x = rand() * w;
    const y = horizon * 0.7 + rand() * (h - horizon * 0.7);
    dots += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rand.range(3, 7) * u)}" fill="#fff1a8" fill-opacity="0.25"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(rand.range(1.2, 2.4) * u)}" fill="#fffbe0"/>`;
  }
  for (let i = 0; i < 6; i++) dots += sparkle(rand() * w, rand() * h, rand.range(6, 14) * u, '#fff6c8', 0.8);
  layer.add(dots);
}

/** Falling blossom petals. */
export function drawPetals(ctx: Ctx, layer: Layer): void {
  const { w, h, rand, u } = ctx;
  let petals = '';
  for (let i = 0; i < Math.round((w / 1000) * 70); i++) {
    const x = rand() * w;
    const y = rand() * h;
    const s = rand.range(3, 8) * u;
    petals += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(s)}" ry="${n(s * 0.55)}" transform="rotate(${n(rand() * 180)} ${n(x)} ${n(y)})"/>`;
  }
  layer.add(`<g fill="#ffc1d6" fill-opacity="0.9">${petals}</g>`);
}
