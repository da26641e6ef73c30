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

  it('matches Chinese by words: the 冷 of 冷靜 (calm) is not cold, the 暗 of 暗紅色 (dark red) is not darken', () => {
    // The edit table's cool and darken phrases (edit-instructions.ts).
    const cool = ['cool', 'cooler', 'cold', 'icy', 'winter', '冷'];
    const dark = ['dark', 'darker', 'moody', 'night', '暗'];
    expect(namesAny('一位冷靜的中世紀騎士', cool)).toBe(false);
    expect(namesAny('一位冷靜的中世紀騎士', dark)).toBe(false);
    expect(namesAny('暗紅色的玫瑰', dark)).toBe(false);
    expect(namesAny('寒冷的冬天', cool)).toBe(true);
    expect(namesAny('冰冷的湖面', cool)).toBe(true);
    expect(namesAny('冷色調的城市', cool)).toBe(true);
    expect(namesAny('把照片調暗一點', dark)).toBe(true);
    expect(namesAny('昏暗的房間', dark)).toBe(true);
    expect(namesAny('讓畫面暗一些', dark)).toBe(true);
  });

  it('matches Chinese words the segmenter splits, and whole words that start a compound', () => {
    // ICU splits these into single characters: the phrase is then a run of whole words.
    expect(namesAny('變成動漫風格', ['動漫'])).toBe(true);
    expect(namesAny('做一個鏡像', ['鏡像'])).toBe(true);
    expect(namesAny('普普藝術', ['普普'])).toBe(true);
    expect(namesAny('賽博朋克風格', ['賽博'])).toBe(true);
    // 水彩畫, 霓虹燈 and 鉛筆畫 are one word each: a watercolour, a neon lamp, a pencil drawing.
    expect(namesAny('霓虹燈下的街道', ['霓虹'])).toBe(true);
    expect(namesAny('一張鉛筆畫', ['鉛筆'])).toBe(true);
    expect(namesAny('in 水彩 please', ['watercolor', '水彩'])).toBe(true);
  });

  it('treats regex characters in phrases literally', () => {
    expect(phrasePattern(['c++']).test('written in c++ style')).toBe(true);
    expect(phrasePattern(['a.b']).test('axb')).toBe(false);
  });
});
