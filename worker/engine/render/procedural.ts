import sharp, { type OverlayOptions } from 'sharp';
import type { Layer } from './svg';
import { planScene, type RenderInput, type ScenePlan } from './compose';
import { tally, type RenderStyle } from './context';
import { isPhotographic, lookOf, type Look } from './looks';
import { readNegativePrompt, type NegativeReading } from './negative';
import type { Omittable } from './parts';
import { depthOfField } from './photo';
import { finishStyle } from './post';
import { ALOFT, placeSubjects, tableBackdropSvg, underwaterBackdropSvg, type Setting } from './sprites';
import { hashString } from './prng';
import { findSubjects, withoutStyleWords, type SubjectFamily, type SubjectHit } from './vocabulary';

export type { RenderInput } from './compose';
export type { RenderStyle } from './context';
export { planScene } from './compose';

/** "On a table", "on the desk", 桌上: the subject stands on a table backdrop. */
const ON_A_TABLE = /\b(table|desk)\b|桌/i;
/** A sea animal at the shore or on the surface stays above water; otherwise it is drawn underwater. */
const ABOVE_WATER = /\b(beach|shore|coast|island|sunset|sunrise|surface|boat|sky|jumping)\b|海邊|海灘|沙灘|島|日落|夕陽/i;
/**
 * A subject with no scene words of its own stands in one of these (the dreamscapes' orbs and planets
 * fight a subject), except those made of what the negative prompt leaves out.
 */
const SUBJECT_LANDSCAPES: [string, Omittable][] = [
  ['meadow', 'grass'],
  ['meadow at sunset', 'grass'],
  ['hills at dawn', 'hills'],
  ['forest', 'trees'],
  ['mountains', 'mountains'],
  ['meadow', 'grass'],
];
/** The part of the picture a vocabulary subject is, for the plan's tally of what was drawn. */
const FAMILY_PART: Partial<Record<SubjectFamily, Omittable[]>> = {
  person: ['people'],
  animal: ['animals'],
  bug: ['animals'],
  bird: ['animals', 'birds'],
  flower: ['flowers'],
  tree: ['trees'],
  boat: ['boats'],
};

/** The soft layer (clouds, glows) is drawn at this fraction of the size, then blurred and scaled up. */
const SOFT_SCALE = 0.25;

interface Raw {
  data: Buffer;
  info: { width: number; height: number; channels: 4 };
}

const rawOf = (data: Buffer, width: number, height: number): Raw => ({ data, info: { width, height, channels: 4 } });

async function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
}

/**
 * A render and what went into it: the plan (what was drawn), the subjects placed, the look and the
 * negative prompt read. When the look is a photo tool's medium, `png` is the scene before it is
 * painted (text-to-image.ts paints it).
 */
export interface RenderedScene {
  png: Uint8Array;
  plan: ScenePlan;
  subjects: SubjectHit[];
  look: Look;
  negative: NegativeReading;
}

/**
 * Renders a prompt's scene to PNG bytes of exactly width×height, without painting it in a medium
 * the prompt names (text-to-image.ts does; the face swap's backgrounds use this). Deterministic for
 * the same prompt, style, size and seed: every random choice comes from one seeded PRNG, and
 * sharp's operations are pure.
 */
export async function renderFromPrompt(input: RenderInput): Promise<Uint8Array> {
  return (await renderScene(input)).png;
}

/**
 * Everything a render decides before it draws a pixel: the scene's plan (its layers as SVG), the
 * subjects, the setting and the finish's switches. Pure and cheap (no rasterising), so the
 * preflight (preflight.ts) can tell whether a negative prompt changes the picture by comparing two
 * of these; {@link renderScene} draws exactly what this decides.
 */
export interface PreparedScene {
  width: number;
  height: number;
  seed: number;
  negative: NegativeReading;
  look: Look;
  style: RenderStyle;
  subjectPrompt: string;
  subjects: SubjectHit[];
  plan: ScenePlan;
  setting: Setting;
  /** Depth of field (photographic looks with a subject): the focal row and the horizon; null for none. */
  depth: { focusY: number; horizon: number; sigma: number } | null;
  /** Sprites get grain (no medium follows and the negative prompt does not name grain). */
  spriteGrain: boolean;
}

