/**
 * Drawn hair for the illustrated avatar: a silhouette filled with strands that follow the head.
 *
 * Strands are streamlines of a flow field (as in hair-modelling from orientation fields, Paris et
 * al., "Capture of Hair Geometry from Multiple Images", SIGGRAPH 2004, and the streamline drawing of
 * Jobard & Lefer 1997): over the skull they fan out from the parting, below the ears they fall with
 * gravity; waves and curls turn the direction along the strand. Each strand is stroked dark at its
 * root and lighter at its tip; strands crossing the band where a glossy cylinder of hair catches the
 * light (the anisotropic highlight of Kajiya & Kay, SIGGRAPH 1989) are drawn light. A soft shading
 * over the whole silhouette (lit from the upper left, as the face) rounds it.
 * Everything is in face-frame units (origin between the eyes, one unit = the eye distance, y down).
 */
import { prng } from './geometry';

export interface HairFlow {
  /** Where the strands start from: the parting on top of the head. */
  part: [number, number];
  /** y below which the hair falls straight down (the ears' level for long hair). */
  fall: number;
  /** Sideways waves along a strand (0: straight) and their wavelength in units. */
  wave: number;
  wavelength: number;
  /** Tight curls: turns per unit of length (0: none). */
  curl: number;
  /** Strand length range, units. */
  length: [number, number];
  /** Strands per square unit of the box. */
  density: number;
  /** The box the strands are seeded in (the silhouette clips them). */
  box: { x0: number; y0: number; x1: number; y1: number };
}

const f3 = (v: number) => v.toFixed(3);

