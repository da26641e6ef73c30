import { darken, lighten, mix } from '../color';
import { outlined, type Ctx } from '../context';
import { n, place, smoothPath, type Pt } from '../svg';
import type { Layer } from '../svg';

/*
 * Subjects are designed in a box 100 units tall with the origin at the feet (y up is negative),
 * then placed and scaled. Backlit scenes draw them as silhouettes with a thin rim of light;
 * daylight and the drawn styles colour them with a cel shadow.
 */

const CAT: Pt[] = [
  [-26, 0],
  [-31, -18],
  [-28, -38],
  [-20, -54],
  [-14, -62],
  [-15, -70],
  [-19, -80],
  [-18, -90],
  [-17, -95],
  [-15, -109, 1],
  [-7, -97],
  [0, -98],
  [7, -97],
  [15, -109, 1],
  [17, -95],
  [18, -90],
  [19, -80],
  [15, -70],
  [14, -62],
  [20, -54],
  [28, -38],
  [31, -18],
  [26, 0],
  [0, 2],
];
const CAT_TAIL: Pt[] = [
  [20, -2],
  [40, -1],
  [54, -12],
  [54, -30],
  [49, -40, 1],
  [49, -28],
  [47, -16],
  [38, -10],
  [20, -12],
];

const DOG: Pt[] = [
  [-48, -64, 1],
  [-20, -67],
  [10, -66],
  [28, -69],
  [38, -79],
  [42, -90],
  [50, -98],
  [60, -97],
  [66, -91],
  [80, -87],
  [88, -83, 1],
  [86, -76],
  [74, -74],
  [62, -72],
  [52, -62],
  [48, -50],
  [42, -42],
  [40, -22],
  [41, -3],
  [45, 0, 1],
  [32, 0, 1],
  [31, -20],
  [29, -36],
  [20, -38],
  [0, -40],
  [-18, -40],
  [-22, -30],
  [-21, -3],
  [-18, 0, 1],
  [-31, 0, 1],
  [-34, -20],
  [-40, -36],
  [-46, -50],
];
const DOG_TAIL: Pt[] = [
  [-46, -58],
  [-56, -70],
  [-64, -86, 1],
  [-58, -72],
  [-46, -64],
];

const DEER: Pt[] = [
  [-44, -66, 1],
  [-10, -70],
  [20, -70],
  [30, -74],
  [38, -90],
  [44, -104],
  [50, -110],
  [46, -113],
  [43, -121, 1],
  [52, -115],
  [57, -110],
  [70, -100],
  [75, -96, 1],
  [66, -93],
  [52, -95],
  [45, -82],
  [41, -66],
  [36, -56],
  [35, -40],
  [37, -3],
  [39, 0, 1],
  [31, 0, 1],
  [29, -36],
  [26, -50],
  [10, -51],
  [-15, -51],
  [-22, -44],
  [-27, -26],
  [-23, -3],
  [-21, 0, 1],
  [-29, 0, 1],
  [-36, -26],
  [-42, -44],
  [-47, -58],
];

const BUST_FEMALE: Pt[] = [
  [-2, -122],
  [18, -114],
  [24, -104],
  [26, -94],
  [27, -89],
  [25, -85],
  [29, -79],
  [33, -73],
  [29, -70],
  [27, -68.5],
  [28.5, -65.5],
  [26.5, -63.5, 1],
  [27.5, -61.5],
  [24.5, -58],
  [26.5, -53],
  [23, -48],
  [14, -45],
  [10, -42],
  [11, -30],
  [20, -20],
  [35, -12],
  [50, 0, 1],
  [-50, 0, 1],
  [-45, -12],
  [-30, -22],
  [-15, -30],
  [-12, -42],
  [-22, -60],
  [-26, -85],
  [-18, -110],
];
const BUST_MALE: Pt[] = [
  [-2, -122],
  [20, -112],
  [27, -96],
  [27, -90],
  [27, -86],
  [35, -74, 1],
  [28, -70],
  [29, -66],
  [27, -63],
  [29, -60],
  [25, -55],
  [27, -48],
  [18, -43],
  [12, -41],
  [13, -30],
  [24, -20],
  [38, -12],
  [50, 0, 1],
  [-50, 0, 1],
  [-46, -12],
  [-32, -22],
  [-17, -30],
  [-13, -42],
  [-22, -60],
  [-26, -85],
  [-18, -110],
];
const HAIR_LONG: Pt[] = [
  [21, -108],
  [10, -124],
  [-10, -127],
  [-28, -115],
  [-36, -93],
  [-38, -66],
  [-40, -40],
  [-44, -16],
  [-47, -3, 1],
  [-34, -8],
  [-26, -22],
  [-20, -40],
  [-14, -56],
  [-8, -70],
  [-6, -82],
  [0, -95],
  [8, -104],
  [16, -105],
  [24, -100, 1],
];
const HAIR_SHORT: Pt[] = [
  [25, -103, 1],
  [14, -110],
  [20, -118, 1],
  [8, -121],
  [10, -128, 1],
  [-4, -127],
  [-18, -124],
  [-28, -114],
  [-32, -100],
  [-30, -86],
  [-24, -76, 1],
  [-18, -82],
  [-12, -90],
  [-6, -96],
  [4, -101],
  [14, -102],
];

