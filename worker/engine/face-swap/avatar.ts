/**
 * Face swap's text mode offline: with no model to generate a photograph, the engine draws an
 * illustrated head-and-shoulders avatar from the chosen options (vector shapes in the same face frame
 * the photo edit uses), then puts it through the same environment, accessories, light and finish
 * as a photo. It is an illustration, and the page says so. Nationality never chooses a skin tone:
 * the skin option does (default a neutral medium tone).
 */
import sharp from 'sharp';
import { cleanSelection, optionsByKey } from '../../contract/face-swap';
import { FACE_SWAP_ACCESSORY_COLOURS, FACE_SWAP_MORE_ACCESSORIES } from '../../contract/engine-operations';
import { createPlane, encodeRaster, fromRgb8, type Raster } from '../tools/raster';
import { accessorySvg, type HeadAnchors } from './accessories';
import { composeEnvironment } from './background';
import { frameTransform, prng, type FaceFrame } from './geometry';
import { hairStrands } from './hair-strands';
import { HAIR_COLOURS, EYE_COLOURS } from './recolour';
import { drawOver, finishPortrait } from './finish';
import { lightDirection, lightStyle } from './grade';

const SKIN: Record<string, string> = {
  fair: '#f4dccb',
  light: '#ebc6a6',
  olive: '#c99c70',
  tan: '#b9845a',
  brown: '#8e5b3c',
  deep: '#5b3927',
};
const DEFAULT_SKIN = '#d8a987';

const CLOTHES: Record<string, { main: string; trim: string }> = {
  business_suit: { main: '#2d3240', trim: '#f2f2f0' },
  casual_tshirt: { main: '#4f7fb8', trim: '#3d6799' },
  hoodie: { main: '#6b7480', trim: '#575f6a' },
  leather_jacket: { main: '#1f1c1c', trim: '#3a3434' },
  denim_jacket: { main: '#4a6d9c', trim: '#36547c' },
  turtleneck: { main: '#2e2a28', trim: '#3c3734' },
  evening_gown: { main: '#7a1630', trim: '#a3294a' },
  hanfu: { main: '#c9d8e6', trim: '#8c3a3a' },
  kimono: { main: '#a8344a', trim: '#f0d8a0' },
  qipao: { main: '#b0202e', trim: '#e6c15a' },
  sportswear: { main: '#2b2f3a', trim: '#e8e8e8' },
  lab_coat: { main: '#f2f3f5', trim: '#c9ccd2' },
  armor: { main: '#8d949e', trim: '#c7ccd3' },
};

