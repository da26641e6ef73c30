import type { ModelName } from '../../contract/generation';
import type { ImageEngine, ImageEngines } from '../../services/generation/engine';

/** One engine per model name; a missing entry makes that model unavailable (spec §3 Models). */
export function createImageEngines(byModel: Partial<Record<ModelName, ImageEngine>>): ImageEngines {
  return { forModel: (model) => byModel[model] };
}
