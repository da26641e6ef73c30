/**
 * A receipt as a tagged PDF (decision 061): one A4 page laid out from a {@link ReceiptDocument}
 * (every word already in the receipt's language), with Noto Sans TC Regular and Bold embedded as
 * subsets (the glyphs the page uses, a few KB) for Latin and Chinese alike, so the page looks the
 * same in every reader and its bold is a real bold. Tagged for assistive technology and reflow
 * (PDF/UA-style): /MarkInfo, a structure tree Document → H1, P, Div, Table (TR, TH, TD), H2, each
 * bound to its marked content by MCID, /Lang on the catalogue and on the seller's block when it is
 * in another language, and the title shown instead of the file name. Rules and shading are artifacts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import {
  type PDFContext,
  PDFDocument,
  type PDFFont,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  type PDFRef,
  PDFString,
  rgb,
} from 'pdf-lib';
import type { ReceiptDocument } from '../../contract/receipt-document';

const A4 = { width: 595.28, height: 841.89 };
const LEFT = 56;
const RIGHT = A4.width - 56;
const VALUE_X = 200;
type Color = ReturnType<typeof rgb>;
const INK = rgb(0.09, 0.09, 0.11);
const MUTED = rgb(0.36, 0.36, 0.4);
const ACCENT = rgb(0.45, 0.27, 0.85);
const SHADE = rgb(0.95, 0.95, 0.97);
const RULE = rgb(0.82, 0.82, 0.86);
const REFUND = rgb(0.7, 0.15, 0.15);

/**
 * Noto Sans TC (SIL OFL) as whole TrueType files: the static Regular and Bold instances that
 * `@expo-google-fonts/noto-sans-tc` ships. The SPA's `@fontsource/noto-sans-tc` is split into ~100
 * WOFF2 slices by Unicode range, which a PDF would have to embed one font per slice.
 */
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
} as const;

type FontkitFont = ReturnType<typeof fontkit.create>;
/** Each font file read and parsed once per process (≈ 7 MB and 0.4 s each); every PDF subsets the parsed font anew. */
const parsed = new Map<Uint8Array, FontkitFont>();
let files: { regular: Uint8Array; bold: Uint8Array } | undefined;
function fontFiles() {
  if (!files) {
    const require = createRequire(import.meta.url);
    files = { regular: readFileSync(require.resolve(FONT_FILES.regular)), bold: readFileSync(require.resolve(FONT_FILES.bold)) };
  }
  return files;
}
const cachingFontkit = {
  create(data: Uint8Array, postscriptName?: string) {
    let font = parsed.get(data);
    if (!font) {
      font = evenGlyphs(fontkit.create(data, postscriptName));
      parsed.set(data, font);
    }
    return font;
  },
} as unknown as typeof fontkit;

interface TtfSubsetInternals {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(gid: number): number;
}

/**
 * @pdf-lib/fontkit's TrueType subsetter writes a short `loca` table (offsets halved) whenever the
 * subset's glyph data is under 64 KB, but copies each glyph's bytes unpadded: Noto Sans TC has
 * odd-length glyphs, and after the first of them every later glyph's offset points one byte off,
 * so readers draw blanks. Padding each copied glyph to an even length (as the format expects) fixes it.
 */
function evenGlyphs(font: FontkitFont): FontkitFont {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as unknown as TtfSubsetInternals;
    const addGlyph = subset._addGlyph;
    subset._addGlyph = function (this: TtfSubsetInternals, gid: number) {
      const index = addGlyph.call(this, gid);
      const bytes = this.glyf[index]!;
      if (bytes.length % 2 === 1) {
        // Of the subsetter's own Buffer class (a browser polyfill), which its encoder insists on.
        const padded = (bytes.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(bytes.length + 1);
        padded.set(bytes);
        this.glyf[index] = padded;
        this.offset += 1;
      }
      return index;
    };
    return subset as unknown as ReturnType<typeof createSubset>;
  };
  return font;
}

/** A structure element being built: its role, its kids (marked-content ids or elements) and attributes. */
interface Node {
  role: string;
  kids: (number | Node)[];
  lang?: string;
  /** Table header cells: whether they head a row or a column. */
  scope?: 'Row' | 'Column';
  ref?: PDFRef;
}

