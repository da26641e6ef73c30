/**
 * Share links and lineage (docs/decisions/036): the owner's requests and the answers, plus the
 * limits the public page keeps. The SPA imports the types; the routes document these schemas.
 */
import * as z from 'zod';
import { CREATION_TYPES } from './creation-types';
import { creationRecord } from './responses/generation';

/** 18 random bytes: 144 bits, 24 base64url characters. The token is the only key a visitor holds. */
export const SHARE_TOKEN_BYTES = 18;
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/**
 * Views of shared pages and their images per client network per minute. A page view is two hits
 * (the page, then its image); chat apps fetching a preview are one or two. Counted before the token
 * is looked up, so guessing tokens is limited too.
 */
export const SHARED_VIEWS_PER_IP = { limit: 120, windowSeconds: 60 } as const;

/** PUT /api/creation-records/{id}/share: share the creation, or change what the page shows. */
export const shareRequest = z.object({
  includePrompt: z.boolean().default(false).describe('Show the prompt on the public page (the owner’s choice; off by default)'),
});
export type ShareRequest = z.infer<typeof shareRequest>;

const instant = z.string().describe('ISO 8601 date-time');

export const creationShare = z
  .object({
    token: z.string().describe('The unguessable part of the link'),
    url: z.string().describe('The public page, absolute: anyone with it sees the image, signed out'),
    imageUrl: z.string().describe('The shared image alone, absolute (the page’s og:image)'),
    includePrompt: z.boolean(),
    createdAt: instant,
  })
  .meta({ id: 'CreationShare' });
export type CreationShare = z.infer<typeof creationShare>;

export const shareResponse = z
  .object({ success: z.literal(true), share: creationShare.nullable().describe('null when the creation is not shared') })
  .meta({ id: 'CreationShareState' });

export const revokedShareResponse = z
  .object({ success: z.literal(true), revoked: z.boolean().describe('false when there was no link to revoke') })
  .meta({ id: 'RevokedShare' });

/** A creation in a lineage chain: enough for a linked thumbnail and its kind. */
export const lineageItem = z
  .object({
    id: z.string(),
    type: z.enum(CREATION_TYPES),
    status: z.enum(['PROCESSING', 'COMPLETED', 'FAILED']),
    createdAt: instant,
    thumbnail: z.string().nullable().describe('Signed for <img> use, like the records list'),
    style: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'LineageItem' });
export type LineageItem = z.infer<typeof lineageItem>;

export const creationDetailResponse = z
  .object({
    success: z.literal(true),
    record: creationRecord,
    sources: z
      .array(lineageItem)
      .describe('What this creation was made from: the direct source first, then its source, … (the user’s own live creations only)'),
    derived: z.array(lineageItem).describe('Creations made from this one, oldest first'),
  })
  .meta({ id: 'CreationDetail' });

/** How far back the chain is followed: every step is one small read. */
export const LINEAGE_DEPTH = 8;
/** At most this many derived creations are listed. */
export const LINEAGE_DERIVED_MAX = 50;

export { sourceRecordIdField } from './lineage';
