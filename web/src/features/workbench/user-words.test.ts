import { describe, expect, it } from 'vitest';
import { compileToolPrompt, toolById } from '../../../../worker/contract/tools';
import { userWords } from './user-words';

describe('userWords (re-edit prefill)', () => {
  it('keeps a workbench prompt as written', () => {
    expect(userWords({ type: 'TEXT_TO_IMAGE', prompt: 'a red fox in snow, realistic photo' })).toBe('a red fox in snow, realistic photo');
  });

  it.each([
    ['pop-art-portrait', 'POP_ART_PORTRAIT', { extra: 'more pink' }, 'more pink'],
    ['pop-art-portrait', 'POP_ART_PORTRAIT', {}, ''],
    ['logo-generation', 'LOGO_GENERATION', { extra: 'a fox for a coffee shop' }, 'a fox for a coffee shop'],
    [
      'id-photo-generation',
      'ID_PHOTO_GENERATION',
      { size: 'passport', backgroundColor: '#ff0000', extra: 'smile a little' },
      'smile a little',
    ],
    ['id-photo-generation', 'ID_PHOTO_GENERATION', { size: 'visa', backgroundColor: '#ffffff' }, ''],
    ['restored-image', 'RESTORED_IMAGE', { extra: 'keep the grain' }, 'keep the grain'],
  ] as const)('%s gives back only the user words, never the template', (id, type, inputs, words) => {
    const prompt = compileToolPrompt(toolById(id), inputs);
    expect(userWords({ type, prompt, toolId: id })).toBe(words);
    expect(userWords({ type, prompt })).toBe(words);
  });

  it('face swap: the words after the fixed phrase', () => {
    expect(
      userWords({ type: 'FACE_SWAP', prompt: 'Keep the identity and facial structure of the person, change only: a pirate hat' }),
    ).toBe('a pirate hat');
    expect(
      userWords({
        type: 'FACE_SWAP',
        prompt: 'Keep the identity and facial structure of the person, change only: nothing, improve the photo',
      }),
    ).toBe('');
  });
});
