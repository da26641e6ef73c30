/**
 * A small PDF writer for text documents such as receipts (docs/decisions/037-receipts.md): one page,
 * positioned text runs, rules and filled boxes, no images, no compression, no embedded fonts.
 *
 * Fonts are the ones every PDF reader brings: Helvetica and Helvetica-Bold (the standard 14, with
 * WinAnsiEncoding) for Latin text and MSung-Light, Adobe's predefined Traditional Chinese CID font
 * (Adobe-CNS1 glyph collection, UniCNS-UCS2-H encoding), for everything else. Readers without
 * MSung-Light substitute a system CJK font (Chromium's PDFium and pdf.js both do). Each string is split
 * into runs: characters WinAnsi can encode go to Helvetica, others to MSung-Light; consecutive `Tj`
 * operators advance the text position by themselves, so mixed runs need no font metrics.
 *
 * The output is plain ASCII (strings are escaped or hex), so string lengths are byte offsets for the
 * cross-reference table.
 */

export interface PdfText {
  kind: 'text';
  text: string;
  /** Points from the left edge. */
  x: number;
  /** Baseline, points from the top edge (converted to PDF's bottom-up space when written). */
  y: number;
  size: number;
  bold?: boolean;
  /** 0–1 RGB; black when absent. */
  color?: readonly [number, number, number];
  /** `right`: `x` is where the text ends. */
  align?: 'left' | 'right';
}

export interface PdfRule {
  kind: 'rule';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width?: number;
  color?: readonly [number, number, number];
}

export interface PdfBox {
  kind: 'box';
  x: number;
  y: number;
  width: number;
  height: number;
  color: readonly [number, number, number];
}

/** Helvetica and Helvetica-Bold advance widths (1/1000 em) of ASCII 0x20–0x7E, from Adobe's AFM files. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278,
  278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556,
  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333,
  333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722,
  667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611,
  611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/**
 * The width of `text` in points as this writer draws it: Helvetica's metrics for ASCII, an average
 * Latin width for the rest of WinAnsi and a full em for CJK (MSung-Light's ideographs and
 * full-width punctuation). Used to right-align amounts and to wrap long lines.
 */
export function textWidth(text: string, size: number, bold = false): number {
  const table = bold ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const run of splitRuns(text)) {
    for (const cp of run.codePoints) units += run.font === 'cjk' ? 1000 : (table[cp - 0x20] ?? 556);
  }
  return (units * size) / 1000;
}

export type PdfItem = PdfText | PdfRule | PdfBox;

export interface PdfDocument {
  title: string;
  /** BCP 47 language of the document (the catalogue's /Lang, read by screen readers). */
  lang: string;
  /** A4 by default. */
  width?: number;
  height?: number;
  items: PdfItem[];
}

export const A4 = { width: 595.28, height: 841.89 } as const;

/** WinAnsiEncoding's bytes 0x80–0x9F, by Unicode code point (0xA0–0xFF are Latin-1 itself). */
export const WIN_ANSI_HIGH: Readonly<Record<number, number>> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};

/** The WinAnsi byte of a code point, or undefined when Helvetica cannot show it. */
export function winAnsiByte(codePoint: number): number | undefined {
  if (codePoint >= 0x20 && codePoint <= 0x7e) return codePoint;
  if (codePoint >= 0xa0 && codePoint <= 0xff) return codePoint;
  return WIN_ANSI_HIGH[codePoint];
}

