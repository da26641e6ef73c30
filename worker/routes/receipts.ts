import { createRoute } from '@hono/zod-openapi';
import { receiptParam, receiptQuery, receiptResponse } from '../contract/receipts';
import { createRouter, errors, okJson, signedIn } from '../http/openapi';
import { requireUser } from '../middleware/auth';
import { getReceipt, getReceiptPdf } from '../services/payments/receipts';
import { localeOf } from './payments';

const receipt = { tags: ['Payments'], ...signedIn, request: { params: receiptParam, query: receiptQuery } };

/** `/api/orders/{id}/receipt[.pdf]`: the receipt of one of my paid orders (docs/decisions/037-receipts.md). */
export const receiptRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/receipt',
      summary: 'Receipt of my paid order (404 for unpaid orders and anyone else’s)',
      ...receipt,
      responses: { 200: okJson(receiptResponse, 'The receipt'), ...errors(404) },
    }),
    async (c) => c.json(await getReceipt(c.get('deps'), requireUser(c), c.req.valid('param').id, localeOf(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/receipt.pdf',
      summary: 'The same receipt as a PDF, in the requested language (an attachment)',
      ...receipt,
      responses: {
        200: { description: 'The receipt PDF', content: { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } } },
        ...errors(404, 503),
      },
    }),
    async (c) => {
      const { bytes, fileName } = await getReceiptPdf(c.get('deps'), requireUser(c), c.req.valid('param').id, localeOf(c));
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
    },
  );
