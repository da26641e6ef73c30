/**
 * `npx tsx scripts/showcase-thumbs.ts`: copies whose shorter side is 480 px of the seeded showcase images in
 * web/public/showcase/thumbs/, for grids and cards (phones downloaded the 1248-px
 * originals for 180-px tiles). Run it after `npm run render:showcase`.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import sharp from 'sharp';

const dir = 'web/public/showcase';
mkdirSync(`${dir}/thumbs`, { recursive: true });
for (const name of readdirSync(dir).filter((n) => n.endsWith('.webp'))) {
  const info = await sharp(`${dir}/${name}`)
    .resize({ width: 480, height: 480, fit: 'outside', withoutEnlargement: true })
    .webp({ quality: 72, effort: 6 })
    .toFile(`${dir}/thumbs/${name}`);
  console.log(name, `${info.width}×${info.height}`, `${Math.round(info.size / 1024)} KB`);
}
