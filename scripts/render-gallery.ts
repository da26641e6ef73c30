/**
 * `npx tsx scripts/render-gallery.ts [--only <toolId>]`: before/after sheets of every photo tool on
 * natural photos, into docs/gallery/ (issue 14: quality is judged by eye). Photos: the public-domain
 * astronaut, coffee and chelsea from Debian's python3-skimage when installed, else the 256-px crops
 * in tests/fixtures/photos. Restoration is shown on a damaged copy (restore.damage.ts) beside the
 * clean original; the ID photo on the portrait, in three sizes and colours.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import sharp, { type OverlayOptions } from 'sharp';
import { ENGINE_TOOL_IDS, type EngineToolId } from '../worker/engine/operations';
import { applyTool } from '../worker/engine/tools/index';
import { decodeRaster, encodeRaster } from '../worker/engine/tools/raster';
import { damagePhoto } from '../worker/engine/tools/restore.damage';

const OUT = 'docs/gallery';
const ROW = 300;
const GAP = 8;
const SKIMAGE = '/usr/lib/python3/dist-packages/skimage/data';
const PHOTOS = ['astronaut', 'coffee', 'chelsea'] as const;

function photo(name: string): Uint8Array {
  const full = `${SKIMAGE}/${name}.png`;
  return new Uint8Array(readFileSync(existsSync(full) ? full : new URL(`../tests/fixtures/photos/${name}.png`, import.meta.url)));
}

const label = (text: string, width: number) =>
  Buffer.from(`<svg width="${width}" height="28"><rect width="100%" height="100%" fill="#14121c"/><text x="8" y="19" font-family="Noto Sans, DejaVu Sans, sans-serif" font-size="15" fill="#e5e1f0">${text}</text></svg>`);

/** Rows of images scaled to one height, each row labelled, on a dark sheet. */
async function sheet(rows: { title: string; images: Uint8Array[] }[], file: string) {
  const scaled = await Promise.all(rows.map((row) => Promise.all(row.images.map((bytes) => sharp(bytes).resize({ height: ROW }).png().toBuffer({ resolveWithObject: true })))));
  const width = Math.max(...scaled.map((row) => row.reduce((w, img) => w + img.info.width + GAP, GAP)));
  const height = rows.length * (ROW + 28 + GAP) + GAP;
  const layers: OverlayOptions[] = [];
  scaled.forEach((row, r) => {
    const top = GAP + r * (ROW + 28 + GAP);
    layers.push({ input: label(rows[r]!.title, width), left: 0, top });
    let left = GAP;
    for (const img of row) {
      layers.push({ input: img.data, left, top: top + 28 });
      left += img.info.width + GAP;
    }
  });
  await sharp({ create: { width, height, channels: 3, background: '#0b0a10' } }).composite(layers).jpeg({ quality: 84, mozjpeg: true }).toFile(`${OUT}/${file}`);
  console.log(`${OUT}/${file}`);
}

async function render(toolId: EngineToolId) {
  const originals = PHOTOS.map(photo);
  if (toolId === 'id-photo-generation') {
    const variants = [['passport', '#ffffff'], ['oneInch', '#ff0000'], ['visa', '#0000ff'], ['twoInch', '#f0f0f0']] as const;
    const outputs = await Promise.all(variants.map(([size, backgroundColor]) => applyTool(toolId, originals[0]!, { size, backgroundColor }, 1)));
    return sheet([{ title: 'original', images: [originals[0]!] }, { title: 'ID photo: passport white, 1 inch red, visa blue, 2 inch #f0f0f0', images: outputs.map((o) => o.bytes) }], `${toolId}.jpg`);
  }
  if (toolId === 'restored-image') {
    const damaged = await Promise.all(originals.map(async (bytes) => encodeRaster(damagePhoto(await decodeRaster(bytes), 3))));
    const restored = await Promise.all(damaged.map((bytes) => applyTool(toolId, bytes, {}, 1)));
    return sheet([{ title: 'damaged (faded, yellowed, grain, scratches, dust)', images: damaged }, { title: 'restored', images: restored.map((o) => o.bytes) }, { title: 'clean original', images: originals }], `${toolId}.jpg`);
  }
  const results = [];
  for (const bytes of originals) results.push((await applyTool(toolId, bytes, {}, 7)).bytes);
  return sheet([{ title: 'original', images: originals }, { title: toolId, images: results }], `${toolId}.jpg`);
}

mkdirSync(OUT, { recursive: true });
const only = process.argv.indexOf('--only');
const tools = only >= 0 ? [process.argv[only + 1] as EngineToolId] : ENGINE_TOOL_IDS;
for (const toolId of tools) {
  try {
    await render(toolId);
  } catch (error) {
    console.error(`${toolId}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
