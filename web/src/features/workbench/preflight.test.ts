import { describe, expect, it } from 'vitest';
import { OPTION_LIMITS } from '@worker/contract/generation-options';
import { optionGroups, preflightBody, rangeOf } from './preflight';

const form = {
  prompt: ' a red fox in a meadow ',
  negativePrompt: ' low quality ',
  style: 'realistic',
  width: 1024,
  height: 1024,
  seed: '',
  count: 1,
  valid: true,
};

describe('workbench preflight', () => {
  it('asks only when there is a negative prompt to judge, with the fields the job will be sent', () => {
    expect(preflightBody(form)).toEqual({
      prompt: 'a red fox in a meadow',
      negativePrompt: 'low quality',
      style: 'realistic',
      width: 1024,
      height: 1024,
      count: 1,
      model: 'nano',
    });
    expect(preflightBody({ ...form, seed: '42', count: 3 })).toMatchObject({ seed: 42, count: 3 });
    expect(preflightBody({ ...form, negativePrompt: '  ' })).toBeNull();
    expect(preflightBody({ ...form, prompt: '' })).toBeNull();
    // A field out of range would be refused by the API: nothing to ask until it is fixed.
    expect(preflightBody({ ...form, valid: false })).toBeNull();
    expect(preflightBody({ ...form, negativePrompt: 'x'.repeat(OPTION_LIMITS.negativePromptMax + 1) })).toBeNull();
  });

  it('sets apart the options the engine does not use', () => {
    const shown = ['negativePrompt', 'seed', 'steps', 'cfgScale'] as const;
    expect(optionGroups(shown, ['negativePrompt', 'seed'])).toEqual({ used: ['negativePrompt', 'seed'], unused: ['steps', 'cfgScale'] });
    // Before the engine's table arrives every option is shown as used.
    expect(optionGroups(shown, null)).toEqual({ used: [...shown], unused: [] });
  });

  it('states the ranges the server checks', () => {
    expect(rangeOf('steps')).toEqual({ min: 1, max: 100 });
    expect(rangeOf('cfgScale')).toEqual(OPTION_LIMITS.cfgScale);
    expect(rangeOf('negativePrompt')).toBeNull();
  });
});
