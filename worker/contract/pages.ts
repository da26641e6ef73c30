/**
 * The list envelope (docs/decisions/065): every list whose shape the spec leaves open answers
 * `{ success: true, items, page, size, total, totalPages }`, `page` counted from 0. The orders list
 * keeps the spec's own shape (`OrdersPage` in ./payments). The schema is `pageOf` in
 * ./responses/common.ts.
 */
export interface Paged<T> {
  success: true;
  items: T[];
  page: number;
  size: number;
  total: number;
  totalPages: number;
}

/** One page of `items` out of `total`, for a query of `size` per page starting at page `page`. */
export const paged = <T>(items: T[], query: { page: number; size: number }, total: number): Paged<T> => ({
  success: true,
  items,
  page: query.page,
  size: query.size,
  total,
  totalPages: Math.ceil(total / query.size),
});
