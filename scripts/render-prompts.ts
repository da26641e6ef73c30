/**
 * `npx tsx scripts/render-prompts.ts`: a contact sheet of the offline text-to-image engine on 30
 * prompts in English and Traditional Chinese across the five styles, into docs/gallery/prompts.jpg
 * (the picture should show what the prompt names). `--out <dir>` also writes each
 * render at 512 px there, to look at one closely.
 *
 * Two more rows send prompts the way the workbench does after a style button is clicked — the
 * prompt, ", " and the button's text (web/src/features/workbench/prompt-suffix.ts) — plus the
 * inspiration chips and the review's off-gallery cases.
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
const sheet = [...PROMPTS.map((prompt, i) => ({ prompt, style: STYLES[i % STYLES.length]!, caption: prompt })), ...WORKBENCH];
for (const [i, { prompt, style, caption: label }] of sheet.entries()) {
  const png = await renderTextToImage({ prompt, style, width: 512, height: 512, seed: 11 + i });
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
