/** Success bodies of the visitor-readable reads, the admin configuration, health and the dev mailbox. */
import * as z from 'zod';
import { pageEnvelope } from './common';
import { pricingItem } from './credits';

const int = z.number().int();

export const healthBody = z
  .object({
    status: z.enum(['ok', 'degraded']),
    db: z.enum(['ok', 'unreachable']),
    dbLatencyMs: int.optional(),
    version: z.string(),
    commit: z.string(),
    migrations: z.object({ current: z.boolean(), applied: int, expected: int }).optional(),
  })
  .meta({ id: 'Health' });

/** Spec §7: a list of pricing items (no envelope). */
export const pricingListBody = z.array(pricingItem).meta({ id: 'PricingList' });

export const registrationBonusBody = z
  .object({ success: z.literal(true), data: int.describe('Free credits for a new account') })
  .meta({ id: 'RegistrationBonus' });

const showcaseImage = z
  .object({
    id: z.string(),
    imageUrl: z.string(),
    title: z.string(),
    prompt: z.string(),
    description: z.string(),
    style: z.string().nullable(),
    width: int,
    height: int,
    featured: z.boolean(),
  })
  .meta({ id: 'ShowcaseImage' });

/**
 * The list envelope's fields with the list under the spec's name (§3 Showcase image: "list response
 * images, totalPages"), sent once (docs/decisions/092).
 */
export const showcasePageBody = pageEnvelope.and(z.object({ images: z.array(showcaseImage) })).meta({ id: 'ShowcasePage' });
export type ShowcasePage = z.infer<typeof showcasePageBody>;
export type ShowcaseImage = ShowcasePage['images'][number];

export const creditSystemConfigBody = z
  .object({
    success: z.literal(true),
    data: z.object({
      newUserBonus: int,
      imageGeneration: z.object({ costByResolution: z.record(z.string(), int), defaultCost: int }),
      imageUpscale: z.object({ costByFactor: z.object({ '2': int, '4': int, '8': int }) }),
      referral: z.object({ registrationReward: int, purchaseBonusPercent: z.number() }),
    }),
  })
  .meta({ id: 'CreditSystemConfig' });

export const devMailboxBody = z
  .object({
    success: z.literal(true),
    messages: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string().optional(), sentAt: z.string() })),
  })
  .meta({ id: 'DevMailbox' });
