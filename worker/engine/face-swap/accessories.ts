/**
 * Head accessories drawn as vector shapes in the face's frame (geometry.ts): glasses sit on the eye
 * line and scale with the distance between the eyes, hats sit on the crown the person matte
 * measured, earrings hang from the jaw landmarks by the ear lobes. The SVG group carries the
 * frame's transform, so a tilted head tilts its glasses.
 */
import type { PortraitAnalysis } from './analysis';
import { fromHsl, toHsl } from '../render/color';
import { frameTransform, toFrame, type FaceFrame } from './geometry';

/** What an accessory needs to know about the head, in frame units (eyes at u = ±0.5, v = 0). */
export interface HeadAnchors {
  brow: number;
  top: number;
  chin: number;
  /** Half width of the face at the cheeks and of the head with its hair. */
  face: number;
  crown: number;
  /** Ear lobes (frame units), from jaw landmarks 2 and 14. */
  lobes: [[number, number], [number, number]];
}

export function anchorsOf(
  analysis: Pick<PortraitAnalysis, 'frame' | 'browLine' | 'headTop' | 'chin' | 'halfWidth' | 'crownHalfWidth'>,
): HeadAnchors {
  const f = analysis.frame;
  const lobe = (i: number, sign: number): [number, number] => {
    const [u, v] = toFrame(f, f.points[i]![0], f.points[i]![1]);
    return [u + sign * 0.05, v];
  };
  return {
    brow: analysis.browLine,
    top: analysis.headTop,
    chin: analysis.chin,
    face: analysis.halfWidth,
    crown: analysis.crownHalfWidth,
    lobes: [lobe(2, -1), lobe(14, 1)],
  };
}

const n = (v: number) => v.toFixed(3);
/** A soft shadow an accessory casts on the face (blurred, multiplied in by its alpha). */
const shadowFilter = `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="0.05"/></filter>`;

function glasses(kind: 'round' | 'square' | 'sunglasses', a: HeadAnchors): string {
  const temple = (sign: number) => `M ${n(sign * 0.8)} -0.02 L ${n(sign * (a.face + 0.03))} -0.06`;
  const bridge = 'M -0.2 -0.02 Q 0 -0.1 0.2 -0.02';
  if (kind === 'round') {
    const lens = (cx: number) =>
      `<circle cx="${cx}" cy="0.03" r="0.29" fill="#dfe9ff" fill-opacity="0.07"/><path d="M ${n(cx - 0.19)} -0.12 A 0.24 0.24 0 0 1 ${n(cx - 0.02)} -0.21" stroke="#fff" stroke-opacity="0.45" stroke-width="0.025" fill="none"/><circle cx="${cx}" cy="0.03" r="0.29" fill="none"/>`;
    return `<g stroke="#2a201b" stroke-width="0.045" stroke-linecap="round">${lens(-0.5)}${lens(0.5)}<path d="${bridge}" fill="none"/><path d="${temple(-1)} ${temple(1)}" fill="none"/></g>`;
  }
  if (kind === 'square') {
    const lens = (cx: number) =>
      `<rect x="${n(cx - 0.32)}" y="-0.17" width="0.64" height="0.42" rx="0.07" fill="#dfe9ff" fill-opacity="0.07"/><path d="M ${n(cx - 0.22)} -0.1 L ${n(cx - 0.05)} -0.1" stroke="#fff" stroke-opacity="0.4" stroke-width="0.025"/><rect x="${n(cx - 0.32)}" y="-0.17" width="0.64" height="0.42" rx="0.07" fill="none"/><path d="M ${n(cx - 0.33)} -0.16 L ${n(cx + 0.33)} -0.16" stroke-width="0.075"/>`;
    return `<g stroke="#3b2619" stroke-width="0.05" stroke-linecap="round">${lens(-0.5)}${lens(0.5)}<path d="M -0.18 -0.05 Q 0 -0.11 0.18 -0.05" fill="none"/><path d="${temple(-1)} ${temple(1)}" fill="none"/></g>`;
  }
  const lens = (sign: number) => {
    const x = (u: number) => n(sign * u);
    return `<path d="M ${x(0.15)} -0.17 L ${x(0.86)} -0.19 Q ${x(0.87)} 0.12 ${x(0.74)} 0.22 Q ${x(0.48)} 0.33 ${x(0.24)} 0.2 Q ${x(0.15)} 0.08 ${x(0.15)} -0.17 Z"/>`;
  };
  return `<defs><linearGradient id="tint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#101317"/><stop offset="1" stop-color="#3a4250"/></linearGradient></defs>
    <g fill="url(#tint)" fill-opacity="0.93" stroke="#0b0b0c" stroke-width="0.05" stroke-linejoin="round">${lens(-1)}${lens(1)}</g>
    <g stroke="#0b0b0c" stroke-width="0.06" fill="none" stroke-linecap="round"><path d="M -0.16 -0.13 Q 0 -0.19 0.16 -0.13"/><path d="${temple(-1)} ${temple(1)}"/></g>
    <path d="M -0.74 -0.1 L -0.56 -0.12 M 0.26 -0.1 L 0.44 -0.12" stroke="#fff" stroke-opacity="0.35" stroke-width="0.03"/>`;
}

