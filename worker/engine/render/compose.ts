import { lighten, mix } from './color';
import { outlined, tally, type Ctx, type Layers, type Look, type RenderStyle, type Sun } from './context';
import { drawAbstract } from './elements/abstract';
import { drawCity, drawStreet } from './elements/city';
import { blossomTree, broadleaf, forestRows, framingTrees, meadow, palm } from './elements/flora';
import { drawLandmark, drawLanterns } from './elements/landmarks';
import { drawAurora, drawClouds, drawRainbow, drawSky, drawSkyGlows, drawStars, drawSunOrMoon } from './elements/sky';
import { drawPlanet, drawPlanetHorizon } from './elements/space';
import { drawSubject } from './elements/subjects';
import { drawDunes, drawForeground, drawHills, drawMountains, drawWaterSurface } from './elements/terrain';
import { drawFireflies, drawFog, drawPetals, drawRain, drawSnowfall } from './elements/weather';
import { buildPalette } from './palette';
import { createRng, hashString } from './prng';
import { readNegativePrompt, type NegativeReading } from './negative';
import type { Omittable } from './parts';
import { isUnknownScene, LEXICON, matcher, parsePromptScene, type Scene, type Subject } from './scene';
import { Layer, n } from './svg';

export interface RenderInput {
  prompt: string;
  /** What is named here is kept out of the picture, even when the prompt names it too (negative.ts). */
  negativePrompt?: string;
  /** The negative prompt already read (procedural.ts reads it once for the scene and the subjects). */
  negative?: NegativeReading;
  style: RenderStyle;
  /** The style as the request named it, when it is none of the five (a tool's: "watercolor"): its medium still counts (looks.ts). */
  styleName?: string;
  width: number;
  height: number;
  seed?: number;
  /** The prompt's subjects are drawn as sprites (sprites.ts): the scene draws none of its own. */
  sprites?: boolean;
  /** The main sprite stands on the ground: a scene with water gets a near shore for it to stand on. */
  groundedSprite?: boolean;
}

export interface ScenePlan {
  ctx: Ctx;
  layers: Layers;
  /** Water below the horizon: the renderer mirrors the land layer into it. */
  water: boolean;
  /** The prompt matched no scene word and the composition came from its hash. */
  unknown: boolean;
  /** What the picture holds, by part and count (trees: 42): the same as `ctx.drawn`. */
  drawn: Partial<Record<Omittable, number>>;
}

const LOOKS: Record<RenderStyle, Omit<Look, 'outline'> & { outline: number }> = {
  realistic: { style: 'realistic', outline: 0, ink: '#000000', flat: false, cel: false, soft: true },
  artistic: { style: 'artistic', outline: 0, ink: '#000000', flat: false, cel: false, soft: true },
  anime: { style: 'anime', outline: 1.5, ink: '#1f1a33', flat: false, cel: true, soft: false },
  cartoon: { style: 'cartoon', outline: 3.2, ink: '#15111d', flat: true, cel: true, soft: false },
  abstract: { style: 'abstract', outline: 0, ink: '#000000', flat: false, cel: false, soft: true },
};

/**
 * Prompts with no scene words still get a composed picture: one of these, chosen by the prompt's
 * hash, skipping those made of what the negative prompt leaves out.
 */
const DREAMSCAPES: { parts: Omittable[]; set: Partial<Scene> }[] = [
  { parts: ['hills', 'clouds'], set: { hills: true, time: 'sunset', clouds: 'some' } },
  { parts: ['water'], set: { water: 'ocean', time: 'dawn' } },
  { parts: ['mountains', 'water'], set: { mountains: true, water: 'lake', time: 'day' } },
  { parts: ['hills', 'stars'], set: { hills: true, time: 'night', galaxy: true } },
  { parts: ['desert'], set: { desert: true, time: 'sunset' } },
];

