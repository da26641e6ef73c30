import { describe, expect, it } from 'vitest';
import { chineseWordOffsets, namesChineseWord } from './chinese-words';
import { parsePromptScene } from './scene';
import { findSubjects } from './vocabulary';

const labels = (prompt: string) => findSubjects(prompt).map((hit) => hit.label);

describe('Chinese keywords match as words', () => {
  it('takes a single character only where it is a word on its own', () => {
    // 電影|感|光線: cinematic lighting, no spool of thread for the 線 of 光線.
    expect(namesChineseWord('電影感光線', '線')).toBe(false);
    expect(namesChineseWord('一條線', '線')).toBe(true);
    // 線上 is "online", 馬上 "at once": ICU keeps them whole, and they are no thread and no horse.
    expect(namesChineseWord('線上', '線')).toBe(false);
    expect(namesChineseWord('馬上出發', '馬')).toBe(false);
    expect(namesChineseWord('火車站', '火')).toBe(false);
    expect(namesChineseWord('花生', '花')).toBe(false);
    expect(namesChineseWord('熊貓', '貓')).toBe(false);
    expect(namesChineseWord('一隻貓', '貓')).toBe(true);
    expect(chineseWordOffsets('貓和狗', '狗')).toEqual([2]);
  });

  it('reads the noun inside a counted or placed phrase, and names of two or more characters inside longer words', () => {
    // ICU keeps 一朵花, 一棵樹, 山上, 花園裡 whole; the noun in them is still named.
    expect(namesChineseWord('一朵花', '花')).toBe(true);
    expect(namesChineseWord('一棵樹', '樹')).toBe(true);
    expect(namesChineseWord('山上的城堡', '山')).toBe(true);
    expect(namesChineseWord('花園裡的貓', '花園')).toBe(true);
    // 太空|人: a run of whole words; 大熊貓: a name at the end of a longer word.
    expect(namesChineseWord('太空人', '太空人')).toBe(true);
    expect(namesChineseWord('一隻大熊貓', '熊貓')).toBe(true);
  });

  it('finds the subjects of compound words by their whole names, not by their characters', () => {
    const before = labels('電影感光線');
    expect(before).toEqual([]);
    expect(labels('線上')).toEqual([]);
    expect(labels('火車站')).toEqual(['train']);
    expect(labels('花生')).toEqual(['peanuts']);
    expect(labels('月餅')).toEqual(['moon cake']);
    // Prompts that should still find their subjects.
    expect(labels('一隻貓')).toEqual(['cat']);
    expect(labels('紅狐狸在雪林')).toEqual(['fox']);
    expect(labels('電影感光線的貓')).toEqual(['cat']);
    expect(labels('騎著馬的女孩')).toEqual(['horse', 'girl']);
    expect(labels('三隻小貓')).toEqual(['cat']);
    expect(labels('一盤義大利麵')).toEqual(['spaghetti']);
  });

  it('reads the scene of Chinese prompts by words too', () => {
    // The flowers of 花生, the night of 月餅 and the mountains of 山羊 are not in the picture.
    expect(parsePromptScene('花生').flowers).toBe(false);
    expect(parsePromptScene('月餅').time).toBe('day');
    expect(parsePromptScene('山羊').mountains).toBe(false);
    expect(parsePromptScene('電影感光線').matched).toEqual([]);
    // Scene words still read, on their own, in compounds the lexicon lists and before a localiser.
    expect(parsePromptScene('紅狐狸在雪林')).toMatchObject({ forest: true, snow: true });
    expect(parsePromptScene('一朵花')).toMatchObject({ flowers: true });
    expect(parsePromptScene('雪山下的湖')).toMatchObject({ mountains: true, snow: true, water: 'lake' });
    expect(parsePromptScene('夜晚的城市')).toMatchObject({ city: true, time: 'night' });
    expect(parsePromptScene('湖邊的小屋')).toMatchObject({ water: 'lake', landmark: 'cabin' });
    expect(parsePromptScene('寒冷的冬天')).toMatchObject({ snow: true });
    // Colour characters stay inside the words they colour.
    expect(parsePromptScene('紅色的花').colors).toEqual(['#e23b4a']);
  });
});
