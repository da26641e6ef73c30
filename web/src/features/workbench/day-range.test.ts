import { describe, expect, it } from 'vitest';
import { dayRange } from './day-range';

describe('dayRange', () => {
  it('turns local days into the instants the API filters by: from the first midnight to the one after the last day', () => {
    const { createdFrom, createdBefore } = dayRange('2026-11-27', '2026-11-28');
    expect(new Date(createdFrom!).getTime()).toBe(new Date(2026, 10, 27).getTime());
    expect(new Date(createdBefore!).getTime()).toBe(new Date(2026, 10, 29).getTime());
  });

  it('leaves out an empty end, and crosses month ends', () => {
    expect(dayRange('', '')).toEqual({});
    expect(dayRange('2026-11-30', '')).toEqual({ createdFrom: new Date(2026, 10, 30).toISOString() });
    expect(dayRange('', '2026-11-30')).toEqual({ createdBefore: new Date(2026, 11, 1).toISOString() });
  });

  it('keeps a reversed range reversed, even by one day, so the server refuses it instead of finding nothing', () => {
    for (const [from, to] of [
      ['2026-12-06', '2026-12-05'],
      ['2026-12-06', '2026-11-28'],
    ] as const) {
      const { createdFrom, createdBefore } = dayRange(from, to);
      expect(Date.parse(createdBefore!)).toBeLessThan(Date.parse(createdFrom!));
    }
    const oneDay = dayRange('2026-12-06', '2026-12-06');
    expect(Date.parse(oneDay.createdBefore!)).toBeGreaterThan(Date.parse(oneDay.createdFrom!));
  });
});
