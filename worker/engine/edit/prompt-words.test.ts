import { describe, expect, it } from 'vitest';
import { namesAny, phrasePattern } from './prompt-words';

describe('prompt words', () => {
  it('matches whole words only: a knight is not the night, Coldplay is not cold', () => {
    expect(namesAny('a medieval knight in armour', ['night'])).toBe(false);
    expect(namesAny('the city at night', ['night'])).toBe(true);
    expect(namesAny('Coldplay poster', ['cold'])).toBe(false);
    expect(namesAny('a cold morning', ['cold'])).toBe(true);
    expect(namesAny('photograph of a pen', ['photo'])).toBe(false);
  });

  it('is case-insensitive and lets a phrase span spaces or hyphens', () => {
    expect(namesAny('In Black-and-White please', ['black and white'])).toBe(true);
    expect(namesAny('OIL   PAINTING', ['oil painting'])).toBe(true);
    expect(namesAny('an oily painting', ['oil painting'])).toBe(false);
  });

  it('finds Chinese words inside a sentence without spaces', () => {
    expect(namesAny('請把這張照片變成水彩畫', ['水彩'])).toBe(true);
    expect(namesAny('夜晚的城市', ['水彩'])).toBe(false);
  });

  it('treats regex characters in phrases literally', () => {
    expect(phrasePattern(['c++']).test('written in c++ style')).toBe(true);
    expect(phrasePattern(['a.b']).test('axb')).toBe(false);
  });
});