export function planScene(input: RenderInput): ScenePlan {
  const { width: w, height: h } = input;
  const rand = createRng(hashString(`${input.prompt}\u0000${input.seed ?? 0}`));
  const negative = input.negative ?? readNegativePrompt(input.negativePrompt);
  const scene = parsePromptScene(input.prompt);
  if (input.sprites) scene.subject = null;
  const unknown = isUnknownScene(scene);
  if (unknown && input.style !== 'abstract') {
    const first = hashString(input.prompt) % DREAMSCAPES.length;
    const free = [...DREAMSCAPES.slice(first), ...DREAMSCAPES.slice(0, first)].filter((d) => !d.parts.some((p) => negative.omit.has(p)));
    Object.assign(scene, (free[0] ?? DREAMSCAPES[first]!).set);
  }
  leaveOut(scene, negative);

  const u = Math.min(w, h) / 1000;
  const base = LOOKS[input.style];
  const look: Look = { ...base, outline: base.outline * u };
  const pal = buildPalette(scene, rand);
  const layers = emptyLayers(w, h);

  const portrait = scene.portrait;
  const spaceOnly =
    scene.space && !(scene.mountains || scene.desert || scene.hills || scene.water || scene.city || scene.forest || scene.snow);
  const horizon = Math.round(
    h * (portrait ? 0.8 : spaceOnly ? 1 : scene.water ? rand.range(0.5, 0.58) : scene.city ? rand.range(0.64, 0.7) : rand.range(0.6, 0.68)),
  );
  const sun = withoutOmittedLight(placeSun(scene, rand, w, h, horizon, u, input.style), negative.omit);
  const ctx: Ctx = { w, h, u, rand, scene, pal, look, horizon, sun, omit: negative.omit, drawn: {} };
  if (sun.kind !== 'none') tally(ctx, sun.kind);

  if (input.style === 'abstract') {
    drawAbstract(ctx, layers);
    addWeather(ctx, layers);
    return { ctx, layers, water: false, unknown, drawn: ctx.drawn };
  }

  drawSkyAndSpace(ctx, layers, spaceOnly, unknown);
  // A castle or lighthouse that is the picture's only subject is its subject: near and large.
  const landmarkFocus = !input.sprites && !scene.subject && !scene.city;
  const { wet, landmarkX } = drawHorizonLand(ctx, layers, spaceOnly, landmarkFocus);
  drawNearScene(ctx, layers, spaceOnly, wet, landmarkX, input.groundedSprite ?? false);
  drawSceneSubjects(ctx, layers.front, spaceOnly);
  addWeather(ctx, layers);
  return { ctx, layers, water: scene.water !== null || wet, unknown, drawn: ctx.drawn };
}

/** The scene subjects' words, to find the ones a negative prompt names ("no fox" is no quadruped either). */
const SCENE_SUBJECT_WORDS: Record<Exclude<Subject, null>, readonly string[]> = {
  cat: LEXICON.cat,
  dog: LEXICON.dog,
  bird: LEXICON.bird,
  deer: LEXICON.deer,
  person: LEXICON.person,
  astronaut: LEXICON.astronaut,
};
/** The part of the picture each scene subject is. */
const SCENE_SUBJECT_PART: Record<Exclude<Subject, null>, Omittable[]> = {
  cat: ['animals'],
  dog: ['animals'],
  deer: ['animals'],
  bird: ['animals', 'birds'],
  person: ['people'],
  astronaut: ['people'],
};

/** Whether the negative prompt names the scene subject, by its words or by its kind ("animals", "people"). */
export function omitsSceneSubject(subject: Exclude<Subject, null>, negative: NegativeReading): boolean {
  return SCENE_SUBJECT_PART[subject].some((part) => negative.omit.has(part)) || matcher(negative.text).has(SCENE_SUBJECT_WORDS[subject]);
}

