import { describe, expect, it } from 'vitest';
import { shareOfDebit } from './batch-share';

describe('shareOfDebit', () => {
  it('lays a batch debit out bucket by bucket in spend order, so the shares add up to the debit', () => {
    // 4 images × 5 credits, paid 3 from the subscription, 10 free, 7 paid.
    const spent = { subscription: 3, free: 10, paid: 7 };
    const shares = [0, 1, 2, 3].map((i) => shareOfDebit(spent, i, 5));
    expect(shares).toEqual([{ subscription: 3, free: 2 }, { free: 5 }, { free: 3, paid: 2 }, { paid: 5 }]);
    const total = { subscription: 0, free: 0, paid: 0 };
    for (const share of shares) for (const [bucket, amount] of Object.entries(share)) total[bucket as keyof typeof total] += amount;
    expect(total).toEqual(spent);
  });

  it('gives nothing for a share beyond the debit', () => {
    expect(shareOfDebit({ free: 8 }, 2, 4)).toEqual({});
  });
});
