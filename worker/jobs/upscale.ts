import * as z from 'zod';
import { UPSCALE_FACTORS, asRaster } from '../contract/engine-operations';
import { upscaleCost } from '../services/config/credit-system-config';
import { defineJobKind } from './kind';
import { offlineEngine, readSource } from './sources';
import { say } from '../contract/messages';

/** Super-resolution of one uploaded photo (spec §3 Upscale job); the card shows the output size. */
export const upscaleJob = defineJobKind({
  id: 'upscale',
  payload: z.object({
    sourceKey: z.string(),
    scaleFactor: z.union(UPSCALE_FACTORS.map((f) => z.literal(f)) as [z.ZodLiteral<2>, z.ZodLiteral<4>, z.ZodLiteral<8>]),
    faceEnhancement: z.boolean(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** `width`×`height` is smaller than the upload: shrink it to that first (the user chose to fit the budget). */
    fitted: z.boolean().optional(),
  }),
  cost: (db, p) => upscaleCost(db, p.scaleFactor),
  ledger: { type: 'IMAGE_UPSCALE', reason: 'IMAGE_UPSCALE' },
  record: (p) => ({
    type: 'UPSCALED_IMAGE',
    prompt: null,
    style: `${p.scaleFactor}x`,
    model: null,
    width: p.width * p.scaleFactor,
    height: p.height * p.scaleFactor,
  }),
  engine: () => 'offline',
  unavailable: (ctx) => (ctx.images.offline ? null : { field: 'image', message: say('upscalerUnavailable') }),
  async run(ctx, p) {
    const source = await readSource(ctx, p.sourceKey);
    return asRaster(
      await offlineEngine(ctx).run({
        op: 'upscale',
        image: source.bytes,
        scale: p.scaleFactor,
        faceEnhancement: p.faceEnhancement,
        ...(p.fitted ? { fitTo: { width: p.width, height: p.height } } : {}),
      }),
    );
  },
});
