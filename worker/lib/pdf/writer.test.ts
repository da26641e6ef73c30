import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPdfText } from './read-text';
import { splitRuns, textWidth, winAnsiByte, writePdf } from './writer';

describe('PDF writer', () => {
  it('writes a PDF whose cross-references and text read back', () => {
    const bytes = writePdf({
      title: 'Receipt ord_123',
      lang: 'en',
      items: [
        { kind: 'text', text: 'Receipt', x: 56, y: 80, size: 22, bold: true },
        { kind: 'text', text: 'Total (paid) \\ US$ 9.99 — 1,200 credits', x: 56, y: 120, size: 11 },
        { kind: 'rule', x1: 56, y1: 130, x2: 539, y2: 130 },
        { kind: 'box', x: 56, y: 140, width: 100, height: 20, color: [0.9, 0.9, 0.9] },
        { kind: 'text', text: 'US$9.99', x: 539, y: 150, size: 11, align: 'right' },
      ],
    });
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const read = readPdfText(bytes);
    expect(read.lines).toEqual(['Receipt', 'Total (paid) \\ US$ 9.99 — 1,200 credits', 'US$9.99']);
    expect(read.title).toBe('Receipt ord_123');
    // Latin only: the CJK font is not referenced by the page.
    expect(text).not.toContain('/F3 7 0 R');
  });

  it('writes Chinese through MSung-Light (UniCNS-UCS2-H) and mixes fonts within a line', () => {
    const bytes = writePdf({
      title: '收據 ord_1',
      lang: 'zh-Hant',
      items: [{ kind: 'text', text: '金額：US$9.99（已退款）', x: 56, y: 80, size: 12, bold: true }],
    });
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text).toContain('/BaseFont /MSung-Light /Encoding /UniCNS-UCS2-H');
    expect(text).toContain('/Registry (Adobe) /Ordering (CNS1)');
    // No font program is embedded.
    expect(text).not.toMatch(/FontFile/);
    const read = readPdfText(bytes);
    expect(read.lines).toEqual(['金額：US$9.99（已退款）']);
    expect(read.title).toBe('收據 ord_1');
    expect(read.fonts).toEqual(expect.arrayContaining(['Helvetica', 'Helvetica-Bold', 'MSung-Light']));
  });

  it('splits runs by what WinAnsi can encode and replaces control characters', () => {
    expect(splitRuns('ab中文c\u0007').map((r) => [r.font, String.fromCodePoint(...r.codePoints)])).toEqual([
      ['latin', 'ab'],
      ['cjk', '中文'],
      ['latin', 'c '],
    ]);
    expect(winAnsiByte(0x20ac)).toBe(0x80);
    expect(winAnsiByte(0xe9)).toBe(0xe9);
    expect(winAnsiByte(0x4e2d)).toBeUndefined();
    // Characters outside the BMP cannot be addressed by UCS-2: they are drawn as U+FFFD.
    const read = readPdfText(writePdf({ title: 't', lang: 'en', items: [{ kind: 'text', text: 'a😀', x: 0, y: 10, size: 10 }] }));
    expect(read.lines).toEqual(['a\uFFFD']);
  });

  it('reads back any text exactly as drawn: control characters as spaces, beyond the BMP as U+FFFD', () => {
    const expected = (text: string) =>
      [...text]
        .map((ch) => {
          const cp = ch.codePointAt(0)!;
          if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return ' ';
          return cp > 0xffff ? '\uFFFD' : ch;
        })
        .join('');
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { maxLength: 6 }),
        fc.string({ maxLength: 30 }),
        (lines, title) => {
          const bytes = writePdf({
            title,
            lang: 'en',
            items: lines.map((text, i) => ({ kind: 'text' as const, text, x: 10, y: 20 + i * 12, size: 10, bold: i % 2 === 1 })),
          });
          const read = readPdfText(bytes);
          expect(read.lines).toEqual(lines.map(expected));
          expect(read.title).toBe(title);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('measures Helvetica and CJK text', () => {
    expect(textWidth('0', 10)).toBeCloseTo(5.56);
    expect(textWidth('中文', 10)).toBe(20);
    expect(textWidth('Wi', 10, true)).toBeCloseTo(12.22);
  });
});