export function prepareScene(input: RenderInput): PreparedScene {
  const width = Math.max(16, Math.round(input.width));
  const height = Math.max(16, Math.round(input.height));
  const negative = readNegativePrompt(input.negativePrompt);
  const look = lookOf(input.prompt, input.style, input.styleName);
  // "Realistic", "a photo" or "anime" in the prompt draws that way, whatever button was pressed.
  const style: RenderStyle = look.style;
  const medium = look.medium;
  // The style button's text ("…, natural light, fine detail") says how to draw, not what: it is no
  // subject, no colour of one and no "over" that lifts one (positions still index the prompt).
  const subjectPrompt = withoutStyleWords(input.prompt);
  const subjects = withoutOmitted(subjectPrompt, negative);
  const main = subjects[0];
  const seed = input.seed ?? 0;
  const noWater = negative.omit.has('water');
  const underwater = main?.kind === 'sea' && !ABOVE_WATER.test(input.prompt) && !noWater;
  // Boats and surfacing sea animals need water: an ocean when the prompt names no scene of its own.
  let scenePrompt = (main?.kind === 'water' || main?.kind === 'sea') && !noWater ? `${input.prompt} ocean` : input.prompt;
  const frame = { ...input, style, width, height, negative };
  const groundedSprite = main?.kind === 'ground' && !ALOFT.test(subjectPrompt);
  let plan = planScene({ ...frame, prompt: scenePrompt, sprites: subjects.length > 0, groundedSprite });
  const tabled = !underwater && (main?.kind === 'table' || (main !== undefined && ON_A_TABLE.test(input.prompt))) && plan.unknown;
  if (main && !tabled && plan.unknown && style !== 'abstract' && (main.kind === 'ground' || main.kind === 'sky')) {
    const landscapes = SUBJECT_LANDSCAPES.filter(([, part]) => !negative.omit.has(part));
    const [landscape] = landscapes[hashString(`${input.prompt}\u0000${seed}`) % landscapes.length] ?? SUBJECT_LANDSCAPES[0]!;
    scenePrompt = `${input.prompt} ${landscape}`;
    plan = planScene({ ...frame, prompt: scenePrompt, sprites: true, groundedSprite });
  }
  let setting: Setting = 'scene';
  if (underwater || tabled) {
    // Food and tableware sit on a table, sea animals swim underwater: not in a landscape.
    plan.ctx.horizon = Math.round(height * (underwater ? 0.5 : 0.6));
    setting = underwater ? 'underwater' : 'table';
    if (underwater) tally(plan.ctx, 'water');
  }
  // A photograph is focused on its subject: what lies behind it is soft (photo.ts).
  let depth: PreparedScene['depth'] = null;
  if (isPhotographic(look) && !negative.omit.has('blur') && (subjects.length > 0 || plan.ctx.scene.subject)) {
    const horizon = plan.ctx.horizon;
    const focusY = main?.kind === 'sky' ? horizon : horizon + (height - horizon) * 0.55;
    depth = { focusY, horizon, sigma: Math.min(width, height) * 0.0032 };
  }
  for (const hit of subjects) for (const part of FAMILY_PART[hit.family] ?? []) tally(plan.ctx, part);
  const spriteGrain = !medium && !negative.omit.has('grain');
  return { width, height, seed, negative, look, style, subjectPrompt, subjects, plan, setting, depth, spriteGrain };
}

/** {@link renderFromPrompt}, with what the picture holds (tests read the plan rather than guess from pixels). */
export async function renderScene(input: RenderInput): Promise<RenderedScene> {
  const prepared = prepareScene(input);
  const { width, height, seed, negative, look, style, subjects, plan, setting, depth } = prepared;
  let composed: Raw;
  if (setting !== 'scene') {
    const svg = setting === 'underwater' ? underwaterBackdropSvg(width, height, seed) : tableBackdropSvg(width, height, seed);
    composed = rawOf(await rasterise(svg), width, height);
  } else {
    composed = await composeLayers(plan, width, height);
  }
  if (depth) composed = await depthOfField(composed, depth.focusY, depth.horizon, depth.sigma);
  composed = await placeSubjects(composed, plan, subjects, seed, prepared.subjectPrompt, setting, prepared.spriteGrain);
  const finished = await finishStyle(composed, plan, style, { medium: look.medium !== undefined, omit: negative.omit });
  const png = new Uint8Array(
    await sharp(finished.data, { raw: finished.info }).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer(),
  );
  return { png, plan, subjects, look, negative };
}

