import type { Db } from '@db/client';
import type { CreditSystemConfigUpdate } from '../../contract/admin';
import type { ServiceContext } from '../context';
import { invalidatePublicReads } from './read-cache';
import { readSystemConfig, writeSystemConfig } from './system-config';

export async function readCreditSystemConfig(db: Db) {
  const [newUserBonus, imageGeneration, imageUpscale, referral] = await Promise.all([
    readSystemConfig(db, 'newUserBonus'),
    readSystemConfig(db, 'imageGeneration'),
    readSystemConfig(db, 'imageUpscale'),
    readSystemConfig(db, 'referral'),
  ]);
  return { newUserBonus, imageGeneration, imageUpscale, referral };
}

export async function updateCreditSystemConfig(ctx: ServiceContext<'db' | 'config'>, update: CreditSystemConfigUpdate) {
  const { db } = ctx;
  await db.transaction(async (tx) => {
    if (update.newUserBonus !== undefined) await writeSystemConfig(tx, 'newUserBonus', update.newUserBonus);
    if (update.imageGeneration) await writeSystemConfig(tx, 'imageGeneration', update.imageGeneration);
    if (update.imageUpscale) await writeSystemConfig(tx, 'imageUpscale', update.imageUpscale);
    if (update.referral) await writeSystemConfig(tx, 'referral', update.referral);
  });
  // After the commit: public reads (registration bonus shown to visitors) must not outlive the change.
  invalidatePublicReads(ctx.config);
  return readCreditSystemConfig(db);
}

/** Cost of one image at `width`×`height`, from config (spec §9: default 4). */
export async function generationCost(db: Db, width: number, height: number): Promise<number> {
  const config = await readSystemConfig(db, 'imageGeneration');
  return config.costByResolution[`${width}x${height}`] ?? config.defaultCost;
}

/** Cost of one upscale at `factor`, from config (`imageUpscale.costByFactor`). */
export async function upscaleCost(db: Db, factor: 2 | 4 | 8): Promise<number> {
  const config = await readSystemConfig(db, 'imageUpscale');
  return config.costByFactor[`${factor}`];
}
