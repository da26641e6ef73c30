/**
 * Brand names as vector outlines: open fonts from npm (@fontsource: Montserrat for Latin,
 * Noto Sans TC for Chinese, both SIL OFL), read with opentype.js and turned into SVG paths, so the
 * logo looks the same on every machine whatever fonts it has installed. Noto Sans TC ships in ~100
 * unicode-range subsets: the subset holding each character is found from the package's CSS.
 */
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import opentype, { type Font, type PathCommand } from 'opentype.js';

const require = createRequire(import.meta.url);
const fonts = new Map<string, Font>();

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/**
 * WOFF 1.0 → plain OpenType (sfnt): each table inflated with Node's zlib. opentype.js's own inflater
 * rejects some of Noto's subset files ("Data error"); zlib reads them all.
 */
export function woffToSfnt(woff: Buffer): ArrayBuffer {
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; data: Buffer; checksum: number }[] = [];
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    });
  }
  const headerSize = 12 + numTables * 16;
  const total = tables.reduce((sum, t) => sum + ((t.data.length + 3) & ~3), headerSize);
  const out = Buffer.alloc(total);
  out.writeUInt32BE(woff.readUInt32BE(4), 0); // sfnt flavour
  out.writeUInt16BE(numTables, 4);
  const power = 2 ** Math.floor(Math.log2(numTables));
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerSize;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    out.writeUInt32BE(table.tag, record);
    out.writeUInt32BE(table.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += (table.data.length + 3) & ~3;
  });
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength);
}

function load(path: string): Font {
  let font = fonts.get(path);
  if (!font) {
    font = opentype.parse(woffToSfnt(readFileSync(path)));
    fonts.set(path, font);
  }
  return font;
}

export type Face = 'sans' | 'display';

const LATIN: Record<Face, string> = { sans: 'montserrat-latin-700-normal.woff', display: 'montserrat-latin-800-normal.woff' };

let cjkRanges: { from: number; to: number; file: string }[] | undefined;

/** The Noto Sans TC subset file for a code point (from the package's 700.css unicode-range lists). */
function cjkFile(codePoint: number): string | undefined {
  if (!cjkRanges) {
    const css = readFileSync(join(packageDir('@fontsource/noto-sans-tc'), '700.css'), 'utf8');
    cjkRanges = [];
    for (const block of css.split('@font-face').slice(1)) {
      const file = /url\(\.\/files\/([^)]+\.woff)\)/.exec(block)?.[1];
      const ranges = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
      if (!file || !ranges) continue;
      for (const range of ranges.split(',')) {
        const [from, to] = range.trim().replace(/^U\+/i, '').split('-');
        cjkRanges.push({ from: parseInt(from!, 16), to: parseInt(to ?? from!, 16), file });
      }
    }
  }
  return cjkRanges.find((r) => codePoint >= r.from && codePoint <= r.to)?.file;
}

const fontOf = new Map<string, Font>();

function fontFor(char: string, face: Face): Font {
  const key = face + char;
  let font = fontOf.get(key);
  if (!font) {
    font = findFont(char, face);
    fontOf.set(key, font);
  }
  return font;
}

function findFont(char: string, face: Face): Font {
  const code = char.codePointAt(0)!;
  if (code < 0x2e80) return load(join(packageDir('@fontsource/montserrat'), 'files', LATIN[face]));
  const file = cjkFile(code);
  return file
    ? load(join(packageDir('@fontsource/noto-sans-tc'), 'files', file))
    : load(join(packageDir('@fontsource/montserrat'), 'files', LATIN[face]));
}

/** Width of `text` at `size` px. */
export function measure(text: string, size: number, face: Face = 'sans', tracking = 0): number {
  let width = 0;
  for (const char of text) {
    const font = fontFor(char, face);
    width += (font.charToGlyph(char).advanceWidth ?? font.unitsPerEm / 2) * (size / font.unitsPerEm) + tracking * size;
  }
  return Math.max(0, width - tracking * size);
}

const num = (v: number) => {
  const s = v.toFixed(2).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};
const finite = (...values: (number | undefined)[]) => values.every((v) => typeof v === 'number' && Number.isFinite(v));

/**
 * SVG path data from opentype.js path commands, written here rather than with `Path.toPathData`:
 * opentype.js 2.0.0 rounds by string concatenation (`Math.round(fraction + "e+2")`), and a
 * coordinate whose fractional part is below 1e-6 — 220.00000000000003 after scaling font units to
 * pixels — stringifies as "2.8e-14", giving "2.8e-14e+2" → NaN in the path. librsvg then drops the
 * rest of that glyph ("Sunrise" set as "Sı nrise" with a solid "e"). `toFixed` has no such
 * case. A command with a non-finite coordinate (none known, but a damaged font could give one) falls
 * back to a line to its end point, or is left out if the end point itself is not finite (the next
 * point then opens the contour).
 */
export function pathData(commands: PathCommand[]): string {
  let d = '';
  for (const c of commands) {
    if (c.type === 'Z') {
      d += 'Z';
    } else if (!finite(c.x, c.y)) {
    } else if (c.type === 'M' || c.type === 'L' || !d || d.endsWith('Z')) {
      // A contour whose move was left out starts at the next point it has.
      d += `${c.type === 'L' && d && !d.endsWith('Z') ? 'L' : 'M'}${num(c.x!)} ${num(c.y!)}`;
    } else if (c.type === 'Q' && finite(c.x1, c.y1)) {
      d += `Q${num(c.x1!)} ${num(c.y1!)} ${num(c.x!)} ${num(c.y!)}`;
    } else if (c.type === 'C' && finite(c.x1, c.y1, c.x2, c.y2)) {
      d += `C${num(c.x1!)} ${num(c.y1!)} ${num(c.x2!)} ${num(c.y2!)} ${num(c.x!)} ${num(c.y!)}`;
    } else {
      d += `L${num(c.x!)} ${num(c.y!)}`;
    }
  }
  return d;
}

/**
 * The text as SVG: one <path> per glyph (one path for all would let overlapping glyphs cancel each
 * other under the nonzero fill rule), baseline at y, centred on x or starting at x. `tracking` adds
 * letter spacing in ems.
 */
export function textSvg(
  text: string,
  x: number,
  y: number,
  size: number,
  fill: string,
  { face = 'sans' as Face, anchor = 'middle' as 'middle' | 'start', tracking = 0 } = {},
): string {
  let pen = anchor === 'middle' ? x - measure(text, size, face, tracking) / 2 : x;
  const parts: string[] = [];
  for (const char of text) {
    const font = fontFor(char, face);
    const glyph = font.charToGlyph(char);
    const d = pathData(font.getPath(char, pen, y, size, { kerning: false }).commands);
    if (d) parts.push(`<path d="${d}" fill="${fill}"/>`);
    pen += (glyph.advanceWidth ?? font.unitsPerEm / 2) * (size / font.unitsPerEm) + tracking * size;
  }
  return parts.join('');
}

/** The largest size ≤ max at which the text fits `width`. */
export function fitSize(text: string, width: number, max: number, face: Face = 'sans', tracking = 0): number {
  const at100 = measure(text, 100, face, tracking);
  return at100 > 0 ? Math.min(max, (100 * width) / at100) : max;
}
