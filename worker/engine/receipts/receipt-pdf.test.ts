import { describe, expect, it } from 'vitest';
import { createEngineServiceClient } from '../../adapters/images/engine-service';
import { ENGINE_RECEIPT_PDF_PATH, encodeReceiptDocument, type ReceiptDocument } from '../../contract/receipt-document';
import { createEngineService } from '../service';
import { readPdfText } from './read-text';

const SECRET = 'engine-test-secret-0123456789abcdef';
const service = createEngineService({ secret: SECRET, pool: { run: () => Promise.reject(new Error('unused')) } });
const client = createEngineServiceClient({
  url: 'http://engine.internal',
  secret: SECRET,
  fetch: (request) => Promise.resolve(service.request(request)),
});

const document: ReceiptDocument = {
  lang: 'zh-Hant',
  title: '收據 R-1',
  heading: '收據',
  subheading: '訂單編號 R-1',
  seller: {
    heading: '賣方',
    lang: 'en',
    name: 'Studio Ltd',
    lines: ['1 Harbour Road'],
    note: '賣方之登記名稱與地址，依登記原文（英文）列示。',
  },
  facts: [{ label: '訂單 ID', value: 'ord_1' }],
  item: { headers: ['項目', '金額'], name: '創作者點數包 🎨', amount: 'USD 19.99', details: ['500 點數'] },
  totals: [{ label: '實付總額', value: 'USD 19.99', tone: 'total' }],
  notes: [],
  terms: { heading: '條款', lines: ['本點數包的 500 點數永不過期。'] },
  footer: '感謝您的購買。',
};

describe('receipt PDF through the engine service', () => {
  it('draws a signed receipt with its fonts embedded and its seller block in English', async () => {
    const pdf = await client.receiptPdf!(document);
    const read = await readPdfText(pdf);
    expect(read.lines).toEqual(expect.arrayContaining(['收據', '項目', '金額', '實付總額', 'Studio Ltd', '本點數包的 500 點數永不過期。']));
    // A character the font lacks (the emoji) is drawn as U+FFFD, not dropped.
    expect(read.lines).toContain('創作者點數包 \ufffd');
    expect(read.fonts.every((f) => f.embedded)).toBe(true);
    expect(new TextDecoder('latin1').decode(pdf)).toMatch(/\/Lang \(en\)/);
  });

  it('wraps Chinese between characters, not only at the spaces around numbers', async () => {
    const term = '按年計費：在已付款的 12 個月內每月加入 1,000 點數。未使用的訂閱點數在訂閱有效期間會累積到下個月，訂閱結束時失效。';
    const { lines } = await readPdfText(await client.receiptPdf!({ ...document, terms: { heading: '條款', lines: [term] } }));
    const start = lines.findIndex((l) => l.startsWith('按年計費'));
    // Two lines, the first filled past "1,000 點數" (a space-only wrap broke before 點數), together the whole term.
    expect(lines[start]).toContain('1,000 點數。未使用');
    expect(lines[start]! + lines[start + 1]!).toBe(term);
  });

  it('refuses an unsigned request', async () => {
    const response = await service.request(`http://engine.internal${ENGINE_RECEIPT_PDF_PATH}`, {
      method: 'POST',
      body: encodeReceiptDocument(document),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(401);
  });
});