const STANDING: Pt[] = [
  [-4, -84],
  [-11, -81],
  [-13, -70],
  [-13, -58],
  [-17, -34],
  [-18, -30, 1],
  [-5, -30],
  [-5, 0, 1],
  [-1, 0, 1],
  [0, -26],
  [1, 0, 1],
  [5, 0, 1],
  [5, -30],
  [18, -30, 1],
  [17, -34],
  [13, -58],
  [13, -70],
  [11, -81],
  [4, -84],
];
const STANDING_MALE: Pt[] = [
  [-4, -84],
  [-13, -81],
  [-15, -66],
  [-14, -48],
  [-11, -40],
  [-9, -38],
  [-8, 0, 1],
  [-1, 0, 1],
  [0, -34],
  [1, 0, 1],
  [8, 0, 1],
  [9, -38],
  [11, -40],
  [14, -48],
  [15, -66],
  [13, -81],
  [4, -84],
];

export type SubjectTone = 'silhouette' | 'colour';

export function subjectTone(ctx: Ctx): SubjectTone {
  if (ctx.look.style === 'anime' || ctx.look.style === 'cartoon') return 'colour';
  if (ctx.scene.subject === 'astronaut') return 'colour';
  return ctx.scene.time === 'day' ? 'colour' : 'silhouette';
}

/** Base colour for a coloured subject, darkened at night. */
function tinted(ctx: Ctx, colour: string): string {
  return ctx.scene.time === 'night' ? mix(colour, '#1a2350', 0.45) : ctx.scene.time === 'sunset' ? mix(colour, '#5a2a4a', 0.2) : colour;
}

/** Fills a shape with a cel shadow on the side away from the light. */
function celShaded(ctx: Ctx, layer: Layer, shape: string, base: string, shadeShift: number): string {
  const clip = layer.clip(shape);
  const shadow = darken(mix(base, ctx.pal.cloudShade, 0.25), 0.25);
  const dx = ctx.sun.x > ctx.w / 2 ? shadeShift : -shadeShift;
  return `<g clip-path="${clip}"><g fill="${shadow}">${shape}</g><g fill="${base}" transform="translate(${n(dx)} ${n(-shadeShift * 0.5)})">${shape}</g></g>`;
}

function rim(ctx: Ctx, shape: string, width: number): string {
  return `<g fill="none" stroke="${lighten(ctx.pal.sunGlow, 0.3)}" stroke-opacity="0.75" stroke-width="${n(width)}">${shape}</g>`;
}

/** Draws the prompt's subject standing on `ground` at x, `size` px tall. */
export function drawSubject(ctx: Ctx, layer: Layer, x: number, ground: number, size: number): void {
  const { scene } = ctx;
  const tone = subjectTone(ctx);
  const flip = ctx.rand() < 0.5;
  const shadow = `<ellipse cx="${n(x)}" cy="${n(ground)}" rx="${n(size * 0.45)}" ry="${n(size * 0.05)}" fill="#000000" fill-opacity="${tone === 'colour' ? 0.22 : 0.35}"/>`;
  const pose: Pose = { ctx, layer, x, ground, size, s: size / 100, tone, flip, shadow };
  switch (scene.subject) {
    case 'cat':
    case 'dog':
    case 'deer':
      drawAnimal(pose, scene.subject);
      return;
    case 'bird':
      drawFlock(pose);
      return;
    case 'person':
    case 'astronaut':
      drawFigure(pose);
      return;
    default:
  }
}

