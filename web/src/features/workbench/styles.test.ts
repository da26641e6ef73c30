import { describe, expect, it, vi } from 'vitest';
import { zhTranslation } from '@web/locales/zh-hant-catalogue.test-support';

// Vitest runs without the Lingui compiler: `msg` becomes a plain descriptor with its English message.
vi.mock('@lingui/core/macro', () => ({ msg: (strings: TemplateStringsArray) => ({ message: strings.join('') }) }));
const { INSPIRATION, QUICK_STYLES, STYLE_OPTIONS } = await import('./styles');

/** The buttons each workbench mode shows together: two that read alike would be one name for two actions. */
const PANELS = {
  'text to image': [...INSPIRATION, ...STYLE_OPTIONS],
  'image editing': [...QUICK_STYLES, ...STYLE_OPTIONS],
};

describe('workbench buttons', () => {
  it.each(Object.entries(PANELS))('%s: each button has a name of its own in English and in Traditional Chinese', (_, buttons) => {
    const english = buttons.map((button) => button.label.message!);
    const chinese = english.map(zhTranslation);
    expect(new Set(english).size).toBe(english.length);
    expect(chinese.filter((name) => !name)).toEqual([]);
    expect(chinese.filter((name, i) => chinese.indexOf(name) !== i)).toEqual([]);
  });
});
