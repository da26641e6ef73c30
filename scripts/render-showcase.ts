/**
 * `npm run render:showcase`: renders every item of db/seed-data/showcase.ts with the offline engine
 * into web/public/showcase/<slug>.webp, and removes files no item refers to any more.
 * Deterministic: the same list renders the same pictures.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { SHOWCASE_RENDER_SEED, showcaseSeed } from '@db/seed-data/showcase';
import { renderFromPrompt } from '@worker/engine/render/procedural';

const DIR = 'web/public/showcase';
const MAX_BYTES = 250 * 1024;

mkdirSync(DIR, { recursive: true });
const wanted = new Set(showcaseSeed.map((item) => item.imageUrl.replace(/^\/showcase\//, '')));
for (const file of readdirSync(DIR)) {
  if (!wanted.has(file)) {
    rmSync(join(DIR, file));
    console.log(`removed ${file}`);
  }
}

let total = 0;
for (const item of showcaseSeed) {
  const started = performance.now();
  const png = await renderFromPrompt({
    prompt: item.prompt,
    style: item.style,
    width: item.width,
    height: item.height,
    seed: SHOWCASE_RENDER_SEED,
  });
  const rendered = performance.now() - started;
  // Quality 82, stepping down only if a picture would exceed the size budget.
  let quality = 82;
  let webp = await sharp(png).webp({ quality, effort: 5 }).toBuffer();
  while (webp.length > MAX_BYTES && quality > 50) {
    quality -= 6;
    webp = await sharp(png).webp({ quality, effort: 5 }).toBuffer();
  }
  writeFileSync(join(DIR, `${item.imageUrl.replace(/^\/showcase\//, '')}`), webp);
  total += webp.length;
  console.log(
    `${item.imageUrl.padEnd(32)} ${item.style.padEnd(9)} ${`${item.width}×${item.height}`.padEnd(10)} render ${Math.round(rendered)} ms  webp q${quality} ${Math.round(webp.length / 1024)} KB`,
  );
}
console.log(`${showcaseSeed.length} images, ${Math.round(total / 1024)} KB in ${DIR}`);
