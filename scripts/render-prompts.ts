/**
 * `npx tsx scripts/render-prompts.ts`: a contact sheet of the offline text-to-image engine on 30
 * prompts in English and Traditional Chinese across the five styles, into docs/gallery/prompts.jpg
 * (the picture should show what the prompt names). `--out <dir>` also writes each
 * render at 512 px there, to look at one closely.
 *
 * Two more rows send prompts the way the workbench does after a style button is clicked — the
 * prompt, ", " and the button's text (web/src/features/workbench/prompt-suffix.ts) — plus the
 * inspiration chips and the review's off-gallery cases. Then the negative prompt (the same prompt
 * and seed without and with it: what it names must be gone), Chinese compound words (no character
 * of a longer word may draw a subject) and the looks prompts name (oil, watercolour, sketch, pop
 * art, cyberpunk, "realistic").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp, { type OverlayOptions } from 'sharp';
import { STYLES } from '@worker/contract/generation';
import { STYLE_TEXTS } from '@worker/contract/style-texts';
import { renderTextToImage } from '@worker/engine/render/text-to-image';

export const PROMPTS = [
  'a red fox',
  '一碗拉麵',
  'a knight on a horse',
  'a cat and a dog on the beach',
  '海邊的貓',
  'a dragon over the mountains',
  '太空人',
  'a bowl of ramen',
  'a lighthouse at night',
  '櫻花樹',
  'a whale in the ocean',
  '森林裡的鹿',
  'a sailboat at sunset',
  'an owl in the forest',
  '一杯咖啡',
  'a unicorn in a meadow',
  'pizza and a soda',
  '熊貓吃竹子',
  'a penguin on the ice',
  'a rocket over the city',
  '下雪的城堡',
  'a butterfly and a flower',
  'a robot in the desert',
  '草原上的馬',
  'a hot air balloon over mountains',
  'a birthday cake',
  '一隻章魚',
  'two tigers in the snow',
  'a green guitar on a table',
  '夜晚的城市',
];

type StyleId = (typeof STYLE_TEXTS)[number]['id'];
const withStyleText = (prompt: string, id: StyleId, name = prompt) => ({
  prompt: `${prompt}, ${STYLE_TEXTS.find((style) => style.id === id)!.suffix}`,
  style: id,
  caption: `${name} + text`,
});

/** As the workbench sends them, and the cases the review found off the gallery. */
export const WORKBENCH = [
  withStyleText('a red fox', 'cartoon'),
  withStyleText('一碗拉麵', 'realistic'),
  withStyleText('一碗拉麵', 'artistic'),
  withStyleText('a knight on a horse', 'anime'),
  withStyleText('a wild horse', 'abstract'),
  withStyleText('A curious cat sitting in a blooming flower garden', 'realistic', 'Animals chip'),
  withStyleText('Golden hour over snowy mountains and a calm lake, wide landscape', 'artistic', 'Landscape chip'),
  withStyleText('Portrait of a woman in soft window light, shallow depth of field', 'realistic', 'Portrait chip'),
  withStyleText('騎馬的騎士', 'cartoon'),
  withStyleText('a baseball bat', 'anime'),
  withStyleText('a sunflower field', 'artistic'),
  withStyleText('一隻幸運的貓', 'cartoon'),
];

type Entry = { prompt: string; style: StyleId; caption: string; negativePrompt?: string; seed?: number };

/** The same prompt and seed without and with a negative prompt. */
const withAndWithout = (prompt: string, style: StyleId, negativePrompt: string, seed: number): Entry[] => [
  { prompt, style, caption: prompt, seed },
  { prompt, style, caption: `${prompt} − ${negativePrompt}`, negativePrompt, seed },
];

