import { schema, type Db } from './client';
import { pricingSeed } from './seed-data/pricing';
import { showcaseSeed } from './seed-data/showcase';

/** Defaults an admin can later change; costs follow spec §9 (4 credits per image at 1024×1024). */
const systemConfigSeed = [
  { key: 'newUserBonus', value: 20 },
  {
    key: 'imageGeneration',
    value: {
      defaultCost: 4,
      costByResolution: {
        '1024x1024': 4,
        '832x1248': 4,
        '1248x832': 4,
        '864x1184': 4,
        '1184x864': 4,
        '896x1152': 4,
        '1152x896': 4,
        '768x1344': 4,
        '1344x768': 4,
        '1536x672': 5,
      },
    },
  },
  // Upscaler: 4× costs one image; see SYSTEM_CONFIG.imageUpscale for why the prices scale with the factor.
  { key: 'imageUpscale', value: { costByFactor: { '2': 2, '4': 4, '8': 8 } } },
  { key: 'referral', value: { registrationReward: 50, purchaseBonusPercent: 10 } },
];

/**
 * Loads reference data once: every insert skips rows that exist, so re-running at each start never
 * overwrites what an admin changed, and a new seed row still arrives on the next start.
 */
export async function seedDatabase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(schema.pricingPlans).values(pricingSeed).onConflictDoNothing();
    await tx.insert(schema.systemConfig).values(systemConfigSeed).onConflictDoNothing();
    await tx.insert(schema.showcaseImages).values(showcaseSeed).onConflictDoNothing();
  });
}
