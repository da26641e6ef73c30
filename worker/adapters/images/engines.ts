import type { ModelName } from '../../contract/generation';
import type { ImageEngine, ImageEngines, OfflineEngine } from './port';

/**
 * One engine per model name; a missing entry makes that model unavailable (spec §3 Models).
 * `offline` (pool or engine service) serves the upscaler and the deterministic tools.
 */
export function createImageEngines(byModel: Partial<Record<ModelName, ImageEngine>>, offline?: OfflineEngine, slots = 1): ImageEngines {
  return { forModel: (model) => byModel[model], offline, slots };
}