function baseballCap(a: HeadAnchors): string {
  const c = a.crown * 1.02;
  const base = a.brow - 0.16;
  const top = a.top - 0.04;
  const rise = base - top;
  return `<defs><linearGradient id="cap" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2d4f8a"/><stop offset="1" stop-color="#1b325e"/></linearGradient></defs>
    <ellipse cx="0" cy="${n(base + 0.14)}" rx="${n(c * 0.8)}" ry="0.12" fill="#000" fill-opacity="0.35" filter="url(#soft)"/>
    <path d="M ${n(-c)} ${n(base)} C ${n(-c)} ${n(top + rise * 0.1)} ${n(c)} ${n(top + rise * 0.1)} ${n(c)} ${n(base)} Z" fill="url(#cap)" stroke="#142647" stroke-width="0.025"/>
    <path d="M 0 ${n(top + rise * 0.2)} L 0 ${n(base)} M ${n(-c * 0.55)} ${n(base)} Q ${n(-c * 0.45)} ${n(top + rise * 0.35)} 0 ${n(top + rise * 0.2)} M ${n(c * 0.55)} ${n(base)} Q ${n(c * 0.45)} ${n(top + rise * 0.35)} 0 ${n(top + rise * 0.2)}" stroke="#142647" stroke-width="0.02" fill="none"/>
    <circle cx="0" cy="${n(top + rise * 0.19)}" r="0.06" fill="#142647"/>
    <path d="M ${n(-c * 0.98)} ${n(base)} Q 0 ${n(base + 0.42)} ${n(c * 0.98)} ${n(base)} Q 0 ${n(base + 0.1)} ${n(-c * 0.98)} ${n(base)} Z" fill="#16294d" stroke="#0e1b33" stroke-width="0.02"/>
    <path d="M ${n(-c * 0.6)} ${n(base + 0.1)} Q 0 ${n(base + 0.3)} ${n(c * 0.6)} ${n(base + 0.1)}" stroke="#fff" stroke-opacity="0.25" stroke-width="0.015" fill="none" stroke-dasharray="0.04 0.03"/>`;
}

function beanie(a: HeadAnchors): string {
  const c = a.crown * 1.04;
  const base = a.brow - 0.1;
  // A beanie presses the hair down: its top sits a little below the hair's.
  const top = a.top + 0.12;
  const cuff = 0.36;
  const ribs = Array.from({ length: 17 }, (_, i) => {
    const u = -c + ((i + 0.5) / 17) * 2 * c;
    return `M ${n(u)} ${n(base - cuff + 0.02)} L ${n(u)} ${n(base - 0.02)}`;
  }).join(' ');
  return `<ellipse cx="0" cy="${n(base + 0.08)}" rx="${n(c * 0.85)}" ry="0.1" fill="#000" fill-opacity="0.3" filter="url(#soft)"/>
    <path d="M ${n(-c * 0.98)} ${n(base - cuff)} C ${n(-c)} ${n(top - 0.1)} ${n(c)} ${n(top - 0.1)} ${n(c * 0.98)} ${n(base - cuff)} Z" fill="#b3323e" stroke="#7d1f29" stroke-width="0.025"/>
    <path d="M ${n(-c)} ${n(base - cuff)} Q 0 ${n(base - cuff - 0.06)} ${n(c)} ${n(base - cuff)} L ${n(c)} ${n(base)} Q 0 ${n(base + 0.06)} ${n(-c)} ${n(base)} Z" fill="#9b2733" stroke="#6e1a23" stroke-width="0.025"/>
    <path d="${ribs}" stroke="#6e1a23" stroke-width="0.03" stroke-opacity="0.7"/>
    <path d="M ${n(-c * 0.5)} ${n(base - cuff - 0.25)} Q 0 ${n(top + 0.05)} ${n(c * 0.5)} ${n(base - cuff - 0.25)}" stroke="#7d1f29" stroke-width="0.02" fill="none" stroke-opacity="0.6"/>`;
}