const MIX = (a: string, b: string, t: number) => {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  const ch = (s: number) => Math.round(((pa >> s) & 255) * (1 - t) + ((pb >> s) & 255) * t);
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, '0')}`;
};

const n = (v: number) => v.toFixed(3);

interface Face {
  /** Half width at the cheeks, chin depth, forehead top, jaw squareness. */
  half: number;
  chin: number;
  top: number;
  jaw: number;
}

function faceShape(s: Record<string, string>): Face {
  const child = s.age === 'child';
  const base: Face = { half: 1.02, chin: 1.55, top: -1.25, jaw: 0.45 };
  const shapes: Record<string, Partial<Face>> = {
    oval: {},
    round: { half: 1.12, chin: 1.4, jaw: 0.25 },
    square: { half: 1.08, chin: 1.45, jaw: 0.85 },
    heart: { half: 1.08, chin: 1.55, jaw: 0.15 },
    diamond: { half: 1.0, chin: 1.6, jaw: 0.2 },
    long: { half: 0.96, chin: 1.8, top: -1.35, jaw: 0.5 },
  };
  const face = { ...base, ...(shapes[s.face_shape ?? 'oval'] ?? {}) };
  if (s.facial_feature_details === 'strong_jawline') face.jaw = Math.max(face.jaw, 0.8);
  if (child) {
    face.half *= 1.05;
    face.chin *= 0.88;
  }
  return face;
}

/** The face outline from the temples round the chin, as a path in frame units. */
function faceOutline(f: Face): string {
  const { half: w, chin, top, jaw } = f;
  const jawX = w * (0.55 + 0.3 * jaw);
  const jawY = chin - 0.35 - 0.1 * jaw;
  return `M ${n(-w)} ${n(top + 0.55)} C ${n(-w)} ${n(top - 0.15)} ${n(w)} ${n(top - 0.15)} ${n(w)} ${n(top + 0.55)}
    C ${n(w * 1.02)} 0.5 ${n(jawX + 0.12)} ${n(jawY - 0.3)} ${n(jawX)} ${n(jawY)}
    C ${n(jawX * 0.75)} ${n(chin - 0.05)} ${n(w * 0.35)} ${n(chin)} 0 ${n(chin)}
    C ${n(-w * 0.35)} ${n(chin)} ${n(-jawX * 0.75)} ${n(chin - 0.05)} ${n(-jawX)} ${n(jawY)}
    C ${n(-jawX - 0.12)} ${n(jawY - 0.3)} ${n(-w * 1.02)} 0.5 ${n(-w)} ${n(top + 0.55)} Z`;
}

function defaultHairStyle(s: Record<string, string>): string {
  return s.hair_style ?? (s.gender === 'female' ? 'shoulder_length' : s.gender === 'male' ? 'short_crop' : 'bob');
}

function hairColour(s: Record<string, string>): string {
  if (s.hair_color && HAIR_COLOURS[s.hair_color]) return HAIR_COLOURS[s.hair_color]!;
  if (s.age === 'senior' || s.age === 'sixties') return HAIR_COLOURS.grey!;
  return HAIR_COLOURS.dark_brown!;
}

/**
 * The outline of a long style's hair that falls behind the head, frame units: out from the temples,
 * down the sides to the style's length (in waves for wavy hair), rounded at the ends; none for
 * short styles, a bun or a ponytail.
 */
function hairBehindShape(style: string, w: number, top: number): { shape: string; end: number } | null {
  const length = style === 'bob' ? 1.2 : style === 'shoulder_length' ? 2.3 : style === 'ponytail' || style === 'bun' ? 0 : 3.4;
  if (length <= 0) return null;
  const wave = style === 'long_wavy' ? 0.18 : 0;
  const end = 0.2 + length;
  const side = (sign: number) =>
    Array.from({ length: 6 }, (_, i) => {
      const y = 0.2 + ((i + 1) / 6) * length;
      const x = sign * (w + 0.38 + i * 0.04) + sign * (i % 2 ? wave : -wave);
      return `Q ${n(x + sign * 0.12)} ${n(y - length / 12)} ${n(x)} ${n(y)}`;
    });
  const left = side(-1).join(' ');
  const right = side(1)
    .reverse()
    .map((q, i, all) => {
      // Walk the right side upwards: each segment ends at the previous point.
      const prev = all[i + 1];
      const to = prev ? prev.split(' ').slice(-2).join(' ') : `${n(w + 0.38)} 0.2`;
      const control = q.split(' ').slice(1, 3).join(' ');
      return `Q ${control} ${to}`;
    });
  return {
    shape: `M ${n(-w - 0.2)} ${n(top + 0.35)} Q ${n(-w - 0.45)} 0 ${n(-w - 0.38)} 0.2 ${left} Q 0 ${n(end + 0.35)} ${n(w + 0.38 + 0.2 + wave)} ${n(end)} ${right.join(' ')} Q ${n(w + 0.45)} 0 ${n(w + 0.2)} ${n(top + 0.35)} Z`,
    end,
  };
}

/** An ellipse as path data (to be one of the subpaths of a silhouette). */
const ellipsePath = (cx: number, cy: number, rx: number, ry: number) =>
  `M ${n(cx - rx)} ${n(cy)} A ${n(rx)} ${n(ry)} 0 1 0 ${n(cx + rx)} ${n(cy)} A ${n(rx)} ${n(ry)} 0 1 0 ${n(cx - rx)} ${n(cy)} Z`;

/** What every hair style is drawn with: the face's size, the colour, the dome and the strand flow. */
function hairKit(f: Face, colour: string, seed: number) {
  const w = f.half;
  const top = f.top;
  const dark = MIX(colour, '#000000', 0.35);
  const random = prng(seed);
  // The parting, a little to the lit side of the crown; strands fan out from it over the skull.
  const part: [number, number] = [-0.25 * w, top - 0.45];
  const capBox = (extra: number) => ({ x0: -w - extra - 0.3, y0: top - 0.9 - extra, x1: w + extra + 0.3, y1: 0.35 });
  // A dome over the skull (as wide as the forehead at the temples), then the fringe's edge.
  const cap = (extra: number, fringe: number) =>
    `M ${n(-w - extra)} ${n(0.1)} C ${n(-w - extra - 0.06)} ${n(top - 0.05 - extra)} ${n(-w * 0.62 - extra)} ${n(top - 0.38 - extra)} 0 ${n(top - 0.38 - extra)}
     C ${n(w * 0.62 + extra)} ${n(top - 0.38 - extra)} ${n(w + extra + 0.06)} ${n(top - 0.05 - extra)} ${n(w + extra)} ${n(0.1)}
     C ${n(w * 0.95)} ${n(top + 0.5)} ${n(w * 0.6)} ${n(top + 0.55 + fringe)} ${n(0.1)} ${n(top + 0.45 + fringe)}
     C ${n(-w * 0.5)} ${n(top + 0.6 + fringe)} ${n(-w * 0.95)} ${n(top + 0.55)} ${n(-w - extra)} ${n(0.1)} Z`;
  const straight = { part, fall: 0.4, wave: 0, wavelength: 1, curl: 0, length: [0.35, 0.7] as [number, number], density: 90 };
  // The fringe's soft shadow on the forehead, under the front hair.
  const fringeShadow = (shape: string) =>
    `<path d="${shape}" fill="#000000" fill-opacity="0.22" transform="translate(0 0.06)" filter="url(#blur)"/>`;
  const front = (shape: string, flow: Partial<typeof straight> = {}, extra = 0.08) =>
    `${fringeShadow(shape)}${hairStrands(shape, 'hair-front', colour, { ...straight, box: capBox(extra), ...flow }, seed)}`;
  return { w, top, colour, dark, random, part, capBox, cap, straight, fringeShadow, front, seed };
}
type HairKit = ReturnType<typeof hairKit>;
type HairDrawing = { back: string; front: string; top: number; crown: number };

/** An afro: a round mass of tight coils. */
function afroHair({ w, top, colour, straight, capBox, cap, seed }: HairKit): HairDrawing {
  const shape = ellipsePath(0, top + 0.35, w + 0.95, 1.75);
  const coils = { ...straight, curl: 3.2, length: [0.18, 0.34] as [number, number], density: 150 };
  return {
    back: hairStrands(
      shape,
      'hair-back',
      colour,
      { ...coils, fall: 3, box: { x0: -w - 1, y0: top - 1.45, x1: w + 1, y1: top + 2.15 } },
      seed,
    ),
    front: hairStrands(cap(0.15, -0.05), 'hair-front', colour, { ...coils, box: capBox(0.15) }, seed + 1, false),
    top: top - 1.35,
    crown: w + 0.9,
  };
}

/** Curly hair: ringlets behind the head to the chin and along the fringe. */
function curlyHair({ w, top, colour, random, straight, capBox, cap, fringeShadow, seed }: HairKit): HairDrawing {
  // Ringlets round the outline of a dome and of a chin-length mass behind: one bumpy silhouette each.
  const ring = (cx: number, cy: number, rx: number, ry: number, from: number, to: number, count: number, size: number) =>
    Array.from({ length: count }, (_, i) => {
      const angle = from + ((to - from) * i) / (count - 1);
      const r = size * (0.85 + random() * 0.35);
      return ellipsePath(cx + Math.cos(angle) * rx, cy + Math.sin(angle) * ry, r, r);
    }).join(' ');
  // Behind: a rounded mass down to the chin, bumpy with ringlets all round; in front: a dome
  // with ringlets along the fringe.
  const backShape = `${ellipsePath(0, top + 1.05, w + 0.62, 2.05)} ${ring(0, top + 1.05, w + 0.62, 2.05, -Math.PI * 0.15, Math.PI * 2 - Math.PI * 0.15, 34, 0.24)}`;
  const frontShape = `${cap(0.22, -0.05)} ${ring(0, top + 0.05, w * 0.85, 0.62, Math.PI * 0.15, Math.PI * 0.85, 9, 0.17)}`;
  const curls = { ...straight, curl: 1.7, length: [0.3, 0.5] as [number, number], density: 120 };
  return {
    back: hairStrands(
      backShape,
      'hair-back',
      MIX(colour, '#000000', 0.12),
      { ...curls, fall: 0.2, box: { x0: -w - 1.1, y0: top - 0.8, x1: w + 1.1, y1: 1.5 } },
      seed,
      false,
    ),
    front: `${fringeShadow(frontShape)}${hairStrands(frontShape, 'hair-front', colour, { ...curls, box: capBox(0.6) }, seed + 1, false)}`,
    top: top - 0.75,
    crown: w + 0.45,
  };
}

/** Styles with a dome in front and (for the long ones) hair falling behind, braids, a ponytail or a bun. */
function longHair(style: string, { w, top, colour, dark, part, straight, cap, front, seed }: HairKit): HairDrawing {
  const behind = hairBehindShape(style, w, top);
  const wavy = style === 'long_wavy' ? { wave: 0.55, wavelength: 0.9 } : {};
  let back = behind
    ? hairStrands(
        behind.shape,
        'hair-back',
        MIX(colour, '#000000', 0.18),
        {
          ...straight,
          ...wavy,
          part: [part[0], top - 0.2],
          fall: 0.1,
          length: [0.6, 1.2],
          density: 70,
          box: { x0: -w - 0.8, y0: top - 0.3, x1: w + 0.8, y1: behind.end + 0.45 },
        },
        seed + 2,
      )
    : '';
  if (style === 'braids')
    back += [-1, 1]
      .map((sign) =>
        Array.from(
          { length: 9 },
          (_, i) =>
            `<ellipse cx="${n(sign * (w + 0.15))}" cy="${n(0.5 + i * 0.32)}" rx="0.2" ry="0.18" fill="${colour}" stroke="${dark}" stroke-width="0.03"/><path d="M ${n(sign * (w + 0.15) - 0.14)} ${n(0.42 + i * 0.32)} q 0.14 0.12 0.28 0" stroke="${dark}" stroke-width="0.025" fill="none"/>`,
        ).join(''),
      )
      .join('');
  if (style === 'ponytail') {
    const tail = `M ${n(w * 0.4)} ${n(top + 0.1)} C ${n(w + 1.2)} ${n(top + 0.2)} ${n(w + 0.9)} 1.8 ${n(w + 0.35)} 2.3 C ${n(w + 0.6)} 1.2 ${n(w + 0.2)} ${n(top + 0.8)} ${n(w * 0.2)} ${n(top + 0.3)} Z`;
    back = hairStrands(
      tail,
      'hair-back',
      colour,
      {
        ...straight,
        part: [w * 0.4, top],
        fall: top + 0.3,
        length: [0.6, 1.1],
        density: 90,
        box: { x0: w * 0.1, y0: top - 0.1, x1: w + 1.3, y1: 2.4 },
      },
      seed + 2,
    );
  }
  const bun =
    style === 'bun'
      ? hairStrands(
          ellipsePath(0, top - 0.7, 0.55, 0.55),
          'hair-bun',
          colour,
          {
            ...straight,
            part: [0, top - 0.7],
            fall: 5,
            curl: 0.9,
            length: [0.3, 0.6],
            density: 160,
            box: { x0: -0.6, y0: top - 1.3, x1: 0.6, y1: top - 0.1 },
          },
          seed + 3,
        )
      : '';
  return {
    back,
    front: `${bun}${front(cap(0.3, style === 'bob' ? 0.35 : 0.18), {}, 0.3)}`,
    top: top - (style === 'bun' ? 1.25 : 0.6),
    crown: w + 0.35,
  };
}

/**
 * Hair behind the head (long styles) and over it (crown and fringe), in frame units: each
 * silhouette filled with strands that follow the head (hair-strands.ts).
 */
function hairShapes(style: string, f: Face, colour: string, seed: number): HairDrawing {
  const kit = hairKit(f, colour, seed);
  const { w, top, straight, capBox, cap, front } = kit;
  switch (style) {
    case 'bald':
      return { back: '', front: '', top: top - 0.08, crown: w };
    case 'buzz_cut': {
      const shape = cap(0.02, -0.1);
      return {
        back: '',
        front: hairStrands(shape, 'hair-front', colour, { ...straight, length: [0.05, 0.1], density: 420, box: capBox(0.02) }, seed),
        top: top - 0.12,
        crown: w + 0.04,
      };
    }
    case 'short_crop':
    case 'undercut':
    case 'pixie': {
      const shape = cap(style === 'undercut' ? 0.0 : 0.08, style === 'pixie' ? 0.25 : 0.05);
      const swept =
        style === 'undercut'
          ? `M ${n(-w * 0.9)} ${n(top + 0.1)} C ${n(-w * 0.5)} ${n(top - 0.75)} ${n(w * 0.9)} ${n(top - 0.75)} ${n(w)} ${n(top + 0.3)} L ${n(w * 0.2)} ${n(top + 0.5)} Z`
          : '';
      return {
        back: '',
        front: `${front(shape, { length: [0.25, 0.5] })}${swept ? hairStrands(swept, 'hair-swept', colour, { ...straight, part: [-w, top], fall: 2, box: capBox(0.1) }, seed + 1) : ''}`,
        top: top - (style === 'undercut' ? 0.5 : 0.38),
        crown: w + 0.1,
      };
    }
    case 'afro':
      return afroHair(kit);
    case 'curly':
      return curlyHair(kit);
    case 'bob':
    case 'shoulder_length':
    case 'long_straight':
    case 'long_wavy':
    case 'braids':
    case 'ponytail':
    case 'bun':
      return longHair(style, kit);
    default:
      return { back: '', front: front(cap(0.08, 0.05)), top: top - 0.38, crown: w + 0.1 };
  }
}

function eyes(s: Record<string, string>, hair: string): string {
  const iris = EYE_COLOURS[s.eye_color ?? 'brown'] ?? EYE_COLOURS.brown!;
  const child = s.age === 'child';
  const rx = child ? 0.27 : 0.24;
  const ry = s.eye_features === 'round' || child ? 0.15 : s.eye_features === 'monolid' ? 0.085 : 0.115;
  const wink = s.expression === 'playful';
  const lidColour = '#3a2620';
  const one = (cx: number, closed: boolean) => {
    if (closed)
      return `<path d="M ${n(cx - rx)} 0.02 Q ${n(cx)} 0.12 ${n(cx + rx)} 0.02" stroke="${lidColour}" stroke-width="0.04" fill="none" stroke-linecap="round"/>`;
    const lashes = s.eye_features === 'long_lashes' || s.eye_features === 'eyeliner';
    const liner =
      s.eye_features === 'eyeliner'
        ? `<path d="M ${n(cx + (cx > 0 ? rx : -rx))} -0.01 l ${n(cx > 0 ? 0.12 : -0.12)} -0.08" stroke="#111" stroke-width="0.035" stroke-linecap="round"/>`
        : '';
    const crease =
      s.eye_features === 'double_eyelid' || s.eye_features === 'hooded'
        ? `<path d="M ${n(cx - rx * 0.8)} ${n(-ry - 0.05)} Q ${n(cx)} ${n(-ry - (s.eye_features === 'hooded' ? 0.05 : 0.11))} ${n(cx + rx * 0.8)} ${n(-ry - 0.05)}" stroke="${lidColour}" stroke-opacity="0.5" stroke-width="0.018" fill="none"/>`
        : '';
    return `<clipPath id="eye${cx > 0 ? 'r' : 'l'}"><ellipse cx="${n(cx)}" cy="0" rx="${n(rx)}" ry="${n(ry)}"/></clipPath>
      <ellipse cx="${n(cx)}" cy="0" rx="${n(rx)}" ry="${n(ry)}" fill="#f7f4f0"/>
      <g clip-path="url(#eye${cx > 0 ? 'r' : 'l'})"><circle cx="${n(cx)}" cy="0.01" r="0.125" fill="${iris}"/><circle cx="${n(cx)}" cy="0.01" r="0.125" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="0.02"/><circle cx="${n(cx)}" cy="0.01" r="0.055" fill="#0d0b0b"/><circle cx="${n(cx + 0.04)}" cy="-0.035" r="0.03" fill="#fff"/></g>
      <path d="M ${n(cx - rx)} 0 Q ${n(cx)} ${n(-ry * 2.1)} ${n(cx + rx)} 0" stroke="${lidColour}" stroke-width="${lashes ? 0.045 : 0.028}" fill="none" stroke-linecap="round"/>${crease}${liner}`;
  };
  const browY = s.expression === 'surprised' ? -0.42 : s.expression === 'serious' || s.expression === 'confident' ? -0.3 : -0.34;
  const browWidth = s.eye_features === 'thick_brows' ? 0.085 : 0.05;
  const brow = (cx: number) =>
    `<path d="M ${n(cx - 0.26 * Math.sign(cx))} ${n(browY + 0.04)} Q ${n(cx)} ${n(browY - 0.07)} ${n(cx + 0.28 * Math.sign(cx))} ${n(browY + 0.03)}" stroke="${MIX(hair, '#000000', 0.3)}" stroke-width="${browWidth}" fill="none" stroke-linecap="round"/>`;
  return `${one(-0.5, false)}${one(0.5, wink)}${brow(-0.5)}${brow(0.5)}`;
}

function mouth(s: Record<string, string>, skin: string): string {
  const lip = MIX(skin, '#b0404a', 0.55);
  const full = s.facial_feature_details === 'full_lips' ? 1.4 : 1;
  const y = 0.98;
  switch (s.expression) {
    case 'laughing':
      return `<path d="M -0.34 ${y} Q 0 ${y + 0.42} 0.34 ${y} Q 0 ${y + 0.06} -0.34 ${y} Z" fill="#5b1f24" stroke="${lip}" stroke-width="${n(0.05 * full)}"/><path d="M -0.26 ${n(y + 0.04)} Q 0 ${n(y + 0.1)} 0.26 ${n(y + 0.04)} L 0.22 ${n(y + 0.1)} Q 0 ${n(y + 0.14)} -0.22 ${n(y + 0.1)} Z" fill="#fbf8f4"/>`;
    case 'smiling':
    case 'playful':
      return `<path d="M -0.3 ${y} Q 0 ${y + 0.26} 0.3 ${y} Q 0 ${y + 0.1} -0.3 ${y} Z" fill="#fbf8f4" stroke="${lip}" stroke-width="${n(0.045 * full)}" stroke-linejoin="round"/>`;
    case 'surprised':
      return `<ellipse cx="0" cy="${n(y + 0.05)}" rx="0.13" ry="0.17" fill="#5b1f24" stroke="${lip}" stroke-width="${n(0.05 * full)}"/>`;
    case 'confident':
      return `<path d="M -0.26 ${n(y + 0.03)} Q 0.02 ${n(y + 0.1)} 0.3 ${n(y - 0.04)}" stroke="${lip}" stroke-width="${n(0.06 * full)}" fill="none" stroke-linecap="round"/>`;
    case 'serious':
    case 'thoughtful':
      return `<path d="M -0.25 ${n(y + 0.04)} Q 0 ${n(y + (s.expression === 'thoughtful' ? 0.0 : 0.03))} 0.25 ${n(y + 0.04)}" stroke="${lip}" stroke-width="${n(0.065 * full)}" fill="none" stroke-linecap="round"/>`;
    default:
      return `<path d="M -0.27 ${n(y + 0.02)} Q 0 ${n(y + 0.1)} 0.27 ${n(y + 0.02)}" stroke="${lip}" stroke-width="${n(0.06 * full)}" fill="none" stroke-linecap="round"/>`;
  }
}

/** Facial hair in strands that grow down from under the nose and along the jaw; stubble as a shadow. */
function beard(style: string | undefined, f: Face, colour: string, seed: number): string {
  if (!style || style === 'clean_shaven') return '';
  const dark = MIX(colour, '#000000', 0.25);
  const w = f.half;
  const moustache = 'M -0.34 0.95 Q -0.18 0.78 0 0.86 Q 0.18 0.78 0.34 0.95 Q 0.18 0.9 0 0.94 Q -0.18 0.9 -0.34 0.95 Z';
  const flow = (box: { x0: number; y0: number; x1: number; y1: number }) => ({
    part: [0, 0.55] as [number, number],
    fall: 1.0,
    wave: 0,
    wavelength: 1,
    curl: 0,
    length: [0.2, 0.45] as [number, number],
    density: 260,
    box,
  });
  const lip = flow({ x0: -0.4, y0: 0.75, x1: 0.4, y1: 1.0 });
  if (style === 'moustache') return hairStrands(moustache, 'beard', colour, { ...lip, length: [0.08, 0.16] }, seed);
  if (style === 'goatee') {
    const chin = `M -0.22 1.2 Q 0 1.14 0.22 1.2 Q 0.24 ${n(f.chin + 0.05)} 0 ${n(f.chin + 0.15)} Q -0.24 ${n(f.chin + 0.05)} -0.22 1.2 Z`;
    return `${hairStrands(moustache, 'beard-lip', colour, { ...lip, length: [0.08, 0.16] }, seed)}${hairStrands(chin, 'beard', colour, flow({ x0: -0.3, y0: 1.1, x1: 0.3, y1: f.chin + 0.2 }), seed + 1)}`;
  }
  const drop = style === 'long_beard' ? 1.1 : style === 'full_beard' ? 0.3 : style === 'short_beard' ? 0.1 : 0.02;
  const shape = `M ${n(-w * 0.98)} 0.2 C ${n(-w)} 0.9 ${n(-w * 0.6)} ${n(f.chin + drop)} 0 ${n(f.chin + drop + 0.05)} C ${n(w * 0.6)} ${n(f.chin + drop)} ${n(w)} 0.9 ${n(w * 0.98)} 0.2 L ${n(w * 0.8)} 0.25 Q ${n(w * 0.6)} 0.85 0.34 0.8 Q 0 0.74 -0.34 0.8 Q ${n(-w * 0.6)} 0.85 ${n(-w * 0.8)} 0.25 Z M -0.3 1.0 Q 0 1.22 0.3 1.0 Q 0 0.95 -0.3 1.0 Z`;
  if (style === 'stubble')
    return `<path d="${shape}" fill="${colour}" fill-rule="evenodd" fill-opacity="0.35" stroke="${dark}" stroke-width="0.02" stroke-opacity="0.35"/>`;
  const box = { x0: -w - 0.1, y0: 0.1, x1: w + 0.1, y1: f.chin + drop + 0.15 };
  return hairStrands(shape, 'beard', colour, { ...flow(box), length: [0.3, 0.3 + drop * 0.5] }, seed, true, 'evenodd');
}

/** The clothes: `under` is drawn before the neck, `over` (collars that wrap the neck) after it. */
function clothing(s: Record<string, string>, skin: string): { under: string; over: string } {
  const style = s.clothing_style ?? 'default';
  const colours = CLOTHES[style] ?? { main: '#5a6478', trim: '#4a5366' };
  const build =
    s.body_weight === 'slim'
      ? 0.9
      : s.body_weight === 'heavy' || s.body_weight === 'curvy'
        ? 1.12
        : s.body_weight === 'muscular' || s.body_weight === 'athletic'
          ? 1.08
          : 1;
  const sh = 2.5 * build;
  const body = `M ${n(-sh - 0.4)} 5 L ${n(-sh)} 2.75 Q ${n(-sh + 0.2)} 2.2 -0.9 2.05 L 0.9 2.05 Q ${n(sh - 0.2)} 2.2 ${n(sh)} 2.75 L ${n(sh + 0.4)} 5 Z`;
  const texture =
    s.clothing_texture === 'sequins'
      ? `<g fill="#fff" fill-opacity="0.45">${Array.from({ length: 60 }, (_, i) => `<circle cx="${n(-sh + (((i * 37) % 100) / 100) * 2 * sh)}" cy="${n(2.3 + (((i * 53) % 100) / 100) * 2.5)}" r="0.03"/>`).join('')}</g>`
      : '';
  const neckline: Record<string, string> = {
    business_suit: `<path d="M -0.55 2.05 L 0 3.3 L 0.55 2.05 Z" fill="${colours.trim}"/><path d="M -0.1 2.3 L 0.1 2.3 L 0.16 3.2 L 0 3.45 L -0.16 3.2 Z" fill="#8a2432"/><path d="M -0.9 2.05 L 0 3.4 L -0.5 3.6 L -1.2 2.2 Z M 0.9 2.05 L 0 3.4 L 0.5 3.6 L 1.2 2.2 Z" fill="${MIX(colours.main, '#000000', 0.25)}"/>`,
    hoodie: `<path d="M -1.3 2.1 Q 0 1.5 1.3 2.1 Q 0 2.7 -1.3 2.1 Z" fill="${colours.trim}"/><path d="M -0.25 2.5 L -0.3 3.3 M 0.25 2.5 L 0.3 3.3" stroke="#ddd" stroke-width="0.04"/>`,
    leather_jacket: `<path d="M -0.6 2.05 L 0 3.0 L 0.6 2.05 Z" fill="#d8d4ce"/><path d="M -1.0 2.1 L -0.1 3.2 L -0.2 4.8 M 1.0 2.1 L 0.1 3.2" stroke="${colours.trim}" stroke-width="0.08" fill="none"/>`,
    denim_jacket: `<path d="M -0.6 2.05 L 0 2.9 L 0.6 2.05 Z" fill="#f0ede6"/><path d="M -1.6 3.1 h 0.8 M 0.8 3.1 h 0.8" stroke="${colours.trim}" stroke-width="0.06"/>`,
    turtleneck: '',
    evening_gown: `<path d="M ${n(-sh + 0.3)} 2.7 Q 0 3.4 ${n(sh - 0.3)} 2.7 L ${n(sh - 0.1)} 5 L ${n(-sh + 0.1)} 5 Z" fill="${colours.main}"/>`,
    hanfu: `<path d="M -0.7 2.05 L 0.5 3.6 L 0.7 3.5 L -0.45 2.05 Z" fill="${colours.trim}"/><path d="M 0.7 2.05 L -0.2 3.0" stroke="${colours.trim}" stroke-width="0.12"/>`,
    kimono: `<path d="M -0.7 2.05 L 0.45 3.7 L 0.7 3.6 L -0.45 2.05 Z" fill="${colours.trim}"/><rect x="${n(-sh)}" y="4.2" width="${n(sh * 2)}" height="0.5" fill="#2a3a6a"/>`,
    qipao: '',
    sportswear: `<path d="M ${n(-sh + 0.3)} 2.6 L -0.9 5 M ${n(sh - 0.3)} 2.6 L 0.9 5" stroke="${colours.trim}" stroke-width="0.1"/><path d="M -0.5 2.05 L 0 2.5 L 0.5 2.05" stroke="${colours.trim}" stroke-width="0.06" fill="none"/>`,
    lab_coat: `<path d="M -0.55 2.05 L 0 3.1 L 0.55 2.05 Z" fill="#8aa3c2"/><path d="M -0.9 2.05 L -0.05 3.5 L -0.1 5 M 0.9 2.05 L 0.05 3.5" stroke="${colours.trim}" stroke-width="0.05" fill="none"/>`,
    armor: `<path d="M ${n(-sh)} 2.8 Q ${n(-sh + 0.3)} 2.1 -0.9 2.05 L -0.6 2.6 Z M ${n(sh)} 2.8 Q ${n(sh - 0.3)} 2.1 0.9 2.05 L 0.6 2.6 Z" fill="${colours.trim}" stroke="#5d636b" stroke-width="0.04"/><path d="M -0.9 3.2 Q 0 3.5 0.9 3.2 M -1.0 3.8 Q 0 4.1 1.0 3.8" stroke="#5d636b" stroke-width="0.05" fill="none"/>`,
    casual_tshirt: `<path d="M -0.6 2.05 Q 0 2.6 0.6 2.05" stroke="${colours.trim}" stroke-width="0.1" fill="none"/>`,
  };
  const collars: Record<string, string> = {
    turtleneck: `<path d="M -0.72 1.7 L 0.72 1.7 L 0.82 2.25 Q 0 2.4 -0.82 2.25 Z" fill="${colours.trim}"/>`,
    qipao: `<path d="M -0.7 1.75 L 0.7 1.75 L 0.72 2.2 L -0.72 2.2 Z" fill="${colours.main}" stroke="${colours.trim}" stroke-width="0.04"/><path d="M 0 2.2 Q 0.5 2.5 1.0 2.4" stroke="${colours.trim}" stroke-width="0.05" fill="none"/>`,
  };
  const shoulderSkin = style === 'evening_gown' ? `<path d="${body}" fill="${skin}"/>` : '';
  const under = `<defs><linearGradient id="cloth" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${MIX(colours.main, '#ffffff', 0.08)}"/><stop offset="1" stop-color="${MIX(colours.main, '#000000', 0.25)}"/></linearGradient></defs>
    ${shoulderSkin}${style === 'evening_gown' ? '' : `<path d="${body}" fill="url(#cloth)"/>`}${neckline[style] ?? `<path d="M -0.6 2.05 Q 0 2.55 0.6 2.05" stroke="${colours.trim}" stroke-width="0.12" fill="none"/>`}${texture}`;
  return { under, over: collars[style] ?? '' };
}

function details(s: Record<string, string>, skin: string, seed: number): string {
  const random = prng(seed ^ 0xf7);
  const out: string[] = [];
  const blush = s.facial_feature_details === 'rosy_cheeks' ? 0.45 : 0.14;
  out.push(
    `<ellipse cx="-0.62" cy="0.6" rx="0.28" ry="0.16" fill="#e0707a" fill-opacity="${blush}" filter="url(#blur)"/><ellipse cx="0.62" cy="0.6" rx="0.28" ry="0.16" fill="#e0707a" fill-opacity="${blush}" filter="url(#blur)"/>`,
  );
  if (s.facial_feature_details === 'freckles') {
    for (let i = 0; i < 70; i++)
      out.push(
        `<circle cx="${n((random() - 0.5) * 1.6)}" cy="${n(0.3 + random() * 0.45)}" r="${n(0.012 + random() * 0.014)}" fill="${MIX(skin, '#5a2e18', 0.5)}" fill-opacity="0.7"/>`,
      );
  }
  if (s.facial_feature_details === 'beauty_mark') out.push(`<circle cx="0.42" cy="0.82" r="0.03" fill="#3a2218"/>`);
  if (s.facial_feature_details === 'dimples')
    out.push(
      `<path d="M -0.46 1.0 q -0.04 0.08 0 0.14 M 0.46 1.0 q 0.04 0.08 0 0.14" stroke="${MIX(skin, '#000000', 0.3)}" stroke-width="0.02" fill="none"/>`,
    );
  if (s.facial_feature_details === 'high_cheekbones')
    out.push(
      `<path d="M -0.95 0.45 Q -0.7 0.75 -0.45 0.7 M 0.95 0.45 Q 0.7 0.75 0.45 0.7" stroke="${MIX(skin, '#000000', 0.25)}" stroke-width="0.08" stroke-opacity="0.35" fill="none" filter="url(#blur)"/>`,
    );
  const older = { fifties: 1, sixties: 2, senior: 3 }[s.age ?? ''] ?? 0;
  const lines = MIX(skin, '#000000', 0.3);
  if (older || s.skin_texture_effect === 'weathered') {
    out.push(
      `<path d="M -0.42 0.62 Q -0.5 0.85 -0.38 1.02 M 0.42 0.62 Q 0.5 0.85 0.38 1.02" stroke="${lines}" stroke-width="0.02" fill="none" stroke-opacity="0.6"/>`,
    );
    if (older >= 2)
      out.push(
        `<path d="M -0.55 -0.7 Q 0 -0.78 0.55 -0.7 M -0.45 -0.86 Q 0 -0.93 0.45 -0.86 M -0.8 0.08 l -0.1 -0.04 M 0.8 0.08 l 0.1 -0.04" stroke="${lines}" stroke-width="0.018" fill="none" stroke-opacity="0.5"/>`,
      );
  }
  if (s.skin_texture_effect === 'dewy')
    out.push(
      `<ellipse cx="-0.55" cy="0.42" rx="0.16" ry="0.08" fill="#fff" fill-opacity="0.35" filter="url(#blur)"/><ellipse cx="0.55" cy="0.42" rx="0.16" ry="0.08" fill="#fff" fill-opacity="0.35" filter="url(#blur)"/><ellipse cx="0" cy="0.35" rx="0.05" ry="0.18" fill="#fff" fill-opacity="0.3" filter="url(#blur)"/>`,
    );
  return out.join('');
}

function ears(s: Record<string, string>, f: Face, skin: string): string {
  if (s.ears === 'covered') return '';
  const dark = MIX(skin, '#000000', 0.22);
  const size = s.ears === 'prominent' ? 1.25 : s.ears === 'small' ? 0.85 : 1;
  const one = (sign: number) => {
    const x = sign * (f.half - 0.05);
    const tip = s.ears === 'pointed' ? `L ${n(x + sign * 0.55 * size)} ${n(-0.55)}` : `Q ${n(x + sign * 0.38 * size)} ${n(-0.25)}`;
    const piercing =
      s.ears === 'pierced'
        ? `<circle cx="${n(x + sign * 0.12)}" cy="${n(0.55 * size)}" r="0.035" fill="#e8e8ee" stroke="#999" stroke-width="0.01"/>`
        : '';
    return `<path d="M ${n(x)} -0.05 ${tip} ${n(x + sign * 0.3 * size)} ${n(0.25 * size)} Q ${n(x + sign * 0.25 * size)} ${n(0.62 * size)} ${n(x)} ${n(0.55 * size)} Z" fill="${skin}" stroke="${dark}" stroke-width="0.02"/>${piercing}`;
  };
  return one(-1) + one(1);
}

/** The frame the avatar is drawn in: eyes level at 42 % height, one unit = 15 % of the short side. */
function avatarFrame(width: number, height: number): FaceFrame {
  const unit = Math.min(width, height) * 0.15;
  const origin: [number, number] = [width / 2, height * 0.42];
  return {
    origin,
    unit,
    angle: 0,
    points: [],
    eyes: [
      [origin[0] - unit / 2, origin[1]],
      [origin[0] + unit / 2, origin[1]],
    ],
  };
}

/** Draws the avatar, returns it with its alpha (the person matte of the composition). */
async function drawAvatar(s: Record<string, string>, width: number, height: number, seed: number) {
  const frame = avatarFrame(width, height);
  const skin = (s.skin_details && SKIN[s.skin_details]) || DEFAULT_SKIN;
  const shade = MIX(skin, '#000000', 0.18);
  const f = faceShape(s);
  const hair = hairColour(s);
  const style = defaultHairStyle(s);
  const shapes = hairShapes(style, f, hair, seed);
  const clothes = clothing(s, skin);
  const neckW = s.body_weight === 'slim' ? 0.5 : s.body_weight === 'heavy' || s.body_weight === 'muscular' ? 0.68 : 0.58;
  const nose = `<path d="M -0.04 0.15 Q -0.1 0.5 -0.16 0.62 Q 0 0.72 0.16 0.62" stroke="${shade}" stroke-width="0.03" fill="none" stroke-linecap="round"/>`;
  const smooth = s.skin_texture_effect === 'matte' ? 0 : 0.25;
  const body = `<defs><filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="0.06"/></filter>
      <radialGradient id="skin" cx="0.45" cy="0.35" r="0.75"><stop offset="0" stop-color="${MIX(skin, '#ffffff', smooth * 0.4)}"/><stop offset="1" stop-color="${shade}"/></radialGradient></defs>
    ${shapes.back}
    ${clothes.under}
    <path d="M ${n(-neckW)} 0.9 L ${n(-neckW)} 2.2 Q 0 2.5 ${n(neckW)} 2.2 L ${n(neckW)} 0.9 Z" fill="${shade}"/>
    ${clothes.over}
    ${ears(s, f, skin)}
    <path d="${faceOutline(f)}" fill="url(#skin)" stroke="${MIX(skin, '#000000', 0.3)}" stroke-width="0.02"/>
    ${details(s, skin, seed)}
    ${nose}${eyes(s, hair)}${beard(s.beard, f, hair, seed)}${mouth(s, skin)}
    ${shapes.front}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g transform="${frameTransform(frame)}">${body}</g></svg>`;
  const { data } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const rgb = new Uint8Array(width * height * 3);
  const matte = createPlane(width, height);
  for (let p = 0; p < width * height; p++) {
    for (let c = 0; c < 3; c++) rgb[p * 3 + c] = data[p * 4 + c]!;
    matte.data[p] = data[p * 4 + 3]! / 255;
  }
  const anchors: HeadAnchors = {
    brow: -0.36,
    top: shapes.top,
    chin: f.chin,
    face: f.half,
    crown: shapes.crown,
    lobes: [
      [-(f.half + 0.12), 0.45],
      [f.half + 0.12, 0.45],
    ],
  };
  return { image: fromRgb8(rgb, width, height), matte, frame, anchors, face: f };
}

/**
 * Text mode offline: the chosen options (values outside the catalogue are ignored), drawn as an avatar, on the background chosen (a studio backdrop when none), with the same accessories,
 * light, crop and finish as a photo. Returns PNG bytes of exactly width×height.
 */
export async function renderAvatar(selection: Record<string, string>, width: number, height: number, seed: number): Promise<Uint8Array> {
  const s = cleanSelection(selection);
  const avatar = await drawAvatar(s, width, height, seed);
  const { frame, anchors, matte } = avatar;
  const light: [number, number] = [frame.origin[0], frame.origin[1] + frame.unit * (anchors.top + 0.6)];
  let out: Raster = await composeEnvironment(avatar.image, matte, { ...s, background: s.background ?? 'studio_grey' }, seed, light);
  const subject = {
    matte,
    centre: [frame.origin[0], frame.origin[1] + frame.unit * 0.6] as [number, number],
    size: frame.unit * (anchors.chin - anchors.top),
  };
  if (s.light_direction) out = lightDirection(out, subject, s.light_direction);
  if (s.light_style) out = lightStyle(out, subject, s.light_style);
  // Colours and further accessories a description named ("black sunglasses and a red cap").
  const colours = new Map(
    String(selection[FACE_SWAP_ACCESSORY_COLOURS] ?? '')
      .split(',')
      .map((pair) => pair.split(':') as [string, string]),
  );
  if (s.head_accessories) out = await drawOver(out, accessorySvg(s.head_accessories, frame, anchors, colours.get(s.head_accessories)));
  const accessories = optionsByKey.get('head_accessories')!.values.map((v) => v.value);
  for (const more of String(selection[FACE_SWAP_MORE_ACCESSORIES] ?? '').split(','))
    if (more && more !== s.head_accessories && accessories.includes(more))
      out = await drawOver(out, accessorySvg(more, frame, anchors, colours.get(more)));
  out = await finishPortrait(out, s, seed, { matte, centre: subject.centre, faceHeight: subject.size });
  return encodeRaster(out);
}
