/**
 * `npx tsx scripts/render-prompts.ts`: a contact sheet of the offline text-to-image engine on 30
 * prompts in English and Traditional Chinese across the five styles, into docs/gallery/prompts.jpg
 * (issue 15: the picture should show what the prompt names). `--out <dir>` also writes each
 * render at 512 px there, to look at one closely.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp, { type OverlayOptions } from 'sharp';
import { STYLES } from '../worker/contract/generation';
import { renderFromPrompt } from '../worker/engine/render/procedural';

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
for (const [i, prompt] of PROMPTS.entries()) {
  const style = STYLES[i % STYLES.length]!;
  const png = await renderFromPrompt({ prompt, style, width: 512, height: 512, seed: 11 + i });
  if (outDir) writeFileSync(`${outDir}/${String(i + 1).padStart(2, '0')}-${style}.png`, png);
  const left = (i % COLUMNS) * (TILE + 6) + 6;
  const top = Math.floor(i / COLUMNS) * (TILE + 32) + 6;
  tiles.push(
    { input: await sharp(png).resize(TILE, TILE).png().toBuffer(), left, top },
    { input: caption(`${prompt} · ${style}`), left, top: top + TILE },
  );
}
mkdirSync('docs/gallery', { recursive: true });
const rows = Math.ceil(PROMPTS.length / COLUMNS);
await sharp({ create: { width: COLUMNS * (TILE + 6) + 6, height: rows * (TILE + 32) + 6, channels: 3, background: '#0b0a10' } })
  .composite(tiles)
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile('docs/gallery/prompts.jpg');
console.log('docs/gallery/prompts.jpg');