function fedora(a: HeadAnchors): string {
  const c = a.crown * 0.95;
  const base = a.brow - 0.34;
  const top = a.top - 0.32;
  const brim = c + 0.6;
  return `<ellipse cx="0" cy="${n(base + 0.22)}" rx="${n(c)}" ry="0.14" fill="#000" fill-opacity="0.35" filter="url(#soft)"/>
    <ellipse cx="0" cy="${n(base)}" rx="${n(brim)}" ry="0.2" fill="#3a2f26" stroke="#241c16" stroke-width="0.025"/>
    <path d="M ${n(-c * 0.9)} ${n(base)} L ${n(-c * 0.72)} ${n(top + 0.12)} Q ${n(-c * 0.5)} ${n(top - 0.04)} ${n(-c * 0.2)} ${n(top + 0.06)} Q 0 ${n(top + 0.16)} ${n(c * 0.2)} ${n(top + 0.06)} Q ${n(c * 0.5)} ${n(top - 0.04)} ${n(c * 0.72)} ${n(top + 0.12)} L ${n(c * 0.9)} ${n(base)} Z" fill="#4a3b2f" stroke="#241c16" stroke-width="0.025"/>
    <path d="M ${n(-c * 0.88)} ${n(base - 0.05)} L ${n(-c * 0.84)} ${n(base - 0.24)} L ${n(c * 0.84)} ${n(base - 0.24)} L ${n(c * 0.88)} ${n(base - 0.05)} Z" fill="#17110d"/>
    <path d="M ${n(-brim)} ${n(base)} A ${n(brim)} 0.2 0 0 0 ${n(brim)} ${n(base)} Q 0 ${n(base + 0.05)} ${n(-brim)} ${n(base)} Z" fill="#3a2f26" stroke="#241c16" stroke-width="0.025"/>`;
}

function crown(a: HeadAnchors): string {
  const base = Math.max(a.top + 0.6, a.brow - 0.85);
  const w = Math.min(a.crown * 0.72, 0.95);
  const h = 0.62;
  const spikes = [-1, -0.5, 0, 0.5, 1]
    .map((t, i) => `L ${n(t * w)} ${n(base - h - (i === 2 ? 0.12 : 0))} L ${n(t * w + (i < 4 ? w * 0.25 : 0))} ${n(base - h * 0.45)}`)
    .join(' ');
  const jewels = [
    [-0.55, '#d2283c'],
    [0, '#1f6fd1'],
    [0.55, '#1d9a55'],
  ]
    .map(
      ([t, colour]) =>
        `<circle cx="${n((t as number) * w)}" cy="${n(base - 0.12)}" r="0.07" fill="${colour}" stroke="#7a5a05" stroke-width="0.015"/>`,
    )
    .join('');
  const tips = [-1, -0.5, 0, 0.5, 1]
    .map((t, i) => `<circle cx="${n(t * w)}" cy="${n(base - h - (i === 2 ? 0.12 : 0))}" r="0.05" fill="#fff4c2"/>`)
    .join('');
  return `<defs><linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe37a"/><stop offset="0.55" stop-color="#e0ad2a"/><stop offset="1" stop-color="#a8770c"/></linearGradient></defs>
    <path d="M ${n(-w)} ${n(base)} ${spikes} L ${n(w)} ${n(base)} Q 0 ${n(base + 0.08)} ${n(-w)} ${n(base)} Z" fill="url(#gold)" stroke="#8a6508" stroke-width="0.025" stroke-linejoin="round"/>
    <path d="M ${n(-w)} ${n(base - 0.24)} Q 0 ${n(base - 0.18)} ${n(w)} ${n(base - 0.24)}" stroke="#8a6508" stroke-width="0.02" fill="none"/>${jewels}${tips}`;
}

function flowerCrown(a: HeadAnchors): string {
  const c = a.crown * 0.98;
  const colours = ['#f7a8c4', '#fff3f0', '#ffc48a', '#f47aa5', '#fff3f0', '#f7a8c4', '#ffc48a', '#f47aa5', '#fff3f0'];
  const at = (t: number): [number, number] => [t * c, a.brow - 0.62 + 0.38 * t * t];
  const leaves = Array.from({ length: 10 }, (_, i) => {
    const [u, v] = at(-1 + ((i + 0.5) / 10) * 2 * 0.98);
    return `<ellipse cx="${n(u)}" cy="${n(v + 0.04)}" rx="0.13" ry="0.05" fill="#4f8f3a" transform="rotate(${i % 2 ? 30 : -30} ${n(u)} ${n(v + 0.04)})"/>`;
  }).join('');
  const flowers = colours
    .map((colour, i) => {
      const [u, v] = at(-0.95 + (i / (colours.length - 1)) * 1.9);
      const r = i % 2 ? 0.1 : 0.13;
      const petals = Array.from({ length: 5 }, (_, k) => {
        const angle = (k / 5) * Math.PI * 2 + i;
        return `<circle cx="${n(u + Math.cos(angle) * r)}" cy="${n(v + Math.sin(angle) * r)}" r="${n(r * 0.75)}" fill="${colour}" stroke="#d77a9a" stroke-width="0.01"/>`;
      }).join('');
      return `${petals}<circle cx="${n(u)}" cy="${n(v)}" r="${n(r * 0.5)}" fill="#f2c230"/>`;
    })
    .join('');
  return `${leaves}${flowers}`;
}

