import { describe, expect, it } from 'vitest';
import { SIZES } from '../../../../worker/contract/generation';
import { SIZE_OPTIONS } from './sizes';

describe('workbench sizes', () => {
  it('are the contract’s sizes (a copy only to keep zod off the first load)', () => {
    expect(SIZE_OPTIONS).toEqual(SIZES);
  });
});