/** Where and how a subject is drawn, shared by the drawings of each kind. */
interface Pose {
  ctx: Ctx;
  layer: Layer;
  /** Where it stands, its height in px and px per subject unit (size / 100). */
  x: number;
  ground: number;
  size: number;
  s: number;
  tone: SubjectTone;
  /** Facing left instead of right. */
  flip: boolean;
  /** The contact shadow under its feet. */
  shadow: string;
}

/** A cat, dog or deer in profile: silhouetted against the light, or coloured and cel-shaded with its details. */
function drawAnimal(pose: Pose, kind: 'cat' | 'dog' | 'deer'): void {
  const { ctx, layer, x, ground, s, tone, flip, shadow } = pose;
  const { scene, pal, rand, u } = ctx;
  const sil = pal.silhouette;
  const body = kind === 'cat' ? CAT : kind === 'dog' ? DOG : DEER;
  const tail = kind === 'cat' ? CAT_TAIL : kind === 'dog' ? DOG_TAIL : null;
  const scale = kind === 'cat' ? 1 : kind === 'dog' ? 0.9 : 0.85;
  const sx = s * scale;
  const shape = `<path d="${smoothPath(place(body, x, ground, sx, flip))}"/>${tail ? `<path d="${smoothPath(place(tail, x, ground, sx, flip))}"/>` : ''}`;
  let extra = '';
  if (kind === 'deer') {
    const hx = x + (flip ? -50 : 50) * sx;
    const hy = ground - 112 * sx;
    const dir = flip ? 1 : -1;
    const antler = (side: number) =>
      `<path d="M${n(hx)} ${n(hy)}q${n(dir * 6 * sx + side * 4 * sx)} ${n(-18 * sx)} ${n(dir * 20 * sx + side * 6 * sx)} ${n(-34 * sx)}M${n(hx + dir * 8 * sx + side * 3 * sx)} ${n(hy - 14 * sx)}l${n(-dir * 8 * sx)} ${n(-12 * sx)}M${n(hx + dir * 14 * sx + side * 5 * sx)} ${n(hy - 24 * sx)}l${n(-dir * 4 * sx)} ${n(-13 * sx)}"/>`;
    extra = `<g fill="none" stroke-width="${n(3 * sx)}" stroke-linecap="round">${antler(0)}${antler(1)}</g>`;
  }
  if (tone === 'silhouette') {
    layer.add(
      `${shadow}${rim(ctx, shape, 3 * u)}<g fill="${sil}">${shape}</g>${extra.replace('<g fill="none"', `<g fill="none" stroke="${sil}"`)}`,
    );
    return;
  }
  const colours = {
    cat: rand.pick(['#e5893b', '#e5893b', '#f0a24a', '#8a8290', '#f2efe9', '#3b3540']),
    dog: rand.pick(['#c98a4b', '#e0b27a', '#8a5a36']),
    deer: '#9a6542',
  };
  // A colour word naming an object ("a red cat") colours the animal.
  const nouns = kind === 'cat' ? ['cat', 'kitten'] : kind === 'dog' ? ['dog', 'puppy'] : [];
  const objectTint = scene.objectColors.find((o) => nouns.includes(o.noun))?.color;
  const base = tinted(ctx, objectTint && kind !== 'deer' ? objectTint : colours[kind]);
  layer.add(shadow);
  layer.add(outlined(ctx, layer, `<g fill="${base}">${shape}</g>`, 0.8));
  layer.add(celShaded(ctx, layer, shape, base, 6 * sx));
  if (extra) layer.add(outlined(ctx, layer, extra.replace('<g fill="none"', `<g fill="none" stroke="${darken(base, 0.3)}"`), 0.5));
  if (kind === 'dog') {
    const ex = x + (flip ? -66 : 66) * sx;
    layer.add(
      `<circle cx="${n(ex)}" cy="${n(ground - 89 * sx)}" r="${n(2.4 * sx)}" fill="#1a1414"/><ellipse cx="${n(x + (flip ? -54 : 54) * sx)}" cy="${n(ground - 86 * sx)}" rx="${n(6 * sx)}" ry="${n(12 * sx)}" fill="${darken(base, 0.3)}" transform="rotate(${flip ? -15 : 15} ${n(x + (flip ? -54 : 54) * sx)} ${n(ground - 86 * sx)})"/><path d="M${n(x + (flip ? -40 : 40) * sx)} ${n(ground - 78 * sx)}l${n((flip ? -10 : 10) * sx)} ${n(8 * sx)}" stroke="${pal.accents[0]}" stroke-width="${n(5 * sx)}" stroke-linecap="round"/>`,
    );
  }
  if (kind === 'cat') {
    // Inner ears.
    const ear = (side: number) =>
      `<polygon points="${n(x + side * 9 * sx)},${n(ground - 97 * sx)} ${n(x + side * 14.5 * sx)},${n(ground - 106 * sx)} ${n(x + side * 16 * sx)},${n(ground - 95 * sx)}"/>`;
    layer.add(`<g fill="${mix(base, '#f4a0a8', 0.5)}">${ear(-1)}${ear(1)}</g>`);
  }
}

