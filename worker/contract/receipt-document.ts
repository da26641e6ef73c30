/**
 * A receipt as the engine service draws it into a PDF (`POST /v1/receipt-pdf`, decision 061): every
 * word already written in the receipt's language by the Worker (worker/i18n/receipt.ts), so the
 * engine only lays text out. The PDF needs an embedded CJK font and a PDF library, megabytes the
 * request Worker cannot carry; the request is signed like `/v1/run` (contract/engine-wire.ts).
 */
import * as z from 'zod';
import { LOCALES } from './locales';

export const ENGINE_RECEIPT_PDF_PATH = '/v1/receipt-pdf';

/** The largest request the route reads: a receipt is a few hundred short strings at most. */
export const RECEIPT_DOCUMENT_MAX_BYTES = 64 * 1024;

const text = z.string().max(2000);
const lines = z.array(text).max(20);

export const receiptDocument = z.object({
  /** The language of the receipt: the PDF's /Lang and its font choices. */
  lang: z.enum(LOCALES),
  /** The document title readers show (the PDF's /Title, shown instead of the file name). */
  title: text,
  heading: text,
  /** The line under the heading (the order number). */
  subheading: text,
  seller: z.object({
    heading: text,
    /** The language the seller's details are written in (the operator's legal text), when it differs from the receipt's. */
    lang: z.enum(LOCALES),
    name: text,
    lines,
    /** Says the details are the seller's registered text, left as registered; null when they are in the receipt's language. */
    note: text.nullable(),
  }),
  /** Order facts, a label and its value per row. */
  facts: z.array(z.object({ label: text, value: text })).max(12),
  item: z.object({
    headers: z.tuple([text, text]),
    name: text,
    amount: text,
    details: lines,
  }),
  totals: z.array(z.object({ label: text, value: text, tone: z.enum(['total', 'refund']) })).max(4),
  /** Sandbox note, Stripe's invoice: a line of text, with an optional label and address. */
  notes: z.array(z.object({ label: text.nullable(), text, href: z.url().max(2000).nullable() })).max(4),
  /** What the item's credits and refunds are subject to (packs, monthly and yearly plans differ). */
  terms: z.object({ heading: text, lines }),
  footer: text,
});

export type ReceiptDocument = z.infer<typeof receiptDocument>;

export const encodeReceiptDocument = (document: ReceiptDocument): Uint8Array<ArrayBuffer> =>
  new TextEncoder().encode(JSON.stringify(document));
