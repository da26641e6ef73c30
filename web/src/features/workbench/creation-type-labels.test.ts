import { describe, expect, it, vi } from 'vitest';
import { zhTranslation } from '@web/locales/zh-hant-catalogue.test-support';
import { CREATION_TYPES } from '@worker/contract/creation-types';
import { TOOL_CATALOGUE } from '@worker/contract/tools';

// Vitest runs without the Lingui compiler: `msg` becomes a plain descriptor with its English message.
vi.mock('@lingui/core/macro', () => ({ msg: (strings: TemplateStringsArray) => ({ message: strings.join('') }) }));
const { CREATION_TYPE_LABELS, creationTypeLabel } = await import('./creation-type-labels');
const { TOOLS } = await import('../tools/catalogue');

describe('creation type labels', () => {
  it('name each record kind after the tool that makes it, as the tool pages do', () => {
    for (const definition of TOOL_CATALOGUE) {
      const tool = TOOLS.find((t) => t.id === definition.id)!;
      expect(CREATION_TYPE_LABELS[definition.recordType], definition.id).toBe(tool.title);
    }
    expect(creationTypeLabel('ID_PHOTO_GENERATION')?.message).toBe('ID photo');
    expect(creationTypeLabel('RESTORED_IMAGE')?.message).toBe('Photo restoration');
    expect(creationTypeLabel('UPSCALED_IMAGE')?.message).toBe('Image upscaler');
  });

  it.each(CREATION_TYPES)('%s: a Traditional Chinese name from the catalogue', (type) => {
    expect(zhTranslation(CREATION_TYPE_LABELS[type].message!)).toMatch(/\p{Script=Han}/u);
  });

  it('reads the ID photo and restoration names in zh-Hant as their tool pages do', () => {
    expect(zhTranslation(creationTypeLabel('ID_PHOTO_GENERATION')!.message!)).toBe(zhTranslation('ID photo'));
    expect(zhTranslation('ID photo')).toBeTruthy();
    expect(zhTranslation('Photo restoration')).toBeTruthy();
  });

  it('has no name for a type this build does not know', () => expect(creationTypeLabel('HOLOGRAM')).toBeNull());
});
