/**
 * `npx tsx scripts/render-gallery.ts [--only <toolId>]`: before/after sheets of every photo tool on
 * natural photos, into docs/gallery/ (quality is judged by eye). Photos: docs/gallery/photos, one per
 * kind of picture a creator brings (portrait, group, pet, landscape, night, old photo, still life;
 * sources in its README). Restoration is shown on a damaged copy (restore.damage.ts) beside the
 * clean original; the ID photo on the portrait, in three sizes and colours; face swap as option
 * choices on the portrait and text-mode avatars (`--only face-swap`); logos from descriptions in
 * both languages through the engine's own entry, as the logo page sends them (`--only logo-generation`);
 * workbench edits on the offline engine — backgrounds, styles, colour, composition of two uploads —
 * as prompts in both languages (`--only edit`).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import sharp, { type OverlayOptions } from 'sharp';
import { ENGINE_TOOL_IDS, type EngineToolId } from '@worker/contract/engine-operations';
import { applyTool } from '@worker/engine/tools/index';
import { decodeRaster, encodeRaster } from '@worker/engine/tools/raster';
import { damagePhoto } from '@worker/engine/tools/restore.damage';
import { analysePortrait } from '@worker/engine/face-swap/analysis';
import { faceSwapEdit, renderAvatar } from '@worker/engine/face-swap/index';
import { runEngineOperation } from '@worker/engine/index';

const OUT = 'docs/gallery';
const ROW = 300;
const GAP = 8;
const PHOTOS = ['portrait', 'group', 'pet', 'landscape', 'night', 'old-photo', 'still-life'] as const;

function photo(name: (typeof PHOTOS)[number]): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../docs/gallery/photos/${name}.jpg`, import.meta.url)));
}

const label = (text: string, width: number) =>
  Buffer.from(
    `<svg width="${width}" height="28"><rect width="100%" height="100%" fill="#14121c"/><text x="8" y="19" font-family="Noto Sans, DejaVu Sans, sans-serif" font-size="15" fill="#e5e1f0">${text}</text></svg>`,
  );

/** Rows of images scaled to one height, each row labelled, on a dark sheet. */
async function sheet(rows: { title: string; images: Uint8Array[] }[], file: string, rowHeight = ROW) {
  const scaled = await Promise.all(
    rows.map((row) =>
      Promise.all(row.images.map((bytes) => sharp(bytes).resize({ height: rowHeight }).png().toBuffer({ resolveWithObject: true }))),
    ),
  );
  const width = Math.max(...scaled.map((row) => row.reduce((w, img) => w + img.info.width + GAP, GAP)));
  const height = rows.length * (rowHeight + 28 + GAP) + GAP;
  const layers: OverlayOptions[] = [];
  scaled.forEach((row, r) => {
    const top = GAP + r * (rowHeight + 28 + GAP);
    layers.push({ input: label(rows[r]!.title, width), left: 0, top });
    let left = GAP;
    for (const img of row) {
      layers.push({ input: img.data, left, top: top + 28 });
      left += img.info.width + GAP;
    }
  });
  await sharp({ create: { width, height, channels: 3, background: '#0b0a10' } })
    .composite(layers)
    .jpeg({ quality: 84, mozjpeg: true })
    .toFile(`${OUT}/${file}`);
  console.log(`${OUT}/${file}`);
}