function headband(a: HeadAnchors): string {
  const c = a.crown * 1.0;
  const points = Array.from({ length: 21 }, (_, i) => {
    const t = -1 + i / 10;
    return [t * c, a.brow - 0.62 + 0.42 * t * t] as const;
  });
  const upper = points.map(([u, v]) => `${n(u)} ${n(v - 0.08)}`).join(' L ');
  const lower = [...points]
    .reverse()
    .map(([u, v]) => `${n(u)} ${n(v + 0.08)}`)
    .join(' L ');
  return `<path d="M ${upper} L ${lower} Z" fill="#e0457b" stroke="#a62a56" stroke-width="0.02"/>
    <path d="M ${points.map(([u, v]) => `${n(u)} ${n(v - 0.03)}`).join(' L ')}" stroke="#fff" stroke-opacity="0.35" stroke-width="0.02" fill="none"/>`;
}

function headphones(a: HeadAnchors): string {
  const side = a.face + 0.12;
  const band = `M ${n(-side)} 0.05 C ${n(-side - 0.15)} ${n(a.top - 0.55)} ${n(side + 0.15)} ${n(a.top - 0.55)} ${n(side)} 0.05`;
  const cup = (sign: number) =>
    `<rect x="${n(sign * side - 0.19)}" y="-0.02" width="0.38" height="0.66" rx="0.16" fill="#26262b" stroke="#0f0f12" stroke-width="0.025"/><rect x="${n(sign * side - 0.12)}" y="0.06" width="0.24" height="0.5" rx="0.11" fill="#3a3a42"/>`;
  return `<path d="${band}" stroke="#1b1b1f" stroke-width="0.14" fill="none" stroke-linecap="round"/><path d="${band}" stroke="#4a4a55" stroke-width="0.04" fill="none" transform="translate(0 0.02)"/>${cup(-1)}${cup(1)}`;
}

function earrings(a: HeadAnchors): string {
  return a.lobes
    .map(
      ([u, v]) =>
        `<circle cx="${n(u)}" cy="${n(v + 0.17)}" r="0.15" fill="none" stroke="#d8a928" stroke-width="0.04"/><circle cx="${n(u)}" cy="${n(v + 0.17)}" r="0.15" fill="none" stroke="#fff2b0" stroke-width="0.012" stroke-dasharray="0.1 0.4"/>`,
    )
    .join('');
}

/**
 * The accessory drawn in another colour: every coloured (not grey) fill and stroke takes the target's
 * hue and saturation, and its lightness moves by the target's distance from the drawing's own main
 * lightness, so shading and seams stay.
 */
export function tintSvg(svg: string, target: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(target)) return svg;
  const [th, ts, tl] = toHsl(target);
  const coloured = [...svg.matchAll(/#[0-9a-f]{6}\b/gi)].map((m) => toHsl(m[0])).filter(([, sat]) => sat >= 0.12);
  if (coloured.length === 0) return svg;
  const main = Math.max(...coloured.map(([, , l]) => l));
  return svg.replace(/#[0-9a-f]{6}\b/gi, (hex) => {
    const [, sat, l] = toHsl(hex);
    if (sat < 0.12) return hex;
    return fromHsl(th, ts, Math.min(0.95, Math.max(0.03, l + (tl - main))));
  });
}

/** SVG markup (in image pixels) of one accessory, or '' for an unknown value. */
export function accessorySvg(value: string, frame: FaceFrame, anchors: HeadAnchors, colour?: string): string {
  const body: Record<string, () => string> = {
    round_glasses: () => glasses('round', anchors),
    square_glasses: () => glasses('square', anchors),
    sunglasses: () => glasses('sunglasses', anchors),
    baseball_cap: () => baseballCap(anchors),
    beanie: () => beanie(anchors),
    fedora: () => fedora(anchors),
    crown: () => crown(anchors),
    flower_crown: () => flowerCrown(anchors),
    headband: () => headband(anchors),
    headphones: () => headphones(anchors),
    earrings: () => earrings(anchors),
  };
  const draw = body[value];
  if (!draw) return '';
  const body_ = colour ? tintSvg(draw(), colour) : draw();
  return `<defs>${shadowFilter}</defs><g transform="${frameTransform(frame)}">${body_}</g>`;
}
