import { and, eq } from 'drizzle-orm';
import { schema, type Tx } from '@db/client';
import { SPEND_ORDER } from '../../contract/credits';
import { applyMovement, type Movement, type MovementResult } from './ledger';

type Bucket = keyof Movement['parts'];

/**
 * Which credits of a batch's debit belong to image `index`: the debit's credits laid out bucket by
 * bucket in the order they were spent (SPEND_ORDER), image i owning credits [i × share, (i+1) × share).
 * Pure, so the shares of every image of a batch add up to exactly the debit, whatever its split.
 */
export function shareOfDebit(spent: Partial<Record<Bucket, number>>, index: number, share: number): Partial<Record<Bucket, number>> {
  const from = index * share;
  const to = from + share;
  const parts: Partial<Record<Bucket, number>> = {};
  let offset = 0;
  for (const bucket of SPEND_ORDER) {
    const amount = spent[bucket] ?? 0;
    const overlap = Math.min(to, offset + amount) - Math.max(from, offset);
    if (overlap > 0) parts[bucket] = overlap;
    offset += amount;
  }
  return parts;
}

/**
 * Gives back one failed image's share of its batch's one debit (docs/decisions/035), as its own
 * REFUNDED movement `refund:<batch debit key>:<index>`: unique per image, so a second failure report
 * of the same job is a replay, and the `refund:` prefix makes it lower "used" like any spend refund.
 */
export async function refundBatchShare(
  tx: Tx,
  input: { userId: string; spendMovementKey: string; index: number; share: number; referenceId: string },
): Promise<MovementResult | null> {
  const rows = await tx
    .select({ bucket: schema.creditLedger.bucket, amount: schema.creditLedger.amount })
    .from(schema.creditLedger)
    .where(and(eq(schema.creditLedger.movementKey, input.spendMovementKey), eq(schema.creditLedger.userId, input.userId)));
  const spent: Partial<Record<Bucket, number>> = {};
  for (const row of rows) if (row.amount < 0) spent[row.bucket] = (spent[row.bucket] ?? 0) - row.amount;
  const parts = shareOfDebit(spent, input.index, input.share);
  if (Object.keys(parts).length === 0) return null;
  return applyMovement(tx, {
    userId: input.userId,
    movementKey: `refund:${input.spendMovementKey}:${input.index}`,
    type: 'REFUNDED',
    referenceType: 'IMAGE_GENERATION',
    referenceId: input.referenceId,
    reason: 'GENERATION_REFUND',
    reasonParams: {},
    parts,
  });
}