/** Takes out of the scene what the negative prompt names; the elements check `ctx.omit` for the rest (snow caps, a lone tree). */
function leaveOut(scene: Scene, negative: NegativeReading): void {
  const { omit } = negative;
  if (!negative.text.trim()) return;
  const off = (part: Omittable, change: Partial<Scene>) => {
    if (omit.has(part)) Object.assign(scene, change);
  };
  off('trees', { forest: false, palms: false, blossom: false });
  off('mountains', { mountains: false });
  // Snow alone implies mountains (scene.ts); without snow they stay only if the prompt named them.
  if (omit.has('snow') && !scene.matched.includes('mountains')) scene.mountains = false;
  off('hills', { hills: false });
  off('water', { water: null, beach: false });
  off('beach', { beach: false });
  off('desert', { desert: false });
  off('clouds', { clouds: 'none' });
  off('stars', { galaxy: false });
  off('planets', { space: false, galaxy: false });
  off('buildings', { city: false, landmark: scene.landmark === 'boat' ? 'boat' : null });
  off('city', { city: false });
  for (const landmark of ['castle', 'lighthouse', 'cabin', 'pagoda'] as const)
    if (scene.landmark === landmark) off(landmark, { landmark: null });
  if (scene.landmark === 'boat') off('boats', { landmark: null });
  off('flowers', { flowers: false, blossom: false });
  off('snow', { snow: false, snowfall: false });
  off('rain', { rain: false });
  off('fog', { fog: false });
  off('storm', { storm: false });
  off('rainbow', { rainbow: false });
  off('aurora', { aurora: false });
  off('lanterns', { lanterns: false });
  off('fireflies', { fireflies: false });
  if (scene.subject && omitsSceneSubject(scene.subject, negative)) Object.assign(scene, { subject: null, portrait: false });
  // The flock drawn beside another subject when the prompt also names birds.
  if (omitsSceneSubject('bird', negative)) scene.matched = scene.matched.filter((key) => key !== 'bird');
}

/** No sun (or moon) disc when the negative prompt names it. */
function withoutOmittedLight(sun: Sun, omit: ReadonlySet<Omittable>): Sun {
  return sun.kind !== 'none' && omit.has(sun.kind) ? { ...sun, kind: 'none', r: 0 } : sun;
}

/** The five layers of a picture, sharing one id counter for their gradients and filters. */
function emptyLayers(w: number, h: number): Layers {
  const ids = { next: 0 };
  return {
    sky: new Layer(w, h, ids),
    soft: new Layer(w, h, ids),
    land: new Layer(w, h, ids),
    glow: new Layer(w, h, ids),
    front: new Layer(w, h, ids),
  };
}

/** Sky, stars, glows, sun or moon, clouds and planets; the dreamlike orbs when the prompt was unknown. */
function drawSkyAndSpace(ctx: Ctx, layers: Layers, spaceOnly: boolean, unknown: boolean): void {
  const { w, h, rand, scene, horizon } = ctx;
  drawSky(ctx, layers);
  if ((scene.time === 'night' || scene.space || scene.galaxy) && !ctx.omit.has('stars')) {
    drawStars(ctx, layers);
    tally(ctx, 'stars');
  }
  drawSkyGlows(ctx, layers);
  if (scene.aurora) {
    drawAurora(ctx, layers);
    tally(ctx, 'aurora');
  }
  drawSunOrMoon(ctx, layers);
  if (!scene.space || !spaceOnly) {
    drawClouds(ctx, layers);
    if (!scene.space && scene.clouds !== 'none') tally(ctx, 'clouds');
  }
  if (scene.rainbow) {
    drawRainbow(ctx, layers);
    tally(ctx, 'rainbow');
  }
  if (scene.space) {
    tally(ctx, 'planets');
    const r = Math.min(w, h) * (spaceOnly ? rand.range(0.2, 0.27) : 0.13);
    const px = spaceOnly ? w * rand.range(0.35, 0.65) : w * rand.range(0.2, 0.8);
    const py = spaceOnly ? h * rand.range(0.38, 0.5) : horizon * rand.range(0.25, 0.45);
    drawPlanet(ctx, layers.land, px, py, r, true);
    if (rand() < 0.7) drawPlanet(ctx, layers.land, rand() < 0.5 ? w * 0.12 : w * 0.88, h * rand.range(0.12, 0.3), r * 0.18, false);
    if (spaceOnly) drawPlanetHorizon(ctx, layers.land);
  }
  // The dreamscapes' floating spheres read as planets.
  if (unknown && !ctx.omit.has('planets')) {
    drawOrbs(ctx, layers.sky);
    tally(ctx, 'planets');
  }
}

/**
 * What stands on the horizon (mirrored by water): mountains, dunes, city, ground, forest and a
 * landmark on land. Returns whether the street is wet (it then mirrors the skyline like water) and
 * the x the landmark was placed at (a boat is drawn there later, on the water).
 */