/**
 * Subjects the negative prompt names — by name ("fox", 貓) or by kind ("animals", "people", 花) —
 * are never drawn; up to three others are.
 */
function withoutOmitted(subjectPrompt: string, negative: NegativeReading): SubjectHit[] {
  if (negative.subjects.size === 0 && negative.families.size === 0) return findSubjects(subjectPrompt);
  return findSubjects(subjectPrompt, 50)
    .filter((hit) => !negative.subjects.has(hit.code) && !negative.families.has(hit.family))
    .slice(0, 3);
}

/** A layer drawn at a fraction of the size, blurred there and scaled back up: soft edges for little work. */
async function rasteriseSoft(layer: Layer, w: number, h: number, sigma: number): Promise<Buffer> {
  const sw = Math.max(8, Math.round(w * SOFT_SCALE));
  const sh = Math.max(8, Math.round(h * SOFT_SCALE));
  const low = await sharp(Buffer.from(layer.toSvg(sw, sh)))
    .ensureAlpha()
    .blur(sigma)
    .raw()
    .toBuffer();
  return sharp(low, { raw: { width: sw, height: sh, channels: 4 } })
    .resize(w, h, { kernel: 'linear' })
    .raw()
    .toBuffer();
}

/** Rasterises the layers and stacks them: sky, soft layer, land and its glow, the land's reflection in water, front. */
async function composeLayers(plan: ScenePlan, w: number, h: number): Promise<Raw> {
  const { layers, ctx } = plan;
  const full = { width: w, height: h, channels: 4 as const };
  const [sky, soft, land, glow, front] = await Promise.all([
    rasterise(layers.sky.toSvg()),
    layers.soft.empty ? null : rasteriseSoft(layers.soft, w, h, ctx.look.soft ? 2.6 : 1.6),
    layers.land.empty ? null : rasterise(layers.land.toSvg()),
    layers.glow.empty ? null : rasteriseSoft(layers.glow, w, h, 2.2),
    layers.front.empty ? null : rasterise(layers.front.toSvg()),
  ]);
  const back: OverlayOptions[] = [];
  if (soft) back.push({ input: soft, raw: full });
  if (land) back.push({ input: land, raw: full });
  if (glow) back.push({ input: glow, raw: full, blend: 'screen' });
  let image = back.length ? await sharp(sky, { raw: full }).composite(back).raw().toBuffer() : sky;

  const top: OverlayOptions[] = [];
  if (plan.water && ctx.horizon < h) {
    // The water mirrors what stands above the horizon, smeared vertically like a rippled surface.
    const horizon = Math.min(h - 1, Math.max(1, ctx.horizon));
    const depth = Math.min(horizon, h - horizon);
    const smear = ctx.look.style === 'realistic' || ctx.look.style === 'artistic' ? 7 : 3;
    const squashed = Math.max(2, Math.round(depth / smear));
    const small = await sharp(image, { raw: full })
      .extract({ left: 0, top: horizon - depth, width: w, height: depth })
      .flip()
      .resize(w, squashed, { fit: 'fill' })
      .raw()
      .toBuffer();
    const reflection = await sharp(small, { raw: { width: w, height: squashed, channels: 4 } })
      .resize(w, depth, { fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer();
    top.push({ input: reflection, raw: { width: w, height: depth, channels: 4 }, top: horizon, left: 0 });
  }
  if (front) top.push({ input: front, raw: full });
  if (top.length) image = await sharp(image, { raw: full }).composite(top).raw().toBuffer();
  return rawOf(image, w, h);
}
