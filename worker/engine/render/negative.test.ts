import { describe, expect, it } from 'vitest';
import { readNegativePrompt, type Omittable } from './negative';
import { renderScene } from './procedural';
import type { RenderInput } from './compose';

const frame = { style: 'realistic', width: 128, height: 128 } as const;

/** The same render with and without the negative prompt. */
async function withAndWithout(input: Omit<RenderInput, 'width' | 'height' | 'style'> & Partial<RenderInput>, negativePrompt: string) {
  const base = { ...frame, ...input };
  const [plain, negated] = await Promise.all([renderScene(base), renderScene({ ...base, negativePrompt })]);
  return { plain, negated };
}

describe('readNegativePrompt', () => {
  it('reads the scene parts, subjects and kinds of subject a negative prompt names, in both languages', () => {
    const omitted = (text: string) => [...readNegativePrompt(text).omit].sort();
    expect(omitted('trees')).toEqual(['trees']);
    expect(omitted('no trees, mountains or clouds')).toEqual(['clouds', 'mountains', 'trees']);
    expect(omitted('樹、山和雲')).toEqual(['clouds', 'mountains', 'trees']);
    expect(omitted('people, birds, flowers, snow')).toEqual(['birds', 'flowers', 'people', 'snow']);
    expect(omitted('人、鳥、花、雪')).toEqual(['birds', 'flowers', 'people', 'snow']);
    expect(omitted('the sun, the moon and the stars')).toEqual(['moon', 'stars', 'sun']);
    expect(omitted('buildings, water')).toEqual(['buildings', 'water']);
    expect([...readNegativePrompt('animals').families].sort()).toEqual(['animal', 'bird', 'bug']);
    expect(readNegativePrompt('a fox').subjects.size).toBe(1);
    // 電影感光線 is no thread, here either.
    expect(readNegativePrompt('電影感光線').subjects.size).toBe(0);
  });

  it('says which terms name nothing the engine draws or leaves out', () => {
    expect(readNegativePrompt('trees, watermark, text').unknown).toEqual([]);
    expect(readNegativePrompt('blurry, low quality, bad anatomy').unknown).toEqual(['low quality', 'bad anatomy']);
    expect(readNegativePrompt('品質差、樹').unknown).toEqual(['品質差']);
    expect(readNegativePrompt('   ').unknown).toEqual([]);
  });

  it('takes a flaw of a thing for a flaw, not for the thing: "poorly drawn face" keeps the people', () => {
    const flaws = readNegativePrompt('poorly drawn face, bad hands, extra fingers, deformed trees, 畸形的手, blurry');
    expect([...flaws.omit]).toEqual(['blur']);
    expect(flaws.subjects.size + flaws.families.size).toBe(0);
    expect(flaws.unknown).toEqual(['poorly drawn face', 'bad hands', 'extra fingers', 'deformed trees', '畸形的手']);
    // The thing itself, named plainly, is still left out.
    expect([...readNegativePrompt('faces, long grass').omit].sort()).toEqual(['grass', 'people']);
  });
});

