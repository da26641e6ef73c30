import type { ModelName } from '../../contract/generation';
import type { Config } from '../../env';
import type { ImageEngine } from './port';
import { createGeminiEngine } from './gemini';
import { withUprightSources, type UprightImages } from './upright-port';
import { createWorkersAiEngine, type AiBindingLike } from './workers-ai';

/**
 * The provider engines a config asks for, by model name. Runtime-agnostic (fetch + the AI binding),
 * so both entries use it; the Node entry adds the offline engine for `nano` when IMAGE_ENGINE=local.
 * Every provider engine gets its edit sources upright (`upright`: sharp on Node, the Images binding
 * on Workers): uploads keep an EXIF Orientation tag that providers may not apply (decision 010).
 */
export function providerEngines(
  config: Config,
  options: { ai?: AiBindingLike; upright: UprightImages },
): Partial<Record<ModelName, ImageEngine>> {
  const engines: Partial<Record<ModelName, ImageEngine>> = {};
  const gemini = (model: string) => createGeminiEngine({ apiKey: config.GEMINI_API_KEY!, baseUrl: config.GEMINI_API_URL, model });
  if (config.GEMINI_API_KEY) {
    if (config.GEMINI_MODEL_GEMINI) engines.gemini = gemini(config.GEMINI_MODEL_GEMINI);
    if (config.GEMINI_MODEL_ENHANCED) engines['gemini-enhanced'] = gemini(config.GEMINI_MODEL_ENHANCED);
  }
  if (config.IMAGE_ENGINE === 'gemini') engines.nano = gemini(config.GEMINI_MODEL_NANO);
  if (config.IMAGE_ENGINE === 'workers-ai' && options.ai) engines.nano = createWorkersAiEngine({ ai: options.ai });
  for (const [model, engine] of Object.entries(engines) as [ModelName, ImageEngine][]) {
    engines[model] = withUprightSources(engine, options.upright);
  }
  return engines;
}