const node = (role: string, parent?: Node, more: Partial<Node> = {}): Node => {
  const created: Node = { role, kids: [], ...more };
  parent?.kids.push(created);
  return created;
};

/** Draws on the page inside marked-content sequences, recording which element owns each sequence. */
class TaggedPage {
  readonly owners: Node[] = [];
  constructor(
    readonly page: PDFPage,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {}

  text(owner: Node, value: string, x: number, top: number, size: number, options: { bold?: boolean; color?: Color; align?: 'right' } = {}) {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const width = font.widthOfTextAtSize(value, size);
    const mcid = this.owners.length;
    this.owners.push(owner);
    owner.kids.push(mcid);
    this.page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of(owner.role), `<< /MCID ${mcid} >>`]));
    this.page.drawText(value, {
      x: options.align === 'right' ? x - width : x,
      y: A4.height - top,
      size,
      font,
      color: options.color ?? INK,
    });
    this.page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }

  /** Rules, bars and shading: decoration, not content (assistive technology skips artifacts). */
  artifact(draw: (page: PDFPage) => void) {
    this.page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContent, [PDFName.of('Artifact')]));
    draw(this.page);
    this.page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  }

  rule(top: number) {
    this.artifact((p) =>
      p.drawLine({ start: { x: LEFT, y: A4.height - top }, end: { x: RIGHT, y: A4.height - top }, thickness: 0.75, color: RULE }),
    );
  }

  /**
   * Breaks text into lines no wider than `width`: at spaces, between any two Chinese characters,
   * and anywhere in a word too long for a line (an address, a URL). Chinese closing punctuation
   * stays on the line it ends rather than starting the next.
   */
  wrap(value: string, width: number, size: number, bold = false): string[] {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
    const lines: string[] = [];
    let line = '';
    for (const token of value.split(
      /(?<=\s)|(?<=[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef])|(?=[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef])/,
    )) {
      if (fits(line + token) || (line && /^[，。、；：！？）」』]$/.test(token))) {
        line += token;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = '';
      for (const ch of token) {
        if (!fits(line + ch) && line) {
          lines.push(line);
          line = '';
        }
        line += ch;
      }
    }
    if (line.trim()) lines.push(line.trimEnd());
    return lines.length ? lines : [''];
  }
}

/** Characters the font has no glyph for (emoji in a plan name) are drawn as U+FFFD rather than failing the PDF. */
let charset: Set<number> | undefined;
function printable(fonts: { regular: PDFFont }, value: string): string {
  charset ??= new Set(fonts.regular.getCharacterSet());
  const known = charset;
  return [...value.replace(/[\r\n\t]+/g, ' ')].map((ch) => (known.has(ch.codePointAt(0)!) ? ch : '\ufffd')).join('');
}

/**
 * A subset font's name as the PDF format spells it: six capital letters, `+`, the font's name. The
 * letters come from the document's text, so the same receipt names its subsets the same way.
 */
function subsetName(input: ReceiptDocument, fontName: string): string {
  const digest = createHash('sha256').update(fontName).update(JSON.stringify(input)).digest();
  const tag = Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
  return `${tag}+${fontName}`;
}

/** The receipt as PDF bytes. */
export async function renderReceiptPdf(input: ReceiptDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(cachingFontkit);
  const data = fontFiles();
  const regular = await doc.embedFont(data.regular, { subset: true, customName: subsetName(input, 'NotoSansTC-Regular') });
  const bold = await doc.embedFont(data.bold, { subset: true, customName: subsetName(input, 'NotoSansTC-Bold') });
  const fonts = { regular, bold };
  // Every string through the font's character set, so an unknown glyph cannot break the layout.
  const d = JSON.parse(JSON.stringify(input), (_key, value) =>
    typeof value === 'string' ? printable(fonts, value) : value,
  ) as ReceiptDocument;
  const page = new TaggedPage(doc.addPage([A4.width, A4.height]), fonts);
  const root = node('Document');
  const sellerY = drawHeader(page, root, d);
  const y = drawFacts(page, root, d, Math.max(140, sellerY + 30));
  drawNotes(page, root, d, drawTotals(page, root, d, drawItem(page, root, d, y)));

  doc.setTitle(d.title, { showInWindowTitleBar: true });
  doc.setLanguage(d.lang);
  writeStructure(doc, page, root);
  doc.setProducer('Image Studio receipts');
  const now = new Date();
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  // Without object streams: every dictionary stays plain text, readable by older tools and checkers.
  return doc.save({ useObjectStreams: false });
}

