import { MODELS, type ModelName } from '../../contract/generation';
import type { GenerationOption } from '../../contract/generation-options';

type Supported = { textToImage: GenerationOption[]; edit: GenerationOption[] };
import type { ImageEngines } from './engine';

const DESCRIPTIONS: Record<ModelName, { name: string; description: string }> = {
  nano: { name: 'Nano', description: 'Fast, balanced quality — the default for every tool' },
  gemini: { name: 'Gemini', description: "Google's Gemini image model: strong prompt following and editing" },
  'gemini-enhanced': { name: 'Gemini Enhanced', description: 'The highest-quality Gemini image model, slower' },
};

/**
 * Spec §3 Models: keyed by name; a model is available only when an engine is configured for it.
 * `options`: the advanced options its engine honours, so the workbench can say which ones it ignores.
 * `offline`: the offline engine serves it, which edits only by the instructions it recognises
 * (contract/edit-instructions.ts), so the workbench says what those are before Start.
 */
export function modelCatalogue(images: ImageEngines) {
  return Object.fromEntries(
    MODELS.map((model) => {
      const engine = images.forModel(model);
      const options = engine?.options ? { textToImage: [...engine.options.textToImage], edit: [...engine.options.edit] } : null;
      return [model, { ...DESCRIPTIONS[model], available: Boolean(engine), options, offline: engine?.name === 'local' }];
    }),
  ) as Record<ModelName, { name: string; description: string; available: boolean; options: Supported | null; offline: boolean }>;
}
