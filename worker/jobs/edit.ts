import * as z from 'zod';
import { imageOperationSchema } from '../contract/operation-schemas';
import { generationCost } from '../services/config/credit-system-config';
import { EngineError } from '../services/generation/engine';
import { defineJobKind } from './kind';
import { legacyImageOperation } from './legacy-payloads';
import { readSource } from './sources';
import { toolSettingsOf } from './tool';
import { modelUnavailable, promptPayload, recordedOptions, recordTypeFor, tuningOf } from './text-to-image';

export const editJob = defineJobKind({
  id: 'edit',
  // `prompt` is what the record shows; `operation` is what to make (absent in rows stored before it).
  payload: promptPayload.extend({ sourceKeys: z.array(z.string()).min(1), operation: imageOperationSchema.optional() }),
  cost: (db, p) => generationCost(db, p.width, p.height),
  ledger: { type: 'IMAGE_EDIT', reason: 'IMAGE_EDIT' },
  record: (p) => ({
    type: recordTypeFor(p.toolId, 'IMAGE_TO_IMAGE'),
    prompt: p.prompt,
    style: p.style,
    model: p.model,
    width: p.width,
    height: p.height,
    toolId: p.toolId ?? null,
    toolSettings: p.operation?.op === 'tool' ? toolSettingsOf(p.operation.params) : null,
    ...recordedOptions(p),
  }),
  engine: (p) => p.model,
  unavailable: (ctx, p) => modelUnavailable(ctx.images, p.model),
  async run(ctx, p) {
    const engine = ctx.images.forModel(p.model);
    if (!engine) throw new EngineError(`model ${p.model} is not configured`, false);
    const images = await Promise.all(p.sourceKeys.map((key) => readSource(ctx, key)));
    const operation = p.operation ?? legacyImageOperation(p);
    return engine.edit({
      operation,
      style: p.style,
      images,
      width: p.width,
      height: p.height,
      seed: p.seed,
      model: p.model,
      tuning: tuningOf(p),
    });
  },
});