export const NEGATIVE: Entry[] = [
  ...withAndWithout('a cabin in a pine forest', 'realistic', 'trees', 3),
  ...withAndWithout('森林裡的鹿', 'anime', '樹', 5),
  ...withAndWithout('sunset over mountains and a lake', 'artistic', 'mountains, clouds', 2),
  ...withAndWithout('a cat and a dog on the beach', 'cartoon', 'dogs', 4),
  ...withAndWithout('夜晚的城市', 'realistic', '月亮、星星', 6),
  ...withAndWithout('a woman walking on the beach', 'anime', 'people, sun', 7),
];

/** Chinese compounds: 電影感光線 is cinematic light (no thread), 線上 online, 火車站 a station, 花生 peanuts. */
export const CHINESE: Entry[] = [
  { prompt: '電影感光線的貓', style: 'realistic', caption: '電影感光線的貓' },
  { prompt: '線上', style: 'anime', caption: '線上' },
  { prompt: '火車站', style: 'cartoon', caption: '火車站' },
  { prompt: '花生', style: 'realistic', caption: '花生' },
  { prompt: '一朵花', style: 'artistic', caption: '一朵花' },
  { prompt: '雪山下的湖', style: 'anime', caption: '雪山下的湖' },
];

/** Looks the prompt names: mediums the photo tools paint, "realistic". */
export const LOOKS: Entry[] = [
  { prompt: 'a red fox, oil painting', style: 'realistic', caption: 'a red fox, oil painting' },
  { prompt: '水彩畫的貓', style: 'realistic', caption: '水彩畫的貓' },
  { prompt: 'a lighthouse by the sea, pencil sketch', style: 'realistic', caption: 'a lighthouse, pencil sketch' },
  { prompt: 'pop art portrait of a dog', style: 'realistic', caption: 'pop art portrait of a dog' },
  { prompt: '賽博龐克城市', style: 'realistic', caption: '賽博龐克城市' },
  { prompt: 'a realistic photo of a horse', style: 'cartoon', caption: 'a realistic photo of a horse' },
];

const TILE = 220;
const COLUMNS = 6;

const caption = (text: string) =>
  Buffer.from(
    `<svg width="${TILE}" height="26"><rect width="100%" height="100%" fill="#14121c"/><text x="6" y="18" font-family="Noto Sans CJK TC, Noto Sans, sans-serif" font-size="13" fill="#e5e1f0">${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text></svg>`,
  );

const outAt = process.argv.indexOf('--out');
const outDir = outAt > 0 ? process.argv[outAt + 1] : undefined;
if (outDir) mkdirSync(outDir, { recursive: true });

const tiles: OverlayOptions[] = [];
const sheet: Entry[] = [
  ...PROMPTS.map((prompt, i) => ({ prompt, style: STYLES[i % STYLES.length]!, caption: prompt })),
  ...WORKBENCH,
  ...NEGATIVE,
  ...CHINESE,
  ...LOOKS,
];
for (const [i, { prompt, style, caption: label, negativePrompt, seed }] of sheet.entries()) {
  const png = await renderTextToImage({ prompt, negativePrompt, style, width: 512, height: 512, seed: seed ?? 11 + i });
  if (outDir) writeFileSync(`${outDir}/${String(i + 1).padStart(2, '0')}-${style}.png`, png);
  const left = (i % COLUMNS) * (TILE + 6) + 6;
  const top = Math.floor(i / COLUMNS) * (TILE + 32) + 6;
  tiles.push(
    { input: await sharp(png).resize(TILE, TILE).png().toBuffer(), left, top },
    { input: caption(`${label} · ${style}`), left, top: top + TILE },
  );
}
mkdirSync('docs/gallery', { recursive: true });
const rows = Math.ceil(sheet.length / COLUMNS);
await sharp({ create: { width: COLUMNS * (TILE + 6) + 6, height: rows * (TILE + 32) + 6, channels: 3, background: '#0b0a10' } })
  .composite(tiles)
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile('docs/gallery/prompts.jpg');
console.log('docs/gallery/prompts.jpg');
