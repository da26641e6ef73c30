import { eq } from 'drizzle-orm';
import * as z from 'zod';
import { schema, type Db, type Tx } from '@db/client';

/**
 * Run-time configuration an admin can change (spec §3: newUserBonus, imageGeneration). Each key has
 * a schema and a default, so a missing or hand-edited row can never break a money path.
 */
export const SYSTEM_CONFIG = {
  newUserBonus: { schema: z.number().int().min(0).max(100_000), fallback: 20 },
  imageGeneration: {
    schema: z.object({
      costByResolution: z.record(z.string().regex(/^\d+x\d+$/), z.number().int().min(0)),
      defaultCost: z.number().int().min(0),
    }),
    fallback: { costByResolution: { '1024x1024': 4 }, defaultCost: 4 },
  },
  /**
   * Upscaler prices per factor. Linear in the factor: 4× costs what one generated image costs (4),
   * 2× half that, 8× double — the output budget is the same 16 MP at every factor, but larger
   * factors take more model passes (8× = 2× then 4×) per input pixel.
   */
  imageUpscale: {
    schema: z.object({
      costByFactor: z.object({ '2': z.number().int().min(0), '4': z.number().int().min(0), '8': z.number().int().min(0) }),
    }),
    fallback: { costByFactor: { '2': 2, '4': 4, '8': 8 } },
  },
  referral: {
    schema: z.object({
      registrationReward: z.number().int().min(0),
      purchaseBonusPercent: z.number().min(0).max(100),
    }),
    fallback: { registrationReward: 50, purchaseBonusPercent: 10 },
  },
} as const;

export type SystemConfigKey = keyof typeof SYSTEM_CONFIG;
export type SystemConfigValue<K extends SystemConfigKey> = z.infer<(typeof SYSTEM_CONFIG)[K]['schema']>;

export async function readSystemConfig<K extends SystemConfigKey>(db: Db | Tx, key: K): Promise<SystemConfigValue<K>> {
  const [row] = await db.select({ value: schema.systemConfig.value }).from(schema.systemConfig).where(eq(schema.systemConfig.key, key));
  const parsed = SYSTEM_CONFIG[key].schema.safeParse(row?.value);
  return (parsed.success ? parsed.data : SYSTEM_CONFIG[key].fallback) as SystemConfigValue<K>;
}

export async function writeSystemConfig<K extends SystemConfigKey>(db: Db | Tx, key: K, value: SystemConfigValue<K>): Promise<void> {
  const valid = SYSTEM_CONFIG[key].schema.parse(value);
  await db
    .insert(schema.systemConfig)
    .values({ key, value: valid })
    .onConflictDoUpdate({ target: schema.systemConfig.key, set: { value: valid, updatedAt: new Date() } });
}
