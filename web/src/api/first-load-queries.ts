import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from './endpoints';
import { keys } from './query-keys';

/**
 * The queries that the header and the home page run. Apart from the rest (queries.ts), so that the
 * other pages' query definitions and API modules are not part of what `/` loads before it paints.
 */
export const firstLoadQueries = {
  balance: () => queryOptions({ queryKey: keys.balance, queryFn: ({ signal }) => api.balance(signal) }),
  pricing: (lang: string) =>
    queryOptions({ queryKey: keys.pricing(lang), queryFn: ({ signal }) => api.pricing(lang, signal), staleTime: 5 * 60_000 }),
  registrationBonus: () =>
    queryOptions({ queryKey: keys.registrationBonus, queryFn: ({ signal }) => api.registrationBonus(signal), staleTime: 5 * 60_000 }),
  /** The gallery, a page at a time (Load more). */
  showcaseFeed: (size: number) =>
    infiniteQueryOptions({
      queryKey: keys.showcase(size),
      queryFn: ({ pageParam, signal }) => api.showcase(pageParam, size, signal),
      initialPageParam: 0,
      getNextPageParam: (last, all) => (all.length < last.totalPages ? all.length : undefined),
      staleTime: 5 * 60_000,
    }),
};