/** The heading and order number on the left, the seller on the right; returns the seller block's last line. */
function drawHeader(page: TaggedPage, root: Node, d: ReceiptDocument): number {
  page.artifact((p) => p.drawRectangle({ x: 0, y: A4.height - 6, width: A4.width, height: 6, color: ACCENT }));
  page.text(node('H1', root), d.heading, LEFT, 78, 24, { bold: true });
  page.text(node('P', root), d.subheading, LEFT, 98, 10, { color: MUTED });
  const seller = node('Div', root, d.seller.lang !== d.lang ? { lang: d.seller.lang } : {});
  let sellerY = 52;
  // The heading and note are in the receipt's language even when the seller's text is not.
  page.text(node('P', seller, d.seller.lang !== d.lang ? { lang: d.lang } : {}), d.seller.heading, RIGHT, sellerY, 9, {
    color: MUTED,
    align: 'right',
  });
  sellerY += 15;
  page.text(node('P', seller), d.seller.name, RIGHT, sellerY, 11, { bold: true, align: 'right' });
  for (const line of d.seller.lines) {
    const p = node('P', seller);
    for (const part of page.wrap(line, 240, 9)) {
      sellerY += 13;
      page.text(p, part, RIGHT, sellerY, 9, { color: MUTED, align: 'right' });
    }
  }
  if (d.seller.note) {
    const p = node('P', seller, { lang: d.lang });
    for (const part of page.wrap(d.seller.note, 240, 8)) {
      sellerY += 12;
      page.text(p, part, RIGHT, sellerY, 8, { color: MUTED, align: 'right' });
    }
  }

  return sellerY;
}

/** Order facts: a two-column table, each label heading its row. */
function drawFacts(page: TaggedPage, root: Node, d: ReceiptDocument, top: number): number {
  let y = top;
  page.rule(y - 16);
  const facts = node('Table', root);
  for (const fact of d.facts) {
    const row = node('TR', facts);
    page.text(node('TH', row, { scope: 'Row' }), fact.label, LEFT, y, 10, { color: MUTED });
    const cell = node('TD', row);
    const lines = page.wrap(fact.value, RIGHT - VALUE_X, 10);
    for (const [i, line] of lines.entries()) page.text(cell, line, VALUE_X, y + i * 13, 10);
    y += 13 * lines.length + 6;
  }

  return y;
}

/** The item table: its header row, the item with its details below its name, its amount. */
function drawItem(page: TaggedPage, root: Node, d: ReceiptDocument, top: number): number {
  let y = top + 14;
  page.artifact((p) => p.drawRectangle({ x: LEFT, y: A4.height - y - 22, width: RIGHT - LEFT, height: 22, color: SHADE }));
  const table = node('Table', root);
  const head = node('TR', table);
  page.text(node('TH', head, { scope: 'Column' }), d.item.headers[0], LEFT + 10, y + 15, 10, { bold: true });
  page.text(node('TH', head, { scope: 'Column' }), d.item.headers[1], RIGHT - 10, y + 15, 10, { bold: true, align: 'right' });
  y += 40;
  const row = node('TR', table);
  const itemCell = node('TD', row);
  page.text(node('P', itemCell), d.item.name, LEFT + 10, y, 11, { bold: true });
  page.text(node('TD', row), d.item.amount, RIGHT - 10, y, 11, { align: 'right' });
  for (const detail of d.item.details) {
    const p = node('P', itemCell);
    for (const line of page.wrap(detail, RIGHT - LEFT - 140, 9)) {
      y += 14;
      page.text(p, line, LEFT + 10, y, 9, { color: MUTED });
    }
  }
  y += 16;
  page.rule(y);

  return y;
}

/** Totals: label and amount per row, right-aligned. */
function drawTotals(page: TaggedPage, root: Node, d: ReceiptDocument, top: number): number {
  let y = top + 2;
  const totals = node('Table', root);
  for (const total of d.totals) {
    y += 20;
    const strong = total.tone === 'total';
    const color = strong ? INK : REFUND;
    const tr = node('TR', totals);
    page.text(node('TH', tr, { scope: 'Row' }), total.label, RIGHT - 150, y, strong ? 11 : 10, { bold: strong, color, align: 'right' });
    page.text(node('TD', tr), total.value, RIGHT - 10, y, strong ? 11 : 10, { bold: strong, color, align: 'right' });
  }

  return y;
}

