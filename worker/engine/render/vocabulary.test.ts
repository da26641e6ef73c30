import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { QUICK_STYLE_TEXTS, STYLE_TEXTS } from '../../contract/style-texts';
import { renderFromPrompt, renderScene } from './procedural';
import { riderOf } from './sprites';
import { findSubjects, loadVocabulary } from './vocabulary';

const labels = (prompt: string) => findSubjects(prompt).map((hit) => hit.label);
const CJK = /\p{Script=Han}/u;

describe('subject vocabulary', () => {
  it('holds at least 1,000 drawable subjects, most with a Traditional Chinese name', () => {
    const { entries, byKeyword } = loadVocabulary();
    expect(entries.length).toBeGreaterThanOrEqual(1000);
    const named = new Set([...byKeyword].filter(([keyword]) => CJK.test(keyword)).map(([, index]) => index));
    expect(named.size).toBeGreaterThan(entries.length * 0.9);
    // No flags, keycaps or symbols: every subject is something one can draw in a scene.
    expect(entries.some((entry) => /^flag:|keycap|^(up|down|left|right)[\w -]*arrow$/.test(entry.label))).toBe(false);
  });

  it('finds what a prompt names, in English and Chinese, as words', () => {
    expect(labels('a red fox')).toEqual(['fox']);
    expect(labels('two foxes in the snow')).toEqual(['fox']);
    expect(labels('一碗拉麵')).toEqual(['steaming bowl']);
    // Longest Chinese name first: 義大利麵 is spaghetti, not the 麵 of a ramen bowl.
    expect(labels('一盤義大利麵')).toEqual(['spaghetti']);
    expect(labels('a knight on a horse')).toEqual(['person fencing', 'horse']);
    expect(labels('a cat and a dog on the beach')).toEqual(['cat', 'dog']);
    expect(labels('海邊的貓')).toEqual(['cat']);
    // Multi-word names before their words: not "air", not a wind face.
    expect(labels('a hot air balloon over mountains')).toEqual(['balloon']);
    expect(labels('medieval knight')).toEqual(['person fencing']);
    expect(labels('Coldplay at night')).toEqual([]);
    expect(labels('the meaning of time')).toEqual([]);
    // Shared CLDR tags and scenery words do not pick a stray subject.
    expect(labels('a house by the lake')).toEqual([]);
    expect(labels('一個麵包')).toEqual(['bread']);
    expect(labels('a car and a bike')).toEqual(['automobile', 'bicycle']);
  });

  it("draws nothing for the style buttons' own text, and only the subject beside it", () => {
    for (const { suffix } of [...STYLE_TEXTS, ...QUICK_STYLE_TEXTS]) {
      expect(labels(suffix), suffix).toEqual([]);
      // As the workbench sends it: the prompt, then ", " and the style text (prompt-suffix.ts).
      expect(labels(`a red fox, ${suffix}`), suffix).toEqual(['fox']);
      expect(labels(`一碗拉麵, ${suffix}`), suffix).toEqual(['steaming bowl']);
    }
  });

  it('draws what the inspiration chips name, and nothing for their adjectives', () => {
    // The INSPIRATION prompts of web/src/features/workbench/styles.ts.
    const inspiration: [string, string[]][] = [
      ['Golden hour over snowy mountains and a calm lake, wide landscape', []],
      ['Portrait of a woman in soft window light, shallow depth of field', ['woman']],
      ['Modern city skyline at sunset, glass towers reflecting the sky', []],
      ['Abstract composition of flowing violet and gold shapes', []],
      ['Neon cyberpunk city at night in the rain, flying lights', []],
      ['Misty pine forest by a river at dawn', []],
      ['A curious cat sitting in a blooming flower garden', ['cat']],
      ['A ringed planet rising over a desert of purple dunes', []],
    ];
    for (const [prompt, expected] of inspiration) expect(labels(prompt), prompt).toEqual(expected);
  });

  it('takes no adjective, mood or setting word for a subject, in either language', () => {
    const words = ['delicious', '好吃', '美味', 'cool', 'wild', 'lucky', '幸運', 'strong', 'sharp', 'field', '平靜', '寧靜'];
    words.push('calm', 'curious', '好奇', 'playful', '好玩', 'natural', 'shallow', 'violet', 'brush strokes', 'geometric shapes');
    words.push('tired', 'proud', 'slow', 'lazy', '海底', '空中', '白色', '黑色', '春天', '危險', '透明');
    for (const word of words) expect(labels(word), word).toEqual([]);
    expect(labels('a wild horse')).toEqual(['horse']);
    expect(labels('a sunflower field')).toEqual(['sunflower']);
    expect(labels('海底的章魚')).toEqual(['octopus']);
    expect(labels('a delicious pizza')).toEqual(['pizza']);
    // Tags that name the thing still count, in both languages.
    expect(labels('a puppy')).toEqual(['dog']);
    expect(labels('a hippo')).toEqual(['hippopotamus']);
    expect(labels('a tortoise')).toEqual(['turtle']);
    expect(labels('一隻小狗')).toEqual(['dog']);
    expect(labels('一碗熱麵碗')).toEqual(['steaming bowl']);
    expect(labels('國王')).toEqual(['person with crown']);
  });

  it('reads the bat in "a baseball bat", and 騎馬的騎士 as a knight riding a horse', () => {
    expect(labels('a baseball bat')).toEqual(['cricket game']);
    expect(labels('a bat in a cave')).toEqual(['bat']);
    const hits = findSubjects('騎馬的騎士');
    expect(hits.map((hit) => hit.label)).toEqual(['horse', 'person fencing']);
    expect(riderOf('騎馬的騎士', hits)).toEqual({ rider: 1, mount: 0 });
    const english = findSubjects('a knight on a horse');
    expect(riderOf('a knight on a horse', english)).toEqual({ rider: 0, mount: 1 });
    // The panda gets its bamboo (the kadomatsu's cut stalks: CLDR has no bamboo of its own).
    expect(labels('熊貓吃竹子')).toEqual(['panda', 'pine decoration']);
  });

  it('knows where a subject belongs', () => {
    const kind = (prompt: string) => findSubjects(prompt)[0]?.kind;
    expect(kind('an eagle')).toBe('sky');
    expect(kind('一隻章魚')).toBe('sea');
    expect(kind('a bowl of ramen')).toBe('table');
    expect(kind('a tiger')).toBe('ground');
  });
});