describe('the negative prompt leaves out what it names', () => {
  it('keeps trees out of every variation, with the same seeds', async () => {
    // Four variations, as the workbench makes them (consecutive seeds); "a red fox" stands in a
    // landscape chosen by the seed, one of them a forest.
    for (const prompt of ['a cabin in a pine forest', 'a red fox']) {
      let before = 0;
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const { plain, negated } = await withAndWithout({ prompt, seed }, 'trees');
        before += plain.plan.drawn.trees ?? 0;
        expect(negated.plan.drawn.trees ?? 0, `${prompt} #${seed}`).toBe(0);
        if (plain.plan.drawn.trees) expect(Buffer.compare(plain.png, negated.png)).not.toBe(0);
      }
      expect(before, prompt).toBeGreaterThan(20);
    }
  }, 60_000);

  it('keeps trees out of a Chinese prompt with a Chinese negative prompt, and keeps the subject', async () => {
    const { plain, negated } = await withAndWithout({ prompt: '森林裡的鹿', seed: 3 }, '樹');
    expect(plain.plan.drawn.trees).toBeGreaterThan(20);
    expect(negated.plan.drawn.trees ?? 0).toBe(0);
    expect(negated.subjects.map((hit) => hit.label)).toEqual(['deer']);
    expect(Buffer.compare(plain.png, negated.png)).not.toBe(0);
  });

  it('leaves out each scene part it names', async () => {
    const cases: [string, string, Omittable][] = [
      ['sunset over mountains and a lake', 'mountains', 'mountains'],
      ['sunset over mountains and a lake', '湖', 'water'],
      ['a sailboat on the sea on a cloudy day', 'clouds', 'clouds'],
      ['a sunny meadow', 'sun', 'sun'],
      ['a lighthouse under the full moon at night', '月亮', 'moon'],
      ['a starry night over the hills', 'stars', 'stars'],
      ['a city skyline at dusk', 'buildings', 'buildings'],
      ['a castle on a hill', '城堡', 'castle'],
      ['a woman walking on the beach', 'people', 'people'],
      ['一個女孩在海邊', '人', 'people'],
      ['a flock of birds over a lake', 'birds', 'birds'],
      ['a meadow full of flowers', 'flowers', 'flowers'],
      ['櫻花樹', '花', 'flowers'],
      ['a snowy village in winter', 'snow', 'snow'],
      ['a rainy street in the city', 'rain', 'rain'],
      ['a misty lake at dawn', 'fog', 'fog'],
      ['waves on a tropical beach', 'palm trees', 'trees'],
    ];
    for (const [prompt, negativePrompt, part] of cases) {
      const { plain, negated } = await withAndWithout({ prompt, seed: 2 }, negativePrompt);
      const label = `${prompt} − ${negativePrompt}`;
      expect(plain.plan.drawn[part], label).toBeGreaterThan(0);
      expect(negated.plan.drawn[part] ?? 0, label).toBe(0);
      expect(Buffer.compare(plain.png, negated.png), label).not.toBe(0);
    }
  }, 120_000);

  it('leaves out subjects by name and by kind, in both languages', async () => {
    const drawn = async (prompt: string, negativePrompt: string) =>
      (await renderScene({ ...frame, prompt, negativePrompt, seed: 1 })).subjects.map((hit) => hit.label);
    expect(await drawn('a cat and a dog on the beach', '')).toEqual(['cat', 'dog']);
    expect(await drawn('a cat and a dog on the beach', 'dogs')).toEqual(['cat']);
    expect(await drawn('a cat and a dog on the beach', 'animals')).toEqual([]);
    expect(await drawn('貓和狗', '動物')).toEqual([]);
    expect(await drawn('a knight on a horse', 'people')).toEqual(['horse']);
    expect(await drawn('a butterfly and a sunflower', '花')).toEqual(['butterfly']);
    // With its subjects left out the scene draws none of its own in their place.
    const { plan } = await renderScene({ ...frame, prompt: 'a cat and a dog on the beach', negativePrompt: 'animals', seed: 1 });
    expect(plan.drawn.animals ?? 0).toBe(0);
  });

  it('keeps the woman of a portrait with a common negative prompt of flaws', async () => {
    const negativePrompt = 'lowres, bad anatomy, bad hands, poorly drawn face, extra limbs, watermark, signature';
    const portrait = await renderScene({ ...frame, prompt: 'portrait of a woman', negativePrompt, seed: 3 });
    expect(portrait.subjects.map((hit) => hit.label)).toEqual(['woman']);
  });

  it('changes nothing for a negative prompt that names nothing it draws, and says so', async () => {
    const { plain, negated } = await withAndWithout({ prompt: 'a lighthouse by the sea', seed: 4 }, 'low quality, bad anatomy');
    expect(Buffer.compare(plain.png, negated.png)).toBe(0);
    expect(negated.negative.unknown).toEqual(['low quality', 'bad anatomy']);
  });

  it('keeps the bytes the same for the same prompt, negative prompt and seed', async () => {
    const input = { ...frame, prompt: 'a fox in a forest by a lake', negativePrompt: 'trees, water', seed: 8 };
    const [a, b] = await Promise.all([renderScene(input), renderScene(input)]);
    expect(Buffer.compare(a.png, b.png)).toBe(0);
  });
});