/** Face swap: each row a set of option choices on the astronaut, then text-mode avatars. */
async function renderFaceSwap() {
  const portrait = photo('portrait');
  const raster = await decodeRaster(portrait);
  const analysis = await analysePortrait(raster);
  const edit = async (options: Record<string, string>) => encodeRaster(await faceSwapEdit(raster, options, 7, analysis));
  const row = async (title: string, sets: Record<string, string>[], withOriginal = false) => ({
    title,
    images: [...(withOriginal ? [portrait] : []), ...(await Promise.all(sets.map(edit)))],
  });
  const avatar = (options: Record<string, string>) => renderAvatar(options, 512, 512, 5);
  const rows = [
    await row(
      'original · hair platinum · hair pink + eyes blue · hair black + full beard · goatee · stubble',
      [
        { hair_color: 'platinum' },
        { hair_color: 'pink', eye_color: 'blue' },
        { hair_color: 'black', beard: 'full_beard' },
        { beard: 'goatee' },
        { beard: 'stubble', facial_feature_details: 'freckles' },
      ],
      true,
    ),
    await row('round glasses · sunglasses · baseball cap · beanie · fedora · crown · flower crown · headphones', [
      { head_accessories: 'round_glasses' },
      { head_accessories: 'sunglasses' },
      { head_accessories: 'baseball_cap' },
      { head_accessories: 'beanie' },
      { head_accessories: 'fedora' },
      { head_accessories: 'crown' },
      { head_accessories: 'flower_crown' },
      { head_accessories: 'headphones' },
    ]),
    await row('background: grey studio · beach · library · café · neon city + neon light · creamy blur · snow + falling snow', [
      { background: 'studio_grey' },
      { background: 'beach', light_style: 'golden_hour' },
      { background: 'library' },
      { background: 'cafe' },
      { background: 'neon_city', light_style: 'neon' },
      { background_blur: 'creamy' },
      { background: 'snow', special_effect: 'snow' },
    ]),
    await row('head-and-shoulders + back light · close-up + black and white · teal-orange · dreamy + petals · pop art · pixel art', [
      { shot_type: 'head_shoulders', light_direction: 'back' },
      { shot_type: 'close_up', photo_effect: 'black_and_white' },
      { post_processing_style: 'teal_orange', photo_effect: 'vignette' },
      { environment_atmosphere: 'dreamy', special_effect: 'petals' },
      { artistic_style: 'pop_art' },
      { artistic_style: 'pixel_art' },
    ]),
    {
      title:
        'text mode offline (illustrated avatar): default · red hair, freckles · beard, suit, glasses · platinum, deep skin, neon · senior, long beard, library · afro, denim, beach',
      images: await Promise.all([
        avatar({}),
        avatar({ gender: 'female', hair_color: 'red', eye_color: 'green', expression: 'smiling', facial_feature_details: 'freckles' }),
        avatar({ gender: 'male', beard: 'full_beard', clothing_style: 'business_suit', head_accessories: 'round_glasses' }),
        avatar({
          gender: 'female',
          hair_style: 'long_wavy',
          hair_color: 'platinum',
          skin_details: 'deep',
          clothing_style: 'evening_gown',
          background: 'neon_city',
        }),
        avatar({ age: 'senior', hair_style: 'bald', beard: 'long_beard', expression: 'laughing', background: 'library' }),
        avatar({
          hair_style: 'afro',
          skin_details: 'brown',
          ears: 'pierced',
          clothing_style: 'denim_jacket',
          background: 'beach',
          head_accessories: 'sunglasses',
        }),
      ]),
    },
  ];
  return sheet(rows, 'face-swap.jpg');
}

/**
 * Logo generation: descriptions in both languages — the hard cases, the chips' own words appended
 * as the page appends them (", minimal", "，極簡") — sent to the engine as the logo operation with
 * the description as its brief, as a job is (services/generation/tool-requests.ts).
 */
const LOGO_DESCRIPTIONS = [
  'Bean There coffee shop, minimal',
  'a coffee shop called Bean There',
  'Logo for my bakery named Sweet Crumbs',
  'A modern logo for GreenLeaf Organics, a healthy food brand',
  'tech company Nova Systems, tech',
  'a minimalist logo for a yoga studio called Lotus Flow',
  'Sunrise Bakery, creative',
  'Harbor Light seafood restaurant, business',
  'creative',
  '我的咖啡店叫做豆子',
  '「豆子」咖啡店, 極簡',
  '山海科技公司, 科技',
  '一家叫小森的花店, 創意',
  '月光酒吧, 商務',
  '北極星遊戲工作室',
];

async function renderLogos() {
  const logos = await Promise.all(
    LOGO_DESCRIPTIONS.map(async (brief, seed) => {
      const output = await runEngineOperation({ op: 'logo', brief, width: 1024, height: 1024, seed });
      return output.bytes;
    }),
  );
  const esc = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const rows = [];
  for (let i = 0; i < logos.length; i += 3) {
    rows.push({
      title: esc(
        LOGO_DESCRIPTIONS.slice(i, i + 3)
          .map((d, j) => `${i + j + 1}. ${d}`)
          .join('   ·   '),
      ),
      images: logos.slice(i, i + 3),
    });
  }
  return sheet(rows, 'logo-generation.jpg', 520);
}

/**
 * Workbench edits on the offline engine (worker/engine/edit): each row one kind of instruction, each
 * picture a prompt as typed, through the engine's own entry (so the unchanged-output check runs too).
 */