/** A flock of birds around (x, ground), the first one the largest. */
function drawFlock(pose: Pose): void {
  const { ctx, layer, x, ground, size, tone } = pose;
  const { scene, pal, rand } = ctx;
  const sil = pal.silhouette;
  let birds = '';
  const count = rand.int(5, 9);
  const cx = x;
  const cy = ground;
  for (let i = 0; i < count; i++) {
    const bs = size * 0.22 * rand.range(0.45, 1) * (i === 0 ? 1.3 : 1);
    const bx = cx + (i === 0 ? 0 : rand.gauss() * size * 1.2);
    const by = cy + (i === 0 ? 0 : rand.gauss() * size * 0.45);
    const flap = rand.range(0.25, 0.6);
    birds += `<path d="M${n(bx - bs)} ${n(by - bs * flap * 0.4)}Q${n(bx - bs * 0.5)} ${n(by - bs * flap)} ${n(bx)} ${n(by)}Q${n(bx + bs * 0.5)} ${n(by - bs * flap)} ${n(bx + bs)} ${n(by - bs * flap * 0.4)}Q${n(bx + bs * 0.5)} ${n(by - bs * flap * 0.35)} ${n(bx)} ${n(by + bs * 0.18)}Q${n(bx - bs * 0.5)} ${n(by - bs * flap * 0.35)} ${n(bx - bs)} ${n(by - bs * flap * 0.4)}Z"/>`;
  }
  const colour = tone === 'silhouette' || scene.time !== 'day' ? sil : darken(pal.rock, 0.4);
  layer.add(outlined(ctx, layer, `<g fill="${colour}">${birds}</g>`, 0.4));
}