/** A PDF literal string of WinAnsi bytes: printable ASCII as is, the rest as octal escapes. */
function latinLiteral(bytes: number[]): string {
  let out = '(';
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b >= 0x20 && b <= 0x7e) out += String.fromCharCode(b);
    else out += `\\${b.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

/** UCS-2 big-endian hex for UniCNS-UCS2-H; characters outside the BMP cannot be shown and become U+FFFD. */
function cjkHex(codePoints: number[]): string {
  return `<${codePoints.map((c) => (c > 0xffff ? 0xfffd : c).toString(16).toUpperCase().padStart(4, '0')).join('')}>`;
}

export interface TextRun {
  font: 'latin' | 'cjk';
  codePoints: number[];
}

/** Splits text into Helvetica and MSung-Light runs. Control characters become spaces. */
export function splitRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const ch of text) {
    let cp = ch.codePointAt(0) ?? 0x20;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) cp = 0x20;
    const font = winAnsiByte(cp) === undefined ? 'cjk' : 'latin';
    const last = runs[runs.length - 1];
    if (last?.font === font) last.codePoints.push(cp);
    else runs.push({ font, codePoints: [cp] });
  }
  return runs;
}

const num = (n: number) => {
  const rounded = Math.round(n * 100) / 100;
  return Number.isFinite(rounded) ? String(rounded) : '0';
};
const rgb = (c: readonly [number, number, number] | undefined) => (c ?? [0, 0, 0]).map((v) => num(Math.min(1, Math.max(0, v)))).join(' ');

/** Text strings in the document information dictionary: PDFDocEncoding is ASCII-safe, else UTF-16BE hex. */
function infoString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return latinLiteral([...text].map((c) => c.charCodeAt(0)));
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return `<${hex}>`;
}

function contentStream(items: PdfItem[], pageHeight: number): { stream: string; usesCjk: boolean } {
  const ops: string[] = [];
  let usesCjk = false;
  for (const item of items) {
    if (item.kind === 'box') {
      ops.push(
        `${rgb(item.color)} rg ${num(item.x)} ${num(pageHeight - item.y - item.height)} ${num(item.width)} ${num(item.height)} re f`,
      );
    } else if (item.kind === 'rule') {
      ops.push(
        `${rgb(item.color)} RG ${num(item.width ?? 0.5)} w ${num(item.x1)} ${num(pageHeight - item.y1)} m ${num(item.x2)} ${num(pageHeight - item.y2)} l S`,
      );
    } else {
      const x = item.align === 'right' ? item.x - textWidth(item.text, item.size, item.bold) : item.x;
      const parts: string[] = [`BT ${rgb(item.color)} rg ${num(x)} ${num(pageHeight - item.y)} Td`];
      for (const run of splitRuns(item.text)) {
        if (run.font === 'latin') {
          parts.push(
            `/${item.bold ? 'F2' : 'F1'} ${num(item.size)} Tf 0 Tr ${latinLiteral(run.codePoints.map((c) => winAnsiByte(c) ?? 0x3f))} Tj`,
          );
        } else {
          usesCjk = true;
          // MSung-Light has no bold face: bold CJK is drawn filled and stroked (rendering mode 2)
          // with a stroke of 1/50 em, about the weight difference of Helvetica-Bold.
          const weight = item.bold ? `2 Tr ${rgb(item.color)} RG ${num(item.size / 50)} w` : '0 Tr';
          parts.push(`/F3 ${num(item.size)} Tf ${weight} ${cjkHex(run.codePoints)} Tj`);
        }
      }
      parts.push('ET');
      ops.push(parts.join(' '));
    }
  }
  return { stream: `${ops.join('\n')}\n`, usesCjk };
}

/** Writes a one-page PDF 1.4 file. */
export function writePdf(doc: PdfDocument): Uint8Array {
  const width = doc.width ?? A4.width;
  const height = doc.height ?? A4.height;
  const { stream, usesCjk } = contentStream(doc.items, height);
  // Objects 1–6 always; the CJK font's three only when the page uses it; the info dictionary last.
  const fonts = `/F1 5 0 R /F2 6 0 R${usesCjk ? ' /F3 7 0 R' : ''}`;
  const objects: string[] = [
    `<< /Type /Catalog /Pages 2 0 R /Lang ${infoString(doc.lang)} /ViewerPreferences << /DisplayDocTitle true >> >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(width)} ${num(height)}] /Resources << /Font << ${fonts} >> >> /Contents 4 0 R >>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}endstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    ...(usesCjk
      ? [
          '<< /Type /Font /Subtype /Type0 /BaseFont /MSung-Light /Encoding /UniCNS-UCS2-H /DescendantFonts [8 0 R] >>',
          '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /MSung-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (CNS1) /Supplement 4 >> /FontDescriptor 9 0 R /DW 1000 >>',
          '<< /Type /FontDescriptor /FontName /MSung-Light /Flags 6 /FontBBox [-160 -259 1015 888] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
        ]
      : []),
    `<< /Title ${infoString(doc.title)} /Producer (Image Studio) >>`,
  ];
  // The binary comment line tells transfer tools the file is not text (PDF 7.5.2).
  const head = '%PDF-1.4\n%\u00E2\u00E3\u00CF\u00D3\n';
  const header = head.length;
  const offsets: number[] = [];
  let body = '';
  objects.forEach((object, i) => {
    offsets.push(header + body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = header + body.length;
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  const text = head + body + xref + trailer;
  // One byte per UTF-16 unit: everything but the header's four Latin-1 marker bytes is ASCII.
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}
