/**
 * `npx tsx scripts/render-icons.ts`: the install icons in web/public, drawn from favicon.svg (the
 * logo), committed so the build needs no image tools: icon-192.png and icon-512.png (the rounded
 * logo on transparency), icon-maskable-512.png (full-bleed background, the mark inside the 80 %
 * safe zone that launchers may crop to a circle), apple-touch-icon.png (180 px, opaque: iOS fills
 * transparency with black) and favicon.ico (16 and 32 px PNGs in one ICO, for clients that ask for
 * /favicon.ico whatever the page links).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const PUBLIC = new URL('../web/public/', import.meta.url);
const logo = readFileSync(new URL('favicon.svg', PUBLIC), 'utf8');
const BACKGROUND = '#0d0b17';
/** The mark alone (the logo without its rounded tile), for the full-bleed icons. */
const mark = logo.replace(/<rect [^>]*\/>/, '');

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png()
    .toBuffer();
const onBackground = async (size: number, scale: number) => {
  const inner = Math.round(size * scale);
  return sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: await png(mark, inner), gravity: 'centre' }])
    .flatten({ background: BACKGROUND })
    .png()
    .toBuffer();
};

/** An ICO file holding PNG images (allowed since Windows Vista; every browser reads it). */
function ico(images: { size: number; bytes: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, bytes }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(bytes.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += bytes.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.bytes)]);
}

writeFileSync(new URL('icon-192.png', PUBLIC), await png(logo, 192));
writeFileSync(new URL('icon-512.png', PUBLIC), await png(logo, 512));
writeFileSync(new URL('icon-maskable-512.png', PUBLIC), await onBackground(512, 0.8));
writeFileSync(new URL('apple-touch-icon.png', PUBLIC), await onBackground(180, 0.86));
writeFileSync(
  new URL('favicon.ico', PUBLIC),
  ico([
    { size: 16, bytes: await png(logo, 16) },
    { size: 32, bytes: await png(logo, 32) },
  ]),
);
console.log('wrote the install icons in web/public');
