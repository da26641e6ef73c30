import { describe, expect, it } from 'vitest';
import { applySuffix, sendWithSuffix } from './prompt-suffix';

describe('applySuffix', () => {
  it('appends a style description and replaces the previous one', () => {
    const once = applySuffix('a cat', undefined, 'anime style');
    expect(once).toBe('a cat, anime style');
    expect(applySuffix(once, 'anime style', 'cartoon')).toBe('a cat, cartoon');
    expect(applySuffix('', undefined, 'cartoon')).toBe('cartoon');
  });

  it('joins Chinese with a full-width comma and replaces it the same way', () => {
    const once = applySuffix('一隻貓', undefined, '動漫風格', '，');
    expect(once).toBe('一隻貓，動漫風格');
    expect(applySuffix(once, '動漫風格', '卡通插畫', '，')).toBe('一隻貓，卡通插畫');
  });
});

describe('sendWithSuffix', () => {
  const anime = { shown: '動漫風格，線條乾淨', sent: 'anime style, clean line art' };

  it('sends the English description in place of the one the reader sees', () => {
    expect(sendWithSuffix('一隻貓，動漫風格，線條乾淨 ', anime)).toBe('一隻貓, anime style, clean line art');
    expect(sendWithSuffix('動漫風格，線條乾淨', anime)).toBe('anime style, clean line art');
  });

  it('sends a prompt whose description was edited as it was typed', () => {
    expect(sendWithSuffix('一隻貓，動漫', anime)).toBe('一隻貓，動漫');
    expect(sendWithSuffix(' a cat ', undefined)).toBe('a cat');
  });
});
