/**
 * Reads a receipt PDF back, for tests: the text of each `BT … ET` block as one line (glyph ids
 * mapped to text through each font's /ToUnicode map, as a reader's copy and search do), the fonts
 * and whether each is embedded, the title, the language and the structure tree's roles. Not a
 * general PDF parser: it knows ./receipt-pdf.ts's output (one page, Identity-H fonts).
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  type PDFRef,
  PDFString,
} from 'pdf-lib';

export interface ReadPdf {
  /** One entry per text block, in drawing order. */
  lines: string[];
  /** Each font's name and whether its program is in the file (/FontFile, /FontFile2 or /FontFile3). */
  fonts: { name: string; embedded: boolean }[];
  title: string | undefined;
  lang: string | undefined;
  /** The structure elements' roles, depth first from the root's kid (Document, H1, P, …). */
  roles: string[];
}

const streamText = (stream: PDFRawStream) => new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());

/** A /ToUnicode CMap's glyph → text pairs (bfchar and bfrange, as fontkit-made maps write them). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, text] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(Number.parseInt(code!, 16), utf16(text!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, rest] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const start = Number.parseInt(from!, 16);
      const end = Number.parseInt(to!, 16);
      if (rest!.startsWith('[')) {
        const texts = [...rest!.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => utf16(m[1]!));
        for (let code = start; code <= end; code++) map.set(code, texts[code - start] ?? '');
      } else {
        const first = utf16(rest!.slice(1, -1));
        for (let code = start; code <= end; code++)
          map.set(code, first.slice(0, -1) + String.fromCharCode(first.charCodeAt(first.length - 1) + code - start));
      }
    }
  return map;
}

export async function readPdfText(bytes: Uint8Array): Promise<ReadPdf> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = doc.getPage(0);
  // pdf-lib's classes have non-public constructors: matched by prototype rather than `new`.
  const lookup = <T>(value: unknown, type: { prototype: T }): T | undefined => {
    const found: unknown = value ? doc.context.lookup(value as PDFRef) : undefined;
    return Object.prototype.isPrototypeOf.call(type.prototype, found ?? {}) ? (found as T) : undefined;
  };

  const fonts: ReadPdf['fonts'] = [];
  const maps = new Map<string, Map<number, string>>();
  const fontDict = lookup(page.node.Resources()?.get(PDFName.of('Font')), PDFDict);
  for (const [key, ref] of fontDict?.entries() ?? []) {
    const font = lookup(ref, PDFDict)!;
    const name = font.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? '';
    const descendant = lookup(lookup(font.get(PDFName.of('DescendantFonts')), PDFArray)?.get(0), PDFDict);
    const descriptor = lookup((descendant ?? font).get(PDFName.of('FontDescriptor')), PDFDict);
    const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor?.has(PDFName.of(k)));
    fonts.push({ name, embedded });
    const cmap = lookup(font.get(PDFName.of('ToUnicode')), PDFRawStream);
    maps.set(key.toString(), cmap ? toUnicode(streamText(cmap)) : new Map());
  }

  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => lookup(r, PDFRawStream)!) : [contents as PDFRawStream];
  const content = streams.map(streamText).join('\n');
  const lines: string[] = [];
  for (const [, block] of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
    let map = new Map<number, string>();
    let line = '';
    for (const [, font, hex] of block!.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (font) map = maps.get(font) ?? new Map();
      else for (const code of hex!.match(/.{4}/g) ?? []) line += map.get(Number.parseInt(code, 16)) ?? '\ufffd';
    }
    lines.push(line);
  }

  const roles: string[] = [];
  const walk = (value: unknown) => {
    const element = lookup(value, PDFDict);
    if (!element) return;
    roles.push(element.get(PDFName.of('S'))?.toString().slice(1) ?? '');
    const kids = element.get(PDFName.of('K'));
    for (const kid of kids instanceof PDFArray ? kids.asArray() : [kids]) if (!(kid instanceof PDFNumber)) walk(kid);
  };
  const tree = lookup(doc.catalog.get(PDFName.of('StructTreeRoot')), PDFDict);
  walk(tree?.get(PDFName.of('K')));
  const lang = doc.catalog.get(PDFName.of('Lang'));
  return {
    lines,
    fonts,
    title: doc.getTitle(),
    lang: lang instanceof PDFString || lang instanceof PDFHexString ? lang.decodeText() : undefined,
    roles,
  };
}