function drawHorizonLand(ctx: Ctx, layers: Layers, spaceOnly: boolean, landmarkFocus: boolean): { wet: boolean; landmarkX: number } {
  const { w, h, u, rand, scene, horizon } = ctx;
  const portrait = scene.portrait;
  const land = layers.land;
  if (scene.mountains) drawMountains(ctx, layers);
  if (scene.desert && !scene.water) drawDunes(ctx, land, horizon);
  if (scene.city) {
    drawCity(ctx, layers, horizon + (scene.water ? 2 : 0));
    tally(ctx, 'city');
    tally(ctx, 'buildings');
  }
  if (scene.lanterns) {
    drawLanterns(ctx, layers);
    tally(ctx, 'lanterns');
  }
  // Rain or neon on a city street: the wet street mirrors the skyline like water.
  const wet = scene.city && !scene.water && (scene.rain || scene.neon);
  const needsGround = !scene.water && !scene.desert && !spaceOnly && !portrait;
  if (needsGround && !scene.city)
    drawHills(ctx, land, horizon + (scene.mountains ? (h - horizon) * 0.15 : 0), horizon + (h - horizon) * 0.5, scene.mountains ? 2 : 3);
  if (needsGround && scene.city && !wet) drawStreet(ctx, land, horizon);
  if (scene.forest && !portrait) {
    forestRows(
      ctx,
      land,
      () => horizon + (scene.water ? 2 * u : 0),
      scene.water ? 3 : 4,
      scene.water ? 150 : 210,
      scene.water ? 0 : (h - horizon) * 0.35,
    );
  }
  if (portrait) drawHills(ctx, land, horizon, h, 2);

  const landmarkX = w * (rand() < 0.5 ? rand.range(0.2, 0.35) : rand.range(0.65, 0.8));
  if (scene.landmark && scene.landmark !== 'boat' && !portrait) {
    drawLandmarkOnLand(ctx, land, landmarkFocus ? w * 0.5 + (landmarkX - w * 0.5) * 0.55 : landmarkX, landmarkFocus);
    tally(ctx, scene.landmark);
    tally(ctx, 'buildings');
  }
  return { wet, landmarkX };
}

/**
 * A cabin, lighthouse, castle or pagoda on the ground, or on a headland across the water; as the
 * picture's subject (`focus`) twice as large and nearer.
 */
function drawLandmarkOnLand(ctx: Ctx, land: Layer, landmarkX: number, focus: boolean): void {
  const { h, scene, horizon, pal } = ctx;
  const size =
    h *
    (scene.landmark === 'castle' ? 0.2 : scene.landmark === 'lighthouse' || scene.landmark === 'pagoda' ? 0.22 : 0.12) *
    (focus ? 2 : 1);
  if (scene.water) {
    // A headland on the far shore to stand on.
    const hw = size * 1.6;
    land.add(
      outlined(
        ctx,
        land,
        `<path d="M${n(landmarkX - hw)} ${n(horizon + 2)}Q${n(landmarkX - hw * 0.4)} ${n(horizon - size * 0.22)} ${n(landmarkX)} ${n(horizon - size * 0.24)}Q${n(landmarkX + hw * 0.5)} ${n(horizon - size * 0.2)} ${n(landmarkX + hw)} ${n(horizon + 2)}Z" fill="${mix(pal.rock, pal.landDark, 0.5)}"/>`,
      ),
    );
    drawLandmark(ctx, land, landmarkX, horizon - size * 0.2, size);
  } else {
    drawLandmark(ctx, land, landmarkX, horizon + (h - horizon) * (focus ? 0.4 : 0.12), size);
  }
}

/** Where the near shore begins when the scene has water in front. */
export const shoreTopOf = (ctx: Pick<Ctx, 'h' | 'scene'>) => ctx.h * (ctx.scene.beach ? 0.8 : 0.84);

/** A subject standing on the ground (not a bird, not the portrait, not an astronaut on a planet's curve). */
const hasGroundedSubject = (scene: Scene, spaceOnly: boolean) =>
  Boolean(scene.subject && scene.subject !== 'bird' && !scene.portrait && !(spaceOnly && scene.subject === 'astronaut'));

