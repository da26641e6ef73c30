/**
 * What a face swap actually drew, option by option. Each drawing step hands its result to
 * {@link AppliedOptions.step}; the option counts as applied only when the step changed the picture.
 * The result line on the page ("Applied to your picture: …") must list only these: a chosen value
 * the engine cannot draw (an expression, a hairstyle on a photo) or one that found nothing to act
 * on (a hair colour on a bald head) is not reported as applied.
 */
import type { Raster } from '../tools/raster';

export type Selection = Record<string, string>;

/** Whether two rasters differ in size or in any sample. */
export function rastersDiffer(a: Raster, b: Raster): boolean {
  if (a === b) return false;
  if (a.width !== b.width || a.height !== b.height || a.data.length !== b.data.length) return true;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) return true;
  return false;
}

export class AppliedOptions {
  private readonly drawn = new Set<string>();
  constructor(private readonly selection: Selection) {}

  /** Records `keys` (those chosen) as applied when `after` differs from `before`; returns `after`. */
  step(keys: string | readonly string[], before: Raster, after: Raster): Raster {
    const list = typeof keys === 'string' ? [keys] : keys;
    if (list.some((key) => this.selection[key]) && rastersDiffer(before, after))
      for (const key of list) if (this.selection[key]) this.drawn.add(key);
    return after;
  }

  /** The chosen options whose step changed the picture: option key → value. */
  get options(): Selection {
    return Object.fromEntries(Object.entries(this.selection).filter(([key]) => this.drawn.has(key)));
  }
}

/** A step recorder that records nothing (the avatar, callers that do not ask). */
export const noReport = new AppliedOptions({});
