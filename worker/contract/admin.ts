import * as z from 'zod';
import { encodeMessage, say } from './messages';

/** Admin changes to the credit system; every key optional, unknown keys refused. */
export const creditSystemConfigUpdate = z
  .object({
    newUserBonus: z.number().int().min(0).max(100_000).optional(),
    imageGeneration: z
      .object({
        costByResolution: z.record(
          z.string().regex(/^\d+x\d+$/, encodeMessage(say('resolutionKeyFormat'))),
          z.number().int().min(0).max(1000),
        ),
        defaultCost: z.number().int().min(0).max(1000),
      })
      .optional(),
    imageUpscale: z
      .object({
        costByFactor: z.object({
          '2': z.number().int().min(0).max(1000),
          '4': z.number().int().min(0).max(1000),
          '8': z.number().int().min(0).max(1000),
        }),
      })
      .optional(),
    referral: z
      .object({ registrationReward: z.number().int().min(0).max(100_000), purchaseBonusPercent: z.number().min(0).max(100) })
      .optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'noChanges' });
export type CreditSystemConfigUpdate = z.infer<typeof creditSystemConfigUpdate>;