/** The near scene (not mirrored): fog, water surface, a boat, the shore, framing trees, blossom, flowers, palms, a tree. */
function drawNearScene(ctx: Ctx, layers: Layers, spaceOnly: boolean, wet: boolean, landmarkX: number, groundedSprite: boolean): void {
  const { w, h, rand, scene, horizon, pal } = ctx;
  const portrait = scene.portrait;
  const front = layers.front;
  if (scene.fog) {
    drawFog(ctx, layers.land);
    tally(ctx, 'fog');
  }
  if (scene.water || wet) drawWaterSurface(ctx, front, wet);
  if (scene.landmark === 'boat' && scene.water) {
    drawLandmark(ctx, front, landmarkX, horizon + (h - horizon) * rand.range(0.2, 0.35), h * 0.12);
    tally(ctx, 'boats');
  }

  const shoreTop = shoreTopOf(ctx);
  const shore =
    scene.water && (hasGroundedSubject(scene, spaceOnly) || groundedSprite || scene.beach || scene.flowers || scene.palms || scene.blossom);
  if (shore) drawForeground(ctx, layers, shoreTop);
  if (scene.forest && !portrait) framingTrees(ctx, front, 'pine');
  if (scene.blossom) blossomTree(ctx, front, rand() < 0.5 ? w * 0.12 : w * 0.88, h * 1.02, h * 0.75);
  if (scene.flowers) meadow(ctx, front, scene.water ? shoreTop + (h - shoreTop) * 0.2 : horizon + (h - horizon) * 0.3);
  if (scene.palms) {
    const colour = scene.time === 'day' ? pal.foliage : pal.silhouette;
    const side = rand() < 0.5 ? 0.1 : 0.9;
    tally(ctx, 'trees', 2);
    front.add(
      outlined(
        ctx,
        front,
        palm(ctx, w * side, h * 1.01, h * 0.62, colour) + palm(ctx, w * (side + (side < 0.5 ? 0.1 : -0.1)), h * 1.01, h * 0.45, colour),
      ),
    );
  }
  // A lone tree on the hills, now and then (the second draw keeps the seed's other choices).
  const loneTree = !scene.forest && !scene.city && !scene.palms && !scene.blossom && !portrait && scene.hills && rand() < 0.5;
  if (loneTree && !ctx.omit.has('trees')) {
    tally(ctx, 'trees');
    const tx = rand() < 0.5 ? w * 0.15 : w * 0.85;
    const colour = scene.time === 'day' ? pal.foliage : pal.silhouette;
    front.add(
      outlined(
        ctx,
        front,
        broadleaf(rand, tx, horizon + (h - horizon) * 0.35, h * 0.3, lighten(colour, 0.1), colour, mix(colour, '#3a2a20', 0.5)),
      ),
    );
  }
}

/** The scene's own subject (when the prompt's subjects are not drawn as sprites), and birds in the sky. */
function drawSceneSubjects(ctx: Ctx, front: Layer, spaceOnly: boolean): void {
  const { w, h, rand, scene, horizon, sun } = ctx;
  const portrait = scene.portrait;
  if (scene.subject) for (const part of SCENE_SUBJECT_PART[scene.subject]) tally(ctx, part);
  if (scene.subject) {
    const smin = Math.min(w, h);
    if (scene.subject === 'bird') {
      drawSubject(ctx, front, w * rand.range(0.35, 0.65), horizon * rand.range(0.3, 0.5), smin * 0.22);
    } else if (portrait) {
      const size = Math.min(h * 0.66, w * 1.05);
      drawSubject(ctx, front, w * 0.5, h + 2, size);
    } else if (scene.subject === 'astronaut' && spaceOnly) {
      // Standing on the curved horizon of drawPlanetHorizon.
      const x = w * rand.range(0.3, 0.4);
      const r = w * 1.6;
      const surface = h * 0.86 + r - Math.sqrt(r * r - (x - w / 2) ** 2);
      drawSubject(ctx, front, x, surface + h * 0.02, Math.min(h * 0.3, w * 0.45));
    } else {
      const shoreTop = shoreTopOf(ctx);
      const ground = scene.water ? shoreTop + (h - shoreTop) * 0.55 : h * rand.range(0.88, 0.93);
      const size = smin * (scene.subject === 'person' || scene.subject === 'astronaut' ? 0.36 : scene.subject === 'cat' ? 0.27 : 0.3);
      const x = w * (0.5 + (sun.x > w / 2 ? -1 : 1) * rand.range(0.02, 0.16));
      drawSubject(ctx, front, x, ground, size);
    }
  }
  if (scene.subject !== 'bird' && scene.matched.includes('bird') && !portrait) {
    tally(ctx, 'birds');
    tally(ctx, 'animals');
    drawSubject({ ...ctx, scene: { ...scene, subject: 'bird' } }, front, w * rand.range(0.3, 0.7), horizon * 0.35, Math.min(w, h) * 0.15);
  }
}

