import * as z from 'zod';
import { ENGINE_TOOL_IDS, asRaster } from '../contract/engine-operations';
import { generationCost } from '../services/config/credit-system-config';
import { defineJobKind } from './kind';
import { offlineEngine, readSource } from './sources';
import { promptPayload, recordTypeFor } from './text-to-image';
import { say } from '../contract/messages';

/** The size and background colour a tool was run with (its validated inputs), for the creation's page. */
export function toolSettingsOf(params: Readonly<Record<string, string | number | boolean>>) {
  const settings = {
    ...(typeof params.size === 'string' ? { size: params.size } : {}),
    ...(typeof params.backgroundColor === 'string' ? { backgroundColor: params.backgroundColor } : {}),
  };
  return Object.keys(settings).length ? settings : null;
}

/**
 * A photo tool run by the deterministic engine (worker/engine/tools) on the user's photo, instead of
 * a generative model. Priced like an edit of the same size, as before the tools had their own engine.
 */
export const toolJob = defineJobKind({
  id: 'tool',
  payload: promptPayload.extend({
    toolId: z.enum(ENGINE_TOOL_IDS),
    sourceKeys: z.array(z.string()).min(1),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  }),
  cost: (db, p) => generationCost(db, p.width, p.height),
  ledger: { type: 'IMAGE_EDIT', reason: 'PHOTO_TOOL' },
  record: (p) => ({
    type: recordTypeFor(p.toolId, 'IMAGE_TO_IMAGE'),
    prompt: p.prompt,
    style: p.style,
    model: p.model,
    width: p.width,
    height: p.height,
    toolId: p.toolId,
    toolSettings: toolSettingsOf(p.params),
  }),
  engine: () => 'offline',
  unavailable: (ctx) => (ctx.images.offline ? null : { field: 'toolId', message: say('toolUnavailable') }),
  async run(ctx, p) {
    const [source] = await Promise.all(p.sourceKeys.slice(0, 1).map((key) => readSource(ctx, key)));
    return asRaster(
      await offlineEngine(ctx).run({
        op: 'tool',
        toolId: p.toolId,
        image: source!.bytes,
        // The tool's validated inputs (face swap: the chosen options); the prompt is only the record's text.
        params: p.params,
        seed: p.seed,
      }),
    );
  },
});
