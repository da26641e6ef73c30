/**
 * Reads back what ./writer.ts wrote, for tests: checks the cross-reference table points at every
 * object and returns the text of each `BT … ET` block as one line (Helvetica strings as WinAnsi,
 * MSung-Light strings as UCS-2). Not a general PDF parser: it knows this writer's output only.
 */

import { WIN_ANSI_HIGH } from './writer';

/** WinAnsi bytes 0x80–0x9F back to Unicode (the rest of the bytes are Latin-1 code points). */
const WIN_ANSI_TO_UNICODE: Record<number, number> = Object.fromEntries(
  Object.entries(WIN_ANSI_HIGH).map(([codePoint, byte]) => [byte, Number(codePoint)]),
);

function unescapeLiteral(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = body[i + 1]!;
    if (/[0-7]/.test(next)) {
      const octal = body.slice(i + 1, i + 4);
      const byte = Number.parseInt(octal, 8);
      out += String.fromCodePoint(WIN_ANSI_TO_UNICODE[byte] ?? byte);
      i += 3;
    } else {
      out += next;
      i += 1;
    }
  }
  return out;
}

function decodeHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
  return out;
}

export interface ReadPdf {
  /** One entry per text block, in drawing order. */
  lines: string[];
  /** Font names the page's resources name (e.g. Helvetica, MSung-Light). */
  fonts: string[];
  title: string | undefined;
}

export function readPdfText(bytes: Uint8Array): ReadPdf {
  const text = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  if (!text.startsWith('%PDF-1.')) throw new Error('not a PDF');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  if (!Number.isInteger(startxref) || !text.startsWith('xref\n', startxref)) throw new Error('startxref does not point at the xref table');
  const xref = text.slice(startxref).split('\n');
  const count = Number(xref[1]?.split(' ')[1]);
  for (let n = 1; n < count; n++) {
    const offset = Number(xref[2 + n]?.slice(0, 10));
    if (!text.startsWith(`${n} 0 obj\n`, offset)) throw new Error(`xref entry ${n} does not point at object ${n}`);
  }
  const stream = /stream\n([\s\S]*?)endstream/.exec(text)?.[1] ?? '';
  const declared = Number(/<< \/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
  if (declared !== stream.length) throw new Error(`stream /Length ${declared} but ${stream.length} bytes`);
  const lines: string[] = [];
  for (const block of stream.matchAll(/BT ([\s\S]*?) ET/g)) {
    let line = '';
    for (const m of block[1]!.matchAll(/\(((?:\\.|[^\\)])*)\) Tj|<([0-9A-F]*)> Tj/g)) {
      line += m[1] !== undefined ? unescapeLiteral(m[1]) : decodeHex(m[2]!);
    }
    lines.push(line);
  }
  const fonts = [...text.matchAll(/\/BaseFont \/([A-Za-z-]+)/g)].map((m) => m[1]!);
  const titleLiteral = /\/Title \(((?:\\.|[^\\)])*)\)/.exec(text)?.[1];
  const titleHex = /\/Title <FEFF([0-9A-F]*)>/.exec(text)?.[1];
  const title = titleLiteral !== undefined ? unescapeLiteral(titleLiteral) : titleHex !== undefined ? decodeHex(titleHex) : undefined;
  return { lines, fonts: [...new Set(fonts)], title };
}