/** A standing person (or the portrait's bust, or an astronaut): silhouetted, or clothed and shaded. */
function drawFigure(pose: Pose): void {
  const { ctx, layer, x, ground, size, s, tone, shadow } = pose;
  const { scene, pal, rand, u } = ctx;
  const sil = pal.silhouette;
  if (scene.portrait && scene.subject === 'person') {
    drawBust(ctx, layer, x, ground, size, tone);
    return;
  }
  if (scene.subject === 'astronaut') {
    drawAstronaut(ctx, layer, x, ground, size);
    return;
  }
  const female = scene.female || (!scene.matched.includes('person') && rand() < 0.5);
  const body = female ? STANDING : STANDING_MALE;
  const head = `<circle cx="${n(x)}" cy="${n(ground - 92 * s)}" r="${n(7.5 * s)}"/>`;
  const hair = female
    ? `<path d="${smoothPath(
        place(
          [
            [-7, -98],
            [0, -101],
            [7, -98],
            [9, -86],
            [8, -74, 1],
            [3, -80],
            [-3, -80],
            [-8, -74, 1],
            [-9, -86],
          ],
          x,
          ground,
          s,
        ),
      )}"/>`
    : '';
  const shape = `${`<path d="${smoothPath(place(body, x, ground, s, false))}"/>`}${head}${hair}`;
  if (tone === 'silhouette') {
    layer.add(`${shadow}${rim(ctx, shape, 2.5 * u)}<g fill="${sil}">${shape}</g>`);
    return;
  }
  const cloth = tinted(ctx, pal.accents[0] ?? '#d9485f');
  layer.add(shadow + outlined(ctx, layer, `<g fill="${cloth}">${shape}</g>`, 0.7));
  layer.add(celShaded(ctx, layer, `<path d="${smoothPath(place(body, x, ground, s, false))}"/>`, cloth, 3 * s));
  layer.add(
    `<g fill="${tinted(ctx, '#f1c4a5')}">${head}</g><g fill="${tinted(ctx, '#2b1d1a')}">${
      hair ||
      `<path d="${smoothPath(
        place(
          [
            [-7.5, -94],
            [0, -100.5],
            [7.5, -94],
            [5, -97],
            [-5, -97],
          ],
          x,
          ground,
          s,
        ),
      )}"/>`
    }</g>`,
  );
}

/** A head-and-shoulders profile: the picture's subject, facing into the light. */
function drawBust(ctx: Ctx, layer: Layer, x: number, ground: number, size: number, tone: 'silhouette' | 'colour'): void {
  const { scene, pal, u, rand, look } = ctx;
  const s = size / 130;
  const flip = ctx.sun.x < x - size * 0.05;
  const female = scene.female || (!scene.matched.includes('person') ? rand() < 0.7 : rand() < 0.5);
  const placed = (pts: Pt[]) => place(pts, x, ground, s, flip);
  const face = `<path d="${smoothPath(placed(female ? BUST_FEMALE : BUST_MALE))}"/>`;
  const hair = `<path d="${smoothPath(placed(female ? HAIR_LONG : HAIR_SHORT))}"/>`;
  const at = (bx: number, by: number): [number, number] => [x + (flip ? -bx : bx) * s, ground + by * s];
  if (look.style === 'realistic' || look.style === 'artistic' || tone === 'silhouette') {
    // Backlit: a silhouette with a bright rim where the light wraps around the edge.
    const shape = face + hair;
    layer.add(
      `<g fill="none" stroke="${lighten(pal.sunGlow, 0.5)}" stroke-opacity="0.9" stroke-width="${n(7 * u)}">${shape}</g><g fill="${pal.silhouette}">${shape}</g>`,
    );
    return;
  }
  const night = scene.time === 'night';
  const soften = (c: string) => (night ? mix(c, '#2a3570', 0.22) : c);
  const skin = soften(rand.pick(['#f8dcc8', '#f3cdb2', '#eab796', '#c98d6a']));
  const hairColour = soften(
    rand.pick(
      look.style === 'anime'
        ? ['#2b1d1a', '#1f1b2e', '#3a4a9a', '#b9507f', '#5a3a8a', '#f0dca0']
        : ['#2b1d1a', '#1f1b2e', '#3a2418', '#f0cf7a', '#b8532a'],
    ),
  );
  const cloth = soften(pal.accents[0] ?? '#3b6fe0');
  const clip = layer.clip(face);
  layer.add(outlined(ctx, layer, face + hair));
  layer.add(`<g fill="${skin}">${face}</g>`);
  const [jx, jy] = at(8, -41);
  const [ex, ey] = at(18, -86);
  const dir = flip ? -1 : 1;
  layer.add(
    `<g clip-path="${clip}"><ellipse cx="${n(jx)}" cy="${n(jy)}" rx="${n(11 * s)}" ry="${n(4.5 * s)}" fill="${darken(skin, 0.15)}"/><rect x="${n(x - size)}" y="${n(ground - 24 * s)}" width="${n(size * 2)}" height="${n(size)}" fill="${cloth}"/><path d="M${n(x - size)} ${n(ground - 24 * s)}h${n(size * 2)}" stroke="${darken(cloth, 0.25)}" stroke-width="${n(4 * s)}"/></g>`,
  );
  // Eye (lashes, iris, catch-light), brow, blush.
  layer.add(
    `<path d="M${n(ex - dir * 5 * s)} ${n(ey - 1.5 * s)}q${n(dir * 5 * s)} ${n(-3.5 * s)} ${n(dir * 10 * s)} ${n(0.5 * s)}" fill="none" stroke="#22161a" stroke-width="${n(2.2 * s)}" stroke-linecap="round"/>` +
      `<ellipse cx="${n(ex + dir * 1.5 * s)}" cy="${n(ey + 1.6 * s)}" rx="${n(2.4 * s)}" ry="${n(3.2 * s)}" fill="${look.style === 'anime' ? '#4a3a8a' : '#22161a'}"/>` +
      `<circle cx="${n(ex + dir * 2.2 * s)}" cy="${n(ey + 0.5 * s)}" r="${n(0.9 * s)}" fill="#ffffff"/>` +
      `<path d="M${n(ex - dir * 5 * s)} ${n(ey - 8 * s)}q${n(dir * 6 * s)} ${n(-3 * s)} ${n(dir * 11 * s)} ${n(-0.5 * s)}" fill="none" stroke="${darken(hairColour, 0.1)}" stroke-width="${n(1.6 * s)}" stroke-linecap="round"/>` +
      `<ellipse cx="${n(ex - dir * 2 * s)}" cy="${n(ey + 13 * s)}" rx="${n(6 * s)}" ry="${n(3.2 * s)}" fill="#ff7a8a" fill-opacity="0.35"/>`,
  );
  if (!female) {
    const [ax, ay] = at(-4, -82);
    layer.add(`<ellipse cx="${n(ax)}" cy="${n(ay)}" rx="${n(5 * s)}" ry="${n(8 * s)}" fill="${darken(skin, 0.1)}"/>`);
  }
  layer.add(`<g fill="${hairColour}">${hair}</g>`);
  const sheen = layer.linear(
    [
      [0, '#ffffff', 0.3],
      [1, '#ffffff', 0],
    ],
    x,
    ground - 126 * s,
    x,
    ground - 96 * s,
  );
  layer.add(`<g fill="${sheen}">${hair}</g>`);
}

/** An astronaut in a white suit, the visor reflecting the sky. */
function drawAstronaut(ctx: Ctx, layer: Layer, x: number, ground: number, size: number): void {
  const { pal, look } = ctx;
  const s = size / 100;
  const suit = tinted(ctx, '#eef1f6');
  const shade = tinted(ctx, '#aab3c5');
  const r = (v: number) => n(v * s);
  const body = [
    `<rect x="${n(x - 20 * s)}" y="${n(ground - 72 * s)}" width="${r(40)}" height="${r(32)}" rx="${r(8)}"/>`,
    `<rect x="${n(x - 18 * s)}" y="${n(ground - 44 * s)}" width="${r(15)}" height="${r(42)}" rx="${r(6)}"/>`,
    `<rect x="${n(x + 3 * s)}" y="${n(ground - 44 * s)}" width="${r(15)}" height="${r(42)}" rx="${r(6)}"/>`,
    `<rect x="${n(x - 31 * s)}" y="${n(ground - 70 * s)}" width="${r(12)}" height="${r(30)}" rx="${r(6)}" transform="rotate(12 ${n(x - 25 * s)} ${n(ground - 70 * s)})"/>`,
    `<rect x="${n(x + 19 * s)}" y="${n(ground - 70 * s)}" width="${r(12)}" height="${r(30)}" rx="${r(6)}" transform="rotate(-25 ${n(x + 25 * s)} ${n(ground - 70 * s)})"/>`,
    `<circle cx="${n(x)}" cy="${n(ground - 84 * s)}" r="${r(16)}"/>`,
  ].join('');
  const pack = `<rect x="${n(x - 24 * s)}" y="${n(ground - 76 * s)}" width="${r(48)}" height="${r(30)}" rx="${r(6)}"/>`;
  layer.add(outlined(ctx, layer, `<g fill="${shade}">${pack}</g><g fill="${suit}">${body}</g>`, 0.8));
  layer.add(celShaded(ctx, layer, body, suit, 4 * s));
  const visor = look.flat
    ? '#2a3a7a'
    : layer.linear(
        [
          [0, pal.accents[0] ?? '#ff7eb0'],
          [0.5, '#1b2250'],
          [1, pal.accents[1] ?? '#5ee7ff'],
        ],
        x - 12 * s,
        ground - 96 * s,
        x + 12 * s,
        ground - 74 * s,
      );
  layer.add(
    `<ellipse cx="${n(x)}" cy="${n(ground - 84 * s)}" rx="${r(11)}" ry="${r(8.5)}" fill="${visor}"/><ellipse cx="${n(x - 4 * s)}" cy="${n(ground - 87 * s)}" rx="${r(3.5)}" ry="${r(2)}" fill="#ffffff" fill-opacity="0.7"/>`,
  );
  layer.add(
    `<rect x="${n(x - 8 * s)}" y="${n(ground - 64 * s)}" width="${r(16)}" height="${r(10)}" rx="${r(2)}" fill="${shade}"/><circle cx="${n(x - 3 * s)}" cy="${n(ground - 59 * s)}" r="${r(1.8)}" fill="${pal.accents[0] ?? '#ff5e6c'}"/><circle cx="${n(x + 3 * s)}" cy="${n(ground - 59 * s)}" r="${r(1.8)}" fill="${pal.accents[1] ?? '#5ee7ff'}"/>`,
  );
}
