import { queryOptions } from '@tanstack/react-query';
import { http, unwrap } from './client';
import type { components } from './schema.gen';

type Schemas = components['schemas'];
export type CreationShare = NonNullable<Schemas['CreationShareState']['share']>;
export type CreationDetail = Schemas['CreationDetail'];
export type LineageItem = Schemas['LineageItem'];

/** A creation's share link and its detail with lineage (docs/decisions/036), shaped by worker/contract/shares.ts. */
export const sharesApi = {
  detail: (id: string, signal?: AbortSignal) => unwrap(http.GET('/api/creation-records/{id}', { params: { path: { id } }, signal })),
  share: (id: string, signal?: AbortSignal) => unwrap(http.GET('/api/creation-records/{id}/share', { params: { path: { id } }, signal })),
  /** Creates the link, or changes whether the page shows the prompt (the link stays the same). */
  setShare: (id: string, includePrompt: boolean) =>
    unwrap(http.PUT('/api/creation-records/{id}/share', { params: { path: { id } }, body: { includePrompt } })),
  revoke: (id: string) => unwrap(http.DELETE('/api/creation-records/{id}/share', { params: { path: { id } } })),
};

/** Under the records' key: deleting or regenerating a creation (which invalidates `creation-records`) refreshes these too. */
export const shareKeys = {
  detail: (id: string) => ['creation-records', 'detail', id] as const,
  share: (id: string) => ['creation-records', 'share', id] as const,
};

export const shareQueries = {
  detail: (id: string) => queryOptions({ queryKey: shareKeys.detail(id), queryFn: ({ signal }) => sharesApi.detail(id, signal) }),
  share: (id: string) => queryOptions({ queryKey: shareKeys.share(id), queryFn: ({ signal }) => sharesApi.share(id, signal) }),
};