/** Notes (sandbox, Stripe's invoice), the item's terms, and the footer at the page's bottom. */
function drawNotes(page: TaggedPage, root: Node, d: ReceiptDocument, top: number) {
  let y = top + 40;
  for (const note of d.notes) {
    const p = node('P', root);
    if (note.label) page.text(p, note.label, LEFT, y, 9, { color: MUTED });
    const x = note.label ? VALUE_X : LEFT;
    for (const line of page.wrap(note.text, RIGHT - x, 9)) {
      page.text(p, line, x, y, 9, { color: note.href ? ACCENT : MUTED });
      y += 13;
    }
    y += 4;
  }
  y += 12;
  page.text(node('H2', root), d.terms.heading, LEFT, y, 10, { bold: true });
  for (const term of d.terms.lines) {
    const p = node('P', root);
    for (const line of page.wrap(term, RIGHT - LEFT, 9)) {
      y += 14;
      page.text(p, line, LEFT, y, 9, { color: MUTED });
    }
  }

  // The footer at the page's bottom.
  page.rule(A4.height - 76);
  const footer = node('P', root);
  for (const [i, line] of page.wrap(d.footer, RIGHT - LEFT, 9).entries())
    page.text(footer, line, LEFT, A4.height - 60 + i * 12, 9, { color: MUTED });
}

/**
 * The structure tree: each element an indirect object pointing at its parent and page, leaves
 * listing their marked-content ids; the parent tree maps each id back to its element (the page's
 * /StructParents 0), which is how a reader goes from a glyph to its element.
 */
function writeStructure(doc: PDFDocument, tagged: TaggedPage, root: Node) {
  const context: PDFContext = doc.context;
  const pageRef = tagged.page.ref;
  const treeRef = context.nextRef();
  const assignRefs = (n: Node) => {
    n.ref = context.nextRef();
    for (const kid of n.kids) if (typeof kid !== 'number') assignRefs(kid);
  };
  assignRefs(root);
  const write = (n: Node, parent: PDFRef) => {
    const dict = context.obj({
      Type: 'StructElem',
      S: n.role,
      P: parent,
      Pg: pageRef,
      K: n.kids.map((kid) => (typeof kid === 'number' ? PDFNumber.of(kid) : kid.ref!)),
    });
    if (n.lang) dict.set(PDFName.of('Lang'), PDFString.of(n.lang));
    if (n.scope) dict.set(PDFName.of('A'), context.obj({ O: 'Table', Scope: n.scope }));
    context.assign(n.ref!, dict);
    for (const kid of n.kids) if (typeof kid !== 'number') write(kid, n.ref!);
  };
  write(root, treeRef);
  context.assign(
    treeRef,
    context.obj({
      Type: 'StructTreeRoot',
      K: root.ref!,
      ParentTree: context.obj({ Nums: [PDFNumber.of(0), context.obj(tagged.owners.map((owner) => owner.ref!))] }),
      ParentTreeNextKey: 1,
      RoleMap: context.obj({}),
    }),
  );
  tagged.page.node.set(PDFName.of('StructParents'), PDFNumber.of(0));
  tagged.page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
  const catalog = doc.catalog;
  catalog.set(PDFName.of('StructTreeRoot'), treeRef);
  catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  catalog.set(PDFName.of('Metadata'), context.register(xmpStream(context, doc)));
}

/** XMP metadata with the title, language and the PDF/UA identification readers and checkers look for. */
function xmpStream(context: PDFContext, doc: PDFDocument) {
  const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const title = xmlText(doc.getTitle() ?? '');
  const xmp = `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${title}</rdf:li></rdf:Alt></dc:title>
<dc:format>application/pdf</dc:format>
<pdf:Producer>Image Studio receipts</pdf:Producer>
<pdfuaid:part>1</pdfuaid:part>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
  return context.stream(new TextEncoder().encode(xmp), { Type: 'Metadata', Subtype: 'XML' });
}
