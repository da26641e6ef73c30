import { queryOptions } from '@tanstack/react-query';
import { http, unwrap } from './client';
import { keys } from './query-client';

/**
 * Receipts of paid orders (docs/decisions/037-receipts.md): the data for the receipt page and the PDF,
 * both in the UI's language (the client sends it as Accept-Language; `lang` makes it explicit).
 */
export const receiptsApi = {
  receipt: (id: string, lang: string, signal?: AbortSignal) =>
    unwrap(http.GET('/api/orders/{id}/receipt', { params: { path: { id }, query: { lang } }, signal })),
  /** The PDF as a blob: the API wants the bearer token, so a plain link cannot fetch it. */
  pdf: (id: string, lang: string) =>
    unwrap(http.GET('/api/orders/{id}/receipt.pdf', { params: { path: { id }, query: { lang } }, parseAs: 'blob' })),
};

export const receiptQueries = {
  /** Under the orders key: a refund (which reloads the orders) refreshes an open receipt too. */
  receipt: (id: string, lang: string) =>
    queryOptions({ queryKey: [...keys.orders, 'receipt', id, lang], queryFn: ({ signal }) => receiptsApi.receipt(id, lang, signal) }),
};
