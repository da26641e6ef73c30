/**
 * The list envelope (docs/decisions/065): every list whose shape the spec leaves open answers
 * `{ success: true, items, page, size, total, totalPages }`, `page` counted from 0. The showcase
 * names its list `images`, as the spec does (092); the orders list keeps the spec's own shape
 * (`OrdersPage` in ./payments). The schema is `pageOf` in ./responses/common.ts.
 */
export interface PageFields {
  success: true;
  page: number;
  size: number;
  total: number;
  totalPages: number;
}

export interface Paged<T> extends PageFields {
  items: T[];
}

/** The envelope's fields for page `page` of `size` items out of `total`. */
export const pageFields = (query: { page: number; size: number }, total: number): PageFields => ({
  success: true,
  page: query.page,
  size: query.size,
  total,
  totalPages: Math.ceil(total / query.size),
});

/** One page of `items` out of `total`, for a query of `size` per page starting at page `page`. */
export const paged = <T>(items: T[], query: { page: number; size: number }, total: number): Paged<T> => ({
  ...pageFields(query, total),
  items,
});