/** Mixes two #rrggbb colours. */
export function mixHex(a: string, b: string, t: number): string {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  const ch = (s: number) => Math.round(((pa >> s) & 255) * (1 - t) + ((pb >> s) & 255) * t);
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, '0')}`;
}

/** The flow's direction at a point: away from the parting over the skull, down below `fall`. */
function direction(flow: HairFlow, x: number, y: number): [number, number] {
  const dx = x - flow.part[0];
  const dy = y - flow.part[1];
  const r = Math.hypot(dx, dy) || 1;
  // 0 on the crown, 1 at the fall line and below: the strands bend from fanning out to hanging.
  const g = Math.min(1, Math.max(0, (y - flow.part[1]) / Math.max(0.2, flow.fall - flow.part[1]))) ** 1.5;
  const vx = (dx / r) * (1 - g) + Math.sign(dx) * 0.12 * g;
  const vy = (dy / r) * (1 - g) + g;
  const len = Math.hypot(vx, vy) || 1;
  return [vx / len, vy / len];
}

/** One streamline from a seed, root first: traced back towards the parting, then on towards the tip. */
function trace(flow: HairFlow, x: number, y: number, length: number, phase: number): [number, number][] {
  const step = 0.03;
  const steps = Math.max(3, Math.round(length / step));
  const back = Math.round(steps * 0.4);
  const walk = (sign: number, count: number) => {
    const out: [number, number][] = [];
    let px = x;
    let py = y;
    for (let i = 1; i <= count; i++) {
      const s = sign * i * step;
      let [ux, uy] = direction(flow, px, py);
      // Waves and curls turn the direction by an angle that changes along the strand.
      const turn =
        (flow.wave ? flow.wave * Math.sin((s / flow.wavelength) * 2 * Math.PI + phase) : 0) +
        (flow.curl ? s * flow.curl * 2 * Math.PI + phase : 0);
      if (turn) [ux, uy] = [ux * Math.cos(turn) - uy * Math.sin(turn), ux * Math.sin(turn) + uy * Math.cos(turn)];
      px += sign * ux * step;
      py += sign * uy * step;
      out.push([px, py]);
    }
    return out;
  };
  return [...walk(-1, back).reverse(), [x, y], ...walk(1, steps - back)];
}

const pathOf = (points: [number, number][]) => `M ${points.map(([x, y]) => `${f3(x)} ${f3(y)}`).join(' L ')}`;

/**
 * The strands and shading of one hair silhouette (`shape`, a path in frame units), clipped to it.
 * `id` names its clip path and gradient (unique within the drawing); `edge` outlines the silhouette
 * (not for one made of many overlapping parts, whose inner outlines would show); `fillRule` evenodd
 * lets a silhouette have holes (a beard round the mouth).
 */
export function hairStrands(
  shape: string,
  id: string,
  colour: string,
  flow: HairFlow,
  seed: number,
  edge = true,
  fillRule: 'nonzero' | 'evenodd' = 'nonzero',
): string {
  const random = prng(seed);
  const root = mixHex(colour, '#000000', 0.5);
  const shadow = mixHex(colour, '#000000', 0.32);
  const body = mixHex(colour, '#ffffff', 0.12);
  const shine = mixHex(colour, '#ffffff', 0.5);
  const { x0, y0, x1, y1 } = flow.box;
  const count = Math.round((x1 - x0) * (y1 - y0) * flow.density);
  const roots: string[] = [];
  const shadows: string[] = [];
  const bodies: string[] = [];
  const shines: string[] = [];
  // The highlight band: a ring around the parting, brighter on the lit (upper-left) side.
  const band = 0.45 + (flow.fall - flow.part[1]) * 0.18;
  for (let i = 0; i < count; i++) {
    const x = x0 + random() * (x1 - x0);
    const y = y0 + random() * (y1 - y0);
    const length = flow.length[0] + random() * (flow.length[1] - flow.length[0]);
    const points = trace(flow, x, y, length, random() * Math.PI * 2);
    const cut = Math.max(2, Math.round(points.length * 0.35));
    roots.push(pathOf(points.slice(0, cut)));
    const tip = pathOf(points.slice(cut - 1));
    const d = Math.hypot(x - flow.part[0], y - flow.part[1]);
    // Curls catch the light in short glints, not in a band.
    const lit = flow.curl
      ? x - flow.part[0] < 0.3 && y < flow.part[1] + 0.9 && random() < 0.18
      : Math.abs(d - band) < 0.16 && x < flow.part[0] + 0.6 && random() < 0.8;
    if (lit) shines.push(tip);
    else if (random() < 0.45) shadows.push(tip);
    else bodies.push(tip);
  }
  const stroke = (paths: string[], colourOf: string, width: number, opacity: number) =>
    paths.length
      ? `<path d="${paths.join(' ')}" stroke="${colourOf}" stroke-width="${width}" stroke-opacity="${opacity}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`
      : '';
  return `<defs><clipPath id="${id}-clip"><path d="${shape}" clip-rule="${fillRule}"/></clipPath>
      <radialGradient id="${id}-shade" gradientUnits="objectBoundingBox" cx="0.38" cy="0.2" r="0.95">
        <stop offset="0" stop-color="#ffffff" stop-opacity="0.16"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/>
        <stop offset="0.8" stop-color="#000000" stop-opacity="0.18"/><stop offset="1" stop-color="#000000" stop-opacity="0.42"/>
      </radialGradient></defs>
    <path d="${shape}" fill="${mixHex(colour, '#000000', 0.12)}" fill-rule="${fillRule}"/>
    <g clip-path="url(#${id}-clip)">
      ${stroke(shadows, shadow, 0.03, 0.7)}${stroke(bodies, body, 0.024, 0.6)}${stroke(roots, root, 0.026, 0.55)}${stroke(shines, shine, 0.018, flow.curl ? 0.45 : 0.75)}
      <path d="${shape}" fill="url(#${id}-shade)" fill-rule="${fillRule}"/>
    </g>
    ${edge ? `<path d="${shape}" fill="none" stroke="${root}" stroke-width="0.018" stroke-opacity="0.5"/>` : ''}`;
}