describe('text-to-image draws the subject', () => {
  const region = async (png: Uint8Array, left: number, top: number, width: number, height: number) => {
    const { data } = await sharp(png).extract({ left, top, width, height }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return data;
  };
  const mean = (data: Buffer) => {
    const sum = [0, 0, 0];
    for (let i = 0; i < data.length; i += 3) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
    return sum.map((s) => s / (data.length / 3));
  };

  it('puts a fox-orange fox in the middle of the picture, which the same scene without it lacks', async () => {
    const input = { style: 'cartoon', width: 256, height: 256, seed: 5 } as const;
    const fox = await renderFromPrompt({ ...input, prompt: 'a red fox in a meadow' });
    const empty = await renderFromPrompt({ ...input, prompt: 'a red meadow' });
    const [withFox, without] = await Promise.all([region(fox, 96, 96, 64, 96), region(empty, 96, 96, 64, 96)]);
    let difference = 0;
    for (let i = 0; i < withFox.length; i++) difference += Math.abs(withFox[i]! - without[i]!);
    expect(difference / withFox.length).toBeGreaterThan(40);
    const [r, g, b] = mean(withFox);
    expect(r).toBeGreaterThan(g! + 30);
    expect(r).toBeGreaterThan(b! + 60);
  });

  it('keeps the seed: same prompt and seed → same bytes, another seed → another picture', async () => {
    const input = { prompt: '一碗拉麵', style: 'anime', width: 128, height: 128 } as const;
    const first = await renderFromPrompt({ ...input, seed: 9 });
    expect(await renderFromPrompt({ ...input, seed: 9 })).toEqual(first);
    expect(await renderFromPrompt({ ...input, seed: 10 })).not.toEqual(first);
  });

  it('tints a subject named in another colour, and leaves a red fox its own orange', async () => {
    const input = { style: 'cartoon', width: 256, height: 256, seed: 5 } as const;
    const [r, g, b] = mean(await region(await renderFromPrompt({ ...input, prompt: 'a blue fox in a meadow' }), 96, 96, 64, 96));
    expect(b).toBeGreaterThan(r! + 40);
    expect(b).toBeGreaterThan(g! - 10);
  });

  it('frames an animal drawn as a head like a portrait, cut by the bottom edge, not lying on the grass', async () => {
    const fox = await renderFromPrompt({ prompt: 'a red fox in a meadow', style: 'cartoon', width: 256, height: 256, seed: 5 });
    // The bottom rows under the middle are the fox's white chin and orange cheeks, not green grass.
    const [r, g, b] = mean(await region(fox, 112, 248, 32, 8));
    expect(r).toBeGreaterThan(g! + 10);
    expect(r).toBeGreaterThan(b! + 40);
  });

  it('stands a subject by the water on a near shore, not in the waves', async () => {
    const { plan } = await renderScene({ prompt: 'a dog by the lake', style: 'realistic', width: 128, height: 128, seed: 2 });
    expect(plan.drawn.water).toBeGreaterThan(0);
    expect(plan.drawn.grass).toBeGreaterThan(0);
  });

  it('draws sea animals underwater: blue above and around them', async () => {
    const octopus = await renderFromPrompt({ prompt: '一隻章魚', style: 'realistic', width: 128, height: 128, seed: 3 });
    const [r, , b] = mean(await region(octopus, 0, 0, 128, 24));
    expect(b).toBeGreaterThan(r! + 40);
  });
});
