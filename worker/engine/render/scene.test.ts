import { describe, expect, it } from 'vitest';
import { isUnknownScene, parsePromptScene } from './scene';

describe('parsePromptScene', () => {
  it('picks the scene elements a prompt names', () => {
    const s = parsePromptScene('sunset over mountains');
    expect(s).toMatchObject({ time: 'sunset', mountains: true, water: null, city: false });
    expect(parsePromptScene('Neon cyberpunk street in the rain')).toMatchObject({ neon: true, city: true, rain: true, time: 'night' });
    expect(parsePromptScene('A calm lake at dawn')).toMatchObject({ water: 'lake', time: 'dawn' });
    expect(parsePromptScene('waves on a tropical beach')).toMatchObject({ water: 'ocean', beach: true, palms: true });
    expect(parsePromptScene('a ringed planet in deep space')).toMatchObject({ space: true, time: 'night' });
    expect(parsePromptScene('misty pine forest in winter')).toMatchObject({ forest: true, fog: true, snow: true });
    expect(parsePromptScene('northern lights over a cabin')).toMatchObject({ aurora: true, landmark: 'cabin', time: 'night' });
  });

  it('reads Traditional Chinese keywords', () => {
    expect(parsePromptScene('城市 夜')).toMatchObject({ city: true, time: 'night' });
    expect(parsePromptScene('日落時的山')).toMatchObject({ time: 'sunset', mountains: true });
    expect(parsePromptScene('海邊')).toMatchObject({ water: 'ocean' });
    expect(parsePromptScene('森林裡的雪')).toMatchObject({ forest: true, snow: true });
    expect(parsePromptScene('花園裡的貓')).toMatchObject({ flowers: true, subject: 'cat' });
    expect(parsePromptScene('一隻狗')).toMatchObject({ subject: 'dog' });
    expect(parsePromptScene('星空')).toMatchObject({ time: 'night' });
    expect(parsePromptScene('女孩人像')).toMatchObject({ subject: 'person', portrait: true, female: true });
  });

  it('picks subjects, portraits and landmarks', () => {
    expect(parsePromptScene('portrait of a man, headshot')).toMatchObject({ subject: 'person', portrait: true, female: false });
    expect(parsePromptScene('a woman walking on the beach')).toMatchObject({ subject: 'person', portrait: false, female: true });
    expect(parsePromptScene('a flock of birds')).toMatchObject({ subject: 'bird' });
    expect(parsePromptScene('an astronaut on the moon')).toMatchObject({ subject: 'astronaut' });
    expect(parsePromptScene('a lighthouse on the coast')).toMatchObject({ landmark: 'lighthouse', water: 'ocean' });
  });

  it('matches whole words, not fragments', () => {
    const s = parsePromptScene('a cathedral on a busy street, season of delicate colours');
    expect(s.subject).toBeNull();
    expect(s.forest).toBe(false);
    expect(s.water).toBeNull();
    expect(parsePromptScene('palm trees by the sea').forest).toBe(false);
    expect(parsePromptScene('pine trees by the sea').forest).toBe(true);
  });

  it('tells colours of the light from colours of things', () => {
    const s = parsePromptScene('a red cat under a purple sky with white clouds');
    expect(s.colors).toEqual(['#e23b4a', '#8b5cf6', '#eef2f7']);
    expect(s.skyColors).toEqual(['#8b5cf6']);
    expect(s.objectColors).toContainEqual({ noun: 'cat', color: '#e23b4a' });
    expect(s.tint).toBe('#e23b4a');
    // "Golden hour" is a time, not a colour.
    expect(parsePromptScene('golden hour over the hills').colors).toEqual([]);
    expect(parsePromptScene('紅色的花').colors).toEqual(['#e23b4a']);
  });

  it('flags prompts it cannot picture', () => {
    expect(isUnknownScene(parsePromptScene('the meaning of time'))).toBe(true);
    expect(isUnknownScene(parsePromptScene('a dog'))).toBe(false);
    expect(isUnknownScene(parsePromptScene('stormy night'))).toBe(false);
  });
});
