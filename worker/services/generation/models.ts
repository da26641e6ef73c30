import { MODELS, type ModelName } from '../../contract/generation';
import type { ImageEngines } from './engine';

const DESCRIPTIONS: Record<ModelName, { name: string; description: string }> = {
  nano: { name: 'Nano', description: 'Fast, balanced quality — the default for every tool' },
  gemini: { name: 'Gemini', description: "Google's Gemini image model: strong prompt following and editing" },
  'gemini-enhanced': { name: 'Gemini Enhanced', description: 'The highest-quality Gemini image model, slower' },
};

/** Spec §3 Models: keyed by name; a model is available only when an engine is configured for it. */
export function modelCatalogue(images: ImageEngines) {
  return Object.fromEntries(
    MODELS.map((model) => [model, { ...DESCRIPTIONS[model], available: Boolean(images.forModel(model)) }]),
  ) as Record<ModelName, { name: string; description: string; available: boolean }>;
}
