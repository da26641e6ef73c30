import { describe, expect, it } from 'vitest';
import { formatCredits, formatMoney } from './format';

describe('formatCredits', () => {
  it('uses K above 1,000 and M above 1,000,000', () => {
    expect(formatCredits(999)).toBe('999');
    expect(formatCredits(1000)).toBe('1K');
    expect(formatCredits(1500)).toBe('1.5K');
    expect(formatCredits(2_345_678)).toBe('2.3M');
    expect(formatCredits(-1500)).toBe('-1.5K');
  });
  it('formats money with a $ prefix', () => expect(formatMoney(19.99)).toBe('$19.99'));
});
