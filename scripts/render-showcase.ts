/** `npm run render:showcase`: renders db/seed-data/showcase.ts with the offline engine into web/public/showcase. */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { showcaseSeed } from '../db/seed-data/showcase';
import { renderFromPrompt } from '../worker/adapters/images/local/procedural';

mkdirSync('web/public/showcase', { recursive: true });
let total = 0;
for (const item of showcaseSeed) {
  const started = performance.now();
  const png = await renderFromPrompt({ prompt: item.prompt, style: item.style, width: item.width, height: item.height, seed: 7 });
  const webp = await sharp(png).webp({ quality: 82 }).toBuffer();
  const path = `web/public${item.imageUrl}`;
  writeFileSync(path, webp);
  total += statSync(path).size;
  console.log(`${item.imageUrl}  ${item.width}×${item.height}  ${Math.round(performance.now() - started)} ms  ${Math.round(webp.length / 1024)} KB`);
}
console.log(`total ${Math.round(total / 1024)} KB`);
