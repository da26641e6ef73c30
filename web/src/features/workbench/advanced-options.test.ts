import { describe, expect, it } from 'vitest';
import { initialAdvancedOptions, invalidOption, optionFields } from './advanced-options-values';

describe('advanced options form', () => {
  it('starts from the spec defaults of each mode', () => {
    expect(optionFields(initialAdvancedOptions('text-to-image'), 'text-to-image')).toEqual({ steps: 20, cfgScale: 7 });
    expect(optionFields(initialAdvancedOptions('image-to-image'), 'image-to-image')).toEqual({ steps: 20, cfgScale: 7.5, strength: 0.75 });
  });

  it('sends what was chosen, and no seed when the field is empty', () => {
    const value = { ...initialAdvancedOptions('text-to-image'), negativePrompt: '  text  ', seed: '42', steps: '30', cfgScale: '9.5' };
    expect(optionFields(value, 'text-to-image')).toEqual({ negativePrompt: 'text', seed: 42, steps: 30, cfgScale: 9.5 });
  });

  it('names the first field outside its range, as the API would', () => {
    const base = initialAdvancedOptions('text-to-image');
    expect(invalidOption(base)).toBeNull();
    expect(invalidOption({ ...base, seed: '2147483648' })).toBe('seed');
    expect(invalidOption({ ...base, steps: '0' })).toBe('steps');
    expect(invalidOption({ ...base, steps: '' })).toBe('steps');
    expect(invalidOption({ ...base, cfgScale: '30.5' })).toBe('cfgScale');
    expect(invalidOption({ ...base, cfgScale: '1e1' })).toBe('cfgScale');
  });
});
