import * as z from 'zod';
import { MODELS, SAMPLERS, TOOL_IDS, TOOL_RECORD_TYPE, type ModelName } from '../contract/generation';
import type { GenerationTuning } from '../contract/generation-options';
import { textOperationSchema } from '../contract/operation-schemas';
import { generationCost } from '../services/config/credit-system-config';
import { EngineError, type ImageEngines } from '../services/generation/engine';
import { defineJobKind, type CreationType } from './kind';
import { legacyTextOperation } from './legacy-payloads';
import { say } from '../contract/messages';

/** Shared by text-to-image and edit; field names match the rows written before the registry existed. */
export const promptPayload = z.object({
  prompt: z.string(),
  negativePrompt: z.string().optional(),
  style: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  seed: z.number().int().min(0),
  model: z.enum(MODELS),
  toolId: z.enum(TOOL_IDS).optional(),
  // The advanced options (absent in rows stored before them: the engine's defaults).
  steps: z.number().int().min(1).optional(),
  cfgScale: z.number().min(0).optional(),
  strength: z.number().min(0).max(1).optional(),
  sampler: z.enum(SAMPLERS).optional(),
});
type PromptPayload = z.infer<typeof promptPayload>;

/** The options a payload carries, for the engine and for the record. */
export const tuningOf = (p: PromptPayload): GenerationTuning => ({
  negativePrompt: p.negativePrompt,
  steps: p.steps,
  cfgScale: p.cfgScale,
  strength: p.strength,
  sampler: p.sampler,
});

/** The record's copy of the options the image was made with (null: not set). */
export const recordedOptions = (p: PromptPayload) => ({
  negativePrompt: p.negativePrompt || null,
  seed: p.seed,
  steps: p.steps ?? null,
  cfgScale: p.cfgScale ?? null,
  strength: p.strength ?? null,
  sampler: p.sampler ?? null,
});

export const recordTypeFor = (toolId: string | undefined, fallback: CreationType) =>
  (toolId ? TOOL_RECORD_TYPE[toolId as keyof typeof TOOL_RECORD_TYPE] : undefined) ?? fallback;

export const modelUnavailable = (images: ImageEngines, model: ModelName) =>
  images.forModel(model) ? null : { field: 'model', message: say('modelUnavailable', { model }) };

export const textToImageJob = defineJobKind({
  id: 'text-to-image',
  // `prompt` is what the record shows; `operation` is what to make (absent in rows stored before it).
  payload: promptPayload.extend({ operation: textOperationSchema.optional() }),
  cost: (db, p) => generationCost(db, p.width, p.height),
  ledger: { type: 'IMAGE_GENERATION', reason: 'TEXT_TO_IMAGE' },
  record: (p) => ({
    type: recordTypeFor(p.toolId, 'TEXT_TO_IMAGE'),
    prompt: p.prompt,
    style: p.style,
    model: p.model,
    width: p.width,
    height: p.height,
    toolId: p.toolId ?? null,
    ...recordedOptions(p),
  }),
  engine: (p) => p.model,
  unavailable: (ctx, p) => modelUnavailable(ctx.images, p.model),
  async run(ctx, p) {
    const engine = ctx.images.forModel(p.model);
    if (!engine) throw new EngineError(`model ${p.model} is not configured`, false);
    const operation = p.operation ?? legacyTextOperation(p);
    const tuning = tuningOf(p);
    return engine.textToImage({ operation, style: p.style, width: p.width, height: p.height, seed: p.seed, model: p.model, tuning });
  },
});
