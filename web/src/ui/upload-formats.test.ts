import { describe, expect, it, vi } from 'vitest';

// Vitest runs without the Lingui compiler; the hook is not called here.
vi.mock('@lingui/react/macro', () => ({ useLingui: () => ({}) }));
const { acceptedFormatsText } = await import('./upload-formats');

describe('acceptedFormatsText', () => {
  it('lists the formats the field accepts, GIF only where accepted, in each language', () => {
    expect(acceptedFormatsText(false, 'en')).toBe('JPG, PNG, WebP');
    expect(acceptedFormatsText(true, 'en')).toBe('JPG, PNG, WebP, GIF');
    expect(acceptedFormatsText(false, 'zh-Hant')).toBe('JPG、PNG、WebP');
    expect(acceptedFormatsText(true, 'zh-Hant')).toBe('JPG、PNG、WebP、GIF');
  });
});
