/**
 * What a prompt asks for, by keyword (English and Traditional Chinese). The renderer composes a
 * picture from these elements, so the output visibly follows the prompt's words.
 */
export type TimeOfDay = 'day' | 'sunset' | 'night';
export type Subject = 'cat' | 'dog' | 'bird' | 'person' | null;

export interface Scene {
  time: TimeOfDay;
  mountains: boolean;
  water: boolean;
  forest: boolean;
  city: boolean;
  neon: boolean;
  desert: boolean;
  snow: boolean;
  flowers: boolean;
  space: boolean;
  rain: boolean;
  fog: boolean;
  subject: Subject;
  /** Hue shift requested by colour words, in degrees, or null. */
  tint: string | null;
}

const has = (text: string, words: string[]) => words.some((w) => text.includes(w));

const COLOURS: [string[], string][] = [
  [['red', 'crimson', '紅'], '#ef4444'],
  [['blue', 'azure', '藍'], '#3b82f6'],
  [['gold', 'golden', 'yellow', '金', '黃'], '#f59e0b'],
  [['purple', 'violet', '紫'], '#8b5cf6'],
  [['pink', 'rose', '粉'], '#ec4899'],
  [['green', 'emerald', '綠'], '#10b981'],
  [['teal', 'cyan', 'turquoise', '青'], '#14b8a6'],
  [['orange', '橙'], '#f97316'],
];

export function parsePromptScene(prompt: string): Scene {
  const text = prompt.toLowerCase();
  const night = has(text, ['night', 'moon', 'star', 'galaxy', 'midnight', '夜', '星空', '月']);
  const sunset = has(text, ['sunset', 'sunrise', 'dusk', 'dawn', 'golden hour', '日落', '黃昏', '日出']);
  const neon = has(text, ['neon', 'cyberpunk', 'synthwave', '霓虹', '賽博']);
  const space = has(text, ['space', 'planet', 'galaxy', 'nebula', 'cosmic', 'saturn', '太空', '星球', '宇宙']);
  return {
    time: night || neon || space ? 'night' : sunset ? 'sunset' : 'day',
    mountains: has(text, ['mountain', 'alps', 'peak', 'hill', 'volcano', '山']),
    water: has(text, ['ocean', 'sea', 'beach', 'lake', 'wave', 'river', 'harbor', 'harbour', 'water', '海', '湖', '河']),
    forest: has(text, ['forest', 'tree', 'jungle', 'woods', 'pine', '森林', '樹']),
    city: has(text, ['city', 'skyline', 'building', 'architecture', 'street', 'tokyo', 'town', '城市', '建築', '街']) || neon,
    neon,
    desert: has(text, ['desert', 'dune', 'sahara', '沙漠']),
    snow: has(text, ['snow', 'winter', 'ice', 'frozen', '雪', '冬']),
    flowers: has(text, ['flower', 'garden', 'blossom', 'bloom', 'tulip', 'sakura', 'cherry', '花']),
    space,
    rain: has(text, ['rain', 'storm', 'drizzle', '雨']),
    fog: has(text, ['fog', 'mist', 'haze', '霧']),
    subject: has(text, ['cat', 'kitten', '貓'])
      ? 'cat'
      : has(text, ['dog', 'puppy', '狗'])
        ? 'dog'
        : has(text, ['bird', 'eagle', 'crane', '鳥'])
          ? 'bird'
          : has(text, ['portrait', 'person', 'woman', 'man', 'girl', 'boy', 'face', 'astronaut', '人像', '女孩', '男孩', '人'])
            ? 'person'
            : null,
    tint: COLOURS.find(([words]) => has(text, words))?.[1] ?? null,
  };
}
