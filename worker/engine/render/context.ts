import type { Omittable } from './parts';
import type { Palette } from './palette';
import type { Rng } from './prng';
import type { Scene } from './scene';
import type { Layer } from './svg';

export type RenderStyle = 'realistic' | 'artistic' | 'anime' | 'cartoon' | 'abstract';

/** How a style draws shapes: outlines, flat or graded fills, soft or crisp clouds. */
export interface Look {
  style: RenderStyle;
  /** Outline width in px (0: none). */
  outline: number;
  ink: string;
  /** Flat fills instead of gradients (cartoon). */
  flat: boolean;
  /** Two-tone cel shading on forms (anime, cartoon). */
  cel: boolean;
  /** Clouds and glows drawn soft (blurred layer) rather than as crisp shapes. */
  soft: boolean;
}

export interface Sun {
  kind: 'sun' | 'moon' | 'none';
  x: number;
  y: number;
  r: number;
}

/** Everything an element needs to draw itself. */
export interface Ctx {
  w: number;
  h: number;
  /** One unit = a thousandth of the shorter side: sizes stay proportional across canvas sizes. */
  u: number;
  rand: Rng;
  scene: Scene;
  pal: Palette;
  look: Look;
  horizon: number;
  sun: Sun;
  /** Where the Milky Way crosses the sky, shared by its stars and its glow. */
  galaxy?: { x0: number; x1: number };
  /** What the negative prompt leaves out (negative.ts): elements check it before they draw. */
  omit: ReadonlySet<Omittable>;
  /** What was drawn, by part, with how many (trees, clouds…): the plan says what is in the picture. */
  drawn: Partial<Record<Omittable, number>>;
}

/** Notes that the picture has `count` more of a part. */
export function tally(ctx: Pick<Ctx, 'drawn'>, part: Omittable, count = 1): void {
  if (count > 0) ctx.drawn[part] = (ctx.drawn[part] ?? 0) + count;
}

export interface Layers {
  /** Opaque: sky, sun or moon, stars, crisp clouds, planets. */
  sky: Layer;
  /** Rendered at low resolution and blurred: soft clouds, nebulae, aurora, glows. Composited over the sky. */
  soft: Layer;
  /** What stands on the horizon and is mirrored by water: mountains, skylines, shore trees. */
  land: Layer;
  /** Rendered small, blurred and screen-blended over the land: neon, lit windows, lanterns. */
  glow: Layer;
  /** Not mirrored: the water surface, foreground, subject, weather. */
  front: Layer;
}

/** The ink silhouette drawn under shapes so that anime and cartoon get one outline around a group. */
export function outlineOnly(ctx: Ctx, layer: Layer, shapes: string, widthScale = 1): string {
  if (!ctx.look.outline || !shapes) return '';
  const cls = `ol${Math.round(widthScale * 10)}`;
  layer.css(
    `.${cls} *{fill:${ctx.look.ink};fill-opacity:1;stroke:${ctx.look.ink};stroke-opacity:1;stroke-width:${(ctx.look.outline * 2 * widthScale).toFixed(1)}px;stroke-linejoin:round;stroke-linecap:round}`,
  );
  return `<g class="${cls}">${shapes}</g>`;
}

export function outlined(ctx: Ctx, layer: Layer, shapes: string, widthScale = 1): string {
  return outlineOnly(ctx, layer, shapes, widthScale) + shapes;
}
