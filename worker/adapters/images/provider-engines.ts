import type { ModelName } from '../../contract/generation';
import type { Config } from '../../env';
import type { ImageEngine } from '../../services/generation/engine';
import { createGeminiEngine } from './gemini';
import { createWorkersAiEngine, type AiBindingLike } from './workers-ai';

/**
 * The provider engines a config asks for, by model name. Runtime-agnostic (fetch + the AI binding),
 * so both entries use it; the Node entry adds the offline engine for `nano` when IMAGE_ENGINE=local.
 */
export function providerEngines(config: Config, options: { ai?: AiBindingLike } = {}): Partial<Record<ModelName, ImageEngine>> {
  const engines: Partial<Record<ModelName, ImageEngine>> = {};
  const gemini = (model: string) => createGeminiEngine({ apiKey: config.GEMINI_API_KEY!, baseUrl: config.GEMINI_API_URL, model });
  if (config.GEMINI_API_KEY) {
    if (config.GEMINI_MODEL_GEMINI) engines.gemini = gemini(config.GEMINI_MODEL_GEMINI);
    if (config.GEMINI_MODEL_ENHANCED) engines['gemini-enhanced'] = gemini(config.GEMINI_MODEL_ENHANCED);
  }
  if (config.IMAGE_ENGINE === 'gemini') engines.nano = gemini(config.GEMINI_MODEL_NANO);
  if (config.IMAGE_ENGINE === 'workers-ai' && options.ai) engines.nano = createWorkersAiEngine({ ai: options.ai });
  return engines;
}