async function renderEdits() {
  const edit = async (prompt: string, images: (typeof PHOTOS)[number][], seed = 5) => {
    const first = await sharp(photo(images[0]!)).metadata();
    const scale = Math.min(1, 768 / Math.max(first.width ?? 512, first.height ?? 512));
    const output = await runEngineOperation({
      op: 'edit',
      prompt,
      style: 'realistic',
      images: images.map(photo),
      width: Math.round((first.width ?? 512) * scale),
      height: Math.round((first.height ?? 512) * scale),
      seed,
    });
    // A transparent background is shown on a checkerboard.
    return new Uint8Array(
      await sharp(checkerboard(output.width, output.height), { raw: { width: output.width, height: output.height, channels: 3 } })
        .composite([{ input: Buffer.from(output.bytes) }])
        .png()
        .toBuffer(),
    );
  };
  const esc = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const row = async (items: [string, (typeof PHOTOS)[number][]][], withOriginal?: (typeof PHOTOS)[number]) => ({
    title: esc([...(withOriginal ? ['original'] : []), ...items.map(([prompt]) => `“${prompt}”`)].join(' · ')),
    images: [...(withOriginal ? [photo(withOriginal)] : []), ...(await Promise.all(items.map(([prompt, images]) => edit(prompt, images))))],
  });
  const rows = [
    await row(
      [
        ['Put her in front of a night city skyline', ['portrait']],
        ['on a beach at sunset', ['portrait']],
        ['把背景換成森林', ['portrait']],
        ['white background', ['portrait']],
      ],
      'portrait',
    ),
    await row([
      ['blur the background', ['portrait']],
      ['make the background black and white', ['portrait']],
      ['remove the background', ['portrait']],
      ['in front of snowy mountains', ['old-photo']],
    ]),
    await row([
      ['anime style', ['landscape']],
      ['watercolour painting', ['pet']],
      ['變成油畫', ['still-life']],
      ['pencil sketch', ['portrait']],
    ]),
    await row([
      ['black and white, more contrast', ['still-life']],
      ['vintage photo', ['landscape']],
      ['warmer and brighter', ['night']],
      ['cooler, more vivid', ['pet']],
    ]),
    await row([
      ['put them together', ['portrait', 'old-photo']],
      ['add the cat on the left', ['landscape', 'pet']],
      ['把兩張照片合成在一起', ['landscape', 'old-photo']],
      ['put them together on a beach', ['portrait', 'old-photo']],
    ]),
    { title: 'the two-upload row’s second photos: old photo · pet', images: [photo('old-photo'), photo('pet')] },
  ];
  return sheet(rows, 'edit.jpg');
}

/** A light grey checkerboard, under a transparent result. */
function checkerboard(width: number, height: number): Buffer {
  const cell = 16;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data.fill((Math.floor(x / cell) + Math.floor(y / cell)) % 2 ? 200 : 235, (y * width + x) * 3, (y * width + x) * 3 + 3);
  return data;
}

type SheetId = EngineToolId | 'logo-generation' | 'edit';

async function render(toolId: SheetId) {
  if (toolId === 'face-swap') return renderFaceSwap();
  if (toolId === 'edit') return renderEdits();
  if (toolId === 'logo-generation') return renderLogos();
  const originals = PHOTOS.map(photo);
  if (toolId === 'id-photo-generation') {
    const variants = [
      ['passport', '#ffffff'],
      ['oneInch', '#ff0000'],
      ['visa', '#0000ff'],
      ['twoInch', '#f0f0f0'],
    ] as const;
    const outputs = await Promise.all(
      variants.map(([size, backgroundColor]) => applyTool(toolId, originals[0]!, { size, backgroundColor }, 1)),
    );
    return sheet(
      [
        { title: 'original', images: [originals[0]!] },
        { title: 'ID photo: passport white, 1 inch red, visa blue, 2 inch #f0f0f0', images: outputs.map((o) => o.bytes) },
      ],
      `${toolId}.jpg`,
    );
  }
  if (toolId === 'restored-image') {
    const damaged = await Promise.all(originals.map(async (bytes) => encodeRaster(damagePhoto(await decodeRaster(bytes), 3))));
    const restored = await Promise.all(damaged.map((bytes) => applyTool(toolId, bytes, {}, 1)));
    return sheet(
      [
        { title: 'damaged (faded, yellowed, grain, scratches, dust)', images: damaged },
        { title: 'restored', images: restored.map((o) => o.bytes) },
        { title: 'clean original', images: originals },
      ],
      `${toolId}.jpg`,
    );
  }
  const results = [];
  for (const bytes of originals) results.push((await applyTool(toolId, bytes, {}, 7)).bytes);
  return sheet(
    [
      { title: 'original', images: originals },
      { title: toolId, images: results },
    ],
    `${toolId}.jpg`,
  );
}

mkdirSync(OUT, { recursive: true });
const only = process.argv.indexOf('--only');
const tools: readonly SheetId[] = only >= 0 ? [process.argv[only + 1] as SheetId] : [...ENGINE_TOOL_IDS, 'logo-generation'];
for (const toolId of tools) {
  try {
    await render(toolId);
  } catch (error) {
    console.error(`${toolId}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
