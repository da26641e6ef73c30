import { describe, expect, it } from 'vitest';
import { ignoredOptions } from './generation-options';

const offline = { textToImage: ['negativePrompt', 'seed'], edit: ['seed', 'strength'] } as const;

describe('ignoredOptions', () => {
  it('names only what the job set and its engine does not honour', () => {
    expect(ignoredOptions('textToImage', { steps: 20, cfgScale: 7 }, offline)).toEqual([]);
    expect(ignoredOptions('textToImage', { negativePrompt: 'dog', steps: 30, cfgScale: 7, sampler: 'euler' }, offline)).toEqual([
      'steps',
      'sampler',
    ]);
    // Editing's guidance default is 7.5: 7 is a choice there.
    expect(ignoredOptions('edit', { negativePrompt: ' ', cfgScale: 7, strength: 0.5 }, offline)).toEqual(['cfgScale']);
    expect(ignoredOptions('edit', { negativePrompt: 'blur', cfgScale: 7.5 }, offline)).toEqual(['negativePrompt']);
  });

  it('says every set option is ignored, the seed too, by an engine that honours none', () => {
    expect(ignoredOptions('edit', { strength: 0.3, steps: 5 }, { textToImage: [], edit: [] })).toEqual(['seed', 'strength', 'steps']);
  });
});
