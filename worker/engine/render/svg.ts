/** Small SVG-building helpers: number formatting, smooth paths, and a layer that collects defs. */
export type Pt = [number, number] | [number, number, 1];

export const n = (v: number) => (Math.round(v * 10) / 10).toString();

export function points(pts: readonly Pt[]): string {
  return pts.map((p) => `${n(p[0])},${n(p[1])}`).join(' ');
}

/**
 * A Catmull-Rom spline through the points as cubic Béziers. A point with a third element 1 is a
 * corner (ears, crests): its tangent is zero so the curve meets it sharply.
 */
export function smoothPath(pts: readonly Pt[], closed = true, tension = 1): string {
  const count = pts.length;
  if (count < 2) return '';
  const at = (i: number): Pt => (closed ? pts[(i + count) % count]! : pts[Math.max(0, Math.min(count - 1, i))]!);
  let d = `M${n(pts[0]![0])} ${n(pts[0]![1])}`;
  const segments = closed ? count : count - 1;
  for (let i = 0; i < segments; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const k1 = p1[2] ? 0 : tension / 6;
    const k2 = p2[2] ? 0 : tension / 6;
    const c1x = p1[0] + (p2[0] - p0[0]) * k1;
    const c1y = p1[1] + (p2[1] - p0[1]) * k1;
    const c2x = p2[0] - (p3[0] - p1[0]) * k2;
    const c2y = p2[1] - (p3[1] - p1[1]) * k2;
    d += `C${n(c1x)} ${n(c1y)} ${n(c2x)} ${n(c2y)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/** Maps shape points designed in a unit box (origin at the feet) to the canvas. */
export function place(pts: readonly Pt[], x: number, y: number, scale: number, flip = false): Pt[] {
  return pts.map((p) => {
    const q: Pt = [x + (flip ? -p[0] : p[0]) * scale, y + p[1] * scale];
    if (p[2]) q.push(1);
    return q;
  });
}

export type Stop = [offset: number, color: string, opacity?: number];

const stopsSvg = (stops: readonly Stop[]) =>
  stops
    .map(([o, c, a]) => `<stop offset="${n(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${+a.toFixed(3)}"`}/>`)
    .join('');

/**
 * One rasterised layer: a body of SVG plus its defs. Ids are unique across layers so that fragments
 * can move between them.
 */
export class Layer {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private styles = '';

  constructor(
    readonly w: number,
    readonly h: number,
    private readonly ids: { next: number },
  ) {}

  id(prefix: string): string {
    return `${prefix}${this.ids.next++}`;
  }

  add(svg: string): this {
    if (svg) this.body.push(svg);
    return this;
  }

  get empty(): boolean {
    return this.body.length === 0;
  }

  css(rule: string): void {
    if (!this.styles.includes(rule)) this.styles += rule;
  }

  /** A linear gradient in canvas coordinates (or the shape's own box); returns the fill value. */
  linear(stops: readonly Stop[], x1: number, y1: number, x2: number, y2: number, boundingBox = false): string {
    const id = this.id('g');
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="${boundingBox ? 'objectBoundingBox' : 'userSpaceOnUse'}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stopsSvg(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A radial gradient in canvas coordinates (optional focal point); returns the fill value. */
  radial(stops: readonly Stop[], cx: number, cy: number, r: number, fx = cx, fy = cy): string {
    const id = this.id('r');
    this.defs.push(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fx="${n(fx)}" fy="${n(fy)}">${stopsSvg(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A clip path from SVG shapes; returns the clip-path value. */
  clip(shapes: string): string {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}">${shapes}</clipPath>`);
    return `url(#${id})`;
  }

  /** The layer as an SVG document, optionally rasterised at a smaller size (same viewBox). */
  toSvg(outW = this.w, outH = this.h): string {
    const style = this.styles ? `<style>${this.styles}</style>` : '';
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="0 0 ${this.w} ${this.h}" preserveAspectRatio="none"><defs>${style}${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}