function addWeather(ctx: Ctx, layers: Layers): void {
  const { scene, look } = ctx;
  const front = layers.front;
  if (scene.fog && look.style === 'abstract') {
    drawFog(ctx, front);
    tally(ctx, 'fog');
  }
  if (scene.blossom) {
    drawPetals(ctx, front);
    tally(ctx, 'flowers');
  }
  if (scene.fireflies) {
    drawFireflies(ctx, front);
    tally(ctx, 'fireflies');
  }
  if (scene.snowfall) drawSnowfall(ctx, front);
  // Snow on the ground (the palette whitens the land) or falling.
  if (scene.snow || scene.snowfall) tally(ctx, 'snow');
  if (scene.rain) {
    drawRain(ctx, front);
    tally(ctx, 'rain');
  }
  if (scene.storm) tally(ctx, 'storm');
}

function placeSun(
  scene: Scene,
  rand: ReturnType<typeof createRng>,
  w: number,
  h: number,
  horizon: number,
  u: number,
  style: RenderStyle,
): Sun {
  const big = (style === 'anime' || style === 'cartoon' ? 1.25 : 1) * (scene.bigSun ? 1.9 : 1);
  // A low sun would set behind mountains: keep it above the peaks.
  const above = scene.mountains ? h * 0.27 : 0;
  const x = w * rand.range(0.25, 0.75);
  const wantsMoon = scene.matched.includes('night') && !scene.neon;
  if (scene.storm || (scene.rain && !scene.neon)) return { kind: 'none', x, y: 0, r: 0 };
  if (scene.portrait) {
    const y = h - Math.min(h * 0.66, w * 1.05) * 0.62;
    return { kind: scene.time === 'night' ? 'moon' : 'sun', x: w * 0.5 + (rand() < 0.5 ? -1 : 1) * w * 0.06, y, r: Math.min(w, h) * 0.3 };
  }
  switch (scene.time) {
    case 'day':
      return { kind: 'sun', x, y: horizon * rand.range(0.18, 0.32), r: 45 * u * big };
    case 'dawn':
      return { kind: 'sun', x, y: horizon - above - h * rand.range(0.05, 0.1), r: 60 * u * big };
    case 'sunset':
      return { kind: 'sun', x, y: horizon - above - h * rand.range(0.03, 0.1), r: 70 * u * big };
    case 'night':
      if ((scene.galaxy || scene.space || scene.aurora || scene.neon) && !wantsMoon) return { kind: 'none', x, y: 0, r: 0 };
      return { kind: 'moon', x, y: horizon * rand.range(0.18, 0.35), r: 48 * u * big };
  }
}

/** Floating spheres and a ring for prompts the lexicon does not know: a dreamlike, abstract touch. */
function drawOrbs(ctx: Ctx, layer: Layer): void {
  const { w, horizon, rand, pal, u } = ctx;
  for (let i = 0; i < rand.int(3, 6); i++) {
    const r = rand.range(15, 70) * u;
    const x = rand() * w;
    const y = horizon * rand.range(0.15, 0.75);
    const c = rand.pick(pal.accents);
    const fill = ctx.look.flat
      ? c
      : layer.radial(
          [
            [0, lighten(c, 0.6)],
            [0.5, c],
            [1, mix(c, '#000000', 0.45)],
          ],
          x,
          y,
          r,
          x - r * 0.4,
          y - r * 0.4,
        );
    layer.add(outlined(ctx, layer, `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"/>`));
  }
}
