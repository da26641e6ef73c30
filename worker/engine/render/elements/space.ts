import { darken, lighten, mix } from '../color';
import { outlined, type Ctx } from '../context';
import { n } from '../svg';
import type { Layer } from '../svg';

/** A banded planet lit from one side, with a ring passing behind and in front of it. */
export function drawPlanet(ctx: Ctx, layer: Layer, cx: number, cy: number, r: number, ringed: boolean): void {
  const { rand, pal, look, u, sun } = ctx;
  const base = ctx.scene.tint ?? rand.pick(['#b07cf0', '#e59a5c', '#5fb4e6', '#e4c27a']);
  const lightX = sun.kind !== 'none' ? Math.sign(sun.x - cx) || -1 : -1;
  const tilt = rand.range(-24, -10);
  const ringColour = mix(lighten(base, 0.45), '#f6e7c1', 0.5);

  const halo = layer.radial(
    [
      [0, base, 0],
      [0.82, base, 0],
      [0.88, lighten(base, 0.3), 0.45],
      [1, base, 0],
    ],
    cx,
    cy,
    r * 1.15,
  );
  layer.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.15)}" fill="${halo}"/>`);

  const ring = (front: boolean) => {
    let bands = '';
    const widths = [
      [1.45, 0.08, 0.75],
      [1.62, 0.1, 0.55],
      [1.82, 0.06, 0.7],
      [1.98, 0.05, 0.4],
      [2.12, 0.03, 0.3],
    ] as const;
    for (const [k, width, alpha] of widths) {
      bands += `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r * k)}" ry="${n(r * k * 0.24)}" fill="none" stroke="${ringColour}" stroke-width="${n(r * width)}" stroke-opacity="${alpha}"/>`;
    }
    const clip = layer.clip(
      `<rect x="${n(cx - r * 3)}" y="${n(front ? cy : cy - r * 3)}" width="${n(r * 6)}" height="${n(r * 3)}" transform="rotate(${n(tilt)} ${n(cx)} ${n(cy)})"/>`,
    );
    return `<g clip-path="${clip}"><g transform="rotate(${n(tilt)} ${n(cx)} ${n(cy)})">${bands}</g></g>`;
  };
  if (ringed) layer.add(ring(false));

  const sphere = look.flat
    ? base
    : layer.radial(
        [
          [0, lighten(base, 0.45)],
          [0.45, base],
          [0.85, darken(base, 0.55)],
          [1, darken(base, 0.8)],
        ],
        cx,
        cy,
        r * 1.05,
        cx + lightX * r * 0.45,
        cy - r * 0.4,
      );
  const disc = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${sphere}"/>`;
  layer.add(outlined(ctx, layer, disc, 0.8));
  const clip = layer.clip(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/>`);
  let bands = '';
  for (let i = 0; i < 7; i++) {
    const y = cy - r + rand() * r * 2;
    bands += `<ellipse cx="${n(cx)}" cy="${n(y)}" rx="${n(r * 1.2)}" ry="${n(r * rand.range(0.03, 0.09))}" fill="${rand() < 0.5 ? lighten(base, 0.3) : darken(base, 0.3)}" fill-opacity="0.35"/>`;
  }
  // Night side.
  const shadow = look.cel
    ? `<circle cx="${n(cx - lightX * r * 0.45)}" cy="${n(cy + r * 0.3)}" r="${n(r * 1.05)}" fill="${darken(base, 0.6)}" fill-opacity="0.55"/>`
    : '';
  layer.add(`<g clip-path="${clip}"><g transform="rotate(${n(tilt)} ${n(cx)} ${n(cy)})">${bands}</g>${shadow}</g>`);
  if (ringed) layer.add(ring(true));
  void pal;
  void u;
}

/** A curved planet horizon filling the bottom of the frame, with a thin atmosphere. */
export function drawPlanetHorizon(ctx: Ctx, layer: Layer): void {
  const { w, h, pal, look } = ctx;
  const r = w * 1.6;
  const cx = w * 0.5;
  const cy = h * 0.86 + r;
  const base = pal.accents[1] ?? '#4a6cff';
  const fill = look.flat
    ? darken(base, 0.5)
    : layer.radial(
        [
          [0, darken(base, 0.85)],
          [0.97, darken(base, 0.55)],
          [1, lighten(base, 0.2)],
        ],
        cx,
        cy,
        r,
      );
  const atmosphere = layer.radial(
    [
      [0, base, 0],
      [0.985, base, 0],
      [0.995, lighten(base, 0.5), 0.7],
      [1, base, 0],
    ],
    cx,
    cy,
    r * 1.02,
  );
  layer.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.02)}" fill="${atmosphere}"/>`);
  layer.add(outlined(ctx, layer, `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"/>`));
}
