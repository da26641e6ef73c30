/** Success bodies of `/api/account/*` (sign-in details, data export, deletion) and the export job callback. */
import * as z from 'zod';
import { DATA_EXPORT_STATUSES } from '../account';
import { userProfile } from './auth';

const int = z.number().int();

export const accountOverviewBody = z
  .object({
    success: z.literal(true),
    email: z.string(),
    emailVerified: z.boolean(),
    hasPassword: z
      .boolean()
      .describe('Whether the account has a password: changing it asks for the current one; without one, it is set by e-mail code'),
    signInMethods: z
      .array(z.enum(['email', 'google', 'password']))
      .describe('How the account can sign in (Google stays linked across an e-mail change)'),
  })
  .meta({ id: 'AccountOverview' });
/** `GET /api/account`: what the security forms need to know about the signed-in account. */
export type AccountOverview = z.infer<typeof accountOverviewBody>;

export const credentialsChangedBody = z
  .object({
    success: z.literal(true),
    token: z.string().describe('This session’s new token; every other session ended'),
    user: userProfile,
  })
  .meta({ id: 'CredentialsChanged' });
/** A password or e-mail change ends every other session; the answer carries this session's new token. */
export type CredentialsChangedResponse = z.infer<typeof credentialsChangedBody>;

export const emailChangeCodeBody = z
  .object({
    success: z.literal(true),
    message: z.string(),
    currentEmailCodeSent: z
      .boolean()
      .describe('True when a second code went to the current address and must be typed too (accounts without a password)'),
    resendAfterSeconds: int,
  })
  .meta({ id: 'EmailChangeCodeSent' });
export type EmailChangeCodeResponse = z.infer<typeof emailChangeCodeBody>;

const dataExport = z
  .object({
    id: z.string(),
    status: z.enum(DATA_EXPORT_STATUSES),
    progress: int.describe('0–100'),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    sizeBytes: int.nullable(),
    fileCount: int.nullable(),
    part: int.describe('1, or 2, 3, … for a part of what the part before left out'),
    notIncluded: z
      .object({ count: int, bytes: int })
      .nullable()
      .describe('Images the size bound left out of this zip: a next part can hold them'),
    downloadUrl: z.string().nullable().describe('Signed, expiring link to the zip (COMPLETED only)'),
    fileName: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'DataExport' });

/** One export as the personal center shows it. */
export type DataExportInfo = z.infer<typeof dataExport>;

// A union with null, not `.nullable()`: the document drops the null of a nullable named component.
export const dataExportBody = z
  .object({
    success: z.literal(true),
    export: z.union([dataExport, z.null()]).describe('The newest export, or null'),
    earlierParts: z.array(dataExport).describe('Earlier parts of the newest export still downloadable, part 1 first'),
  })
  .meta({ id: 'DataExportState' });
/**
 * `GET /api/account/export` (the newest export, or null), `POST /api/account/export` (starts one, or
 * returns the one running) and `POST /api/account/export/next` (the next part of the newest one).
 */
export type DataExportResponse = z.infer<typeof dataExportBody>;

export const deletionPreviewBody = z
  .object({
    success: z.literal(true),
    email: z.string(),
    creditsForfeited: int.describe('Credits that are lost with the account'),
    subscription: z
      .object({ planName: z.string(), status: z.string() })
      .nullable()
      .describe('A live subscription, cancelled at the payment provider first; null without one'),
    creations: int.describe('Images and uploads that are removed'),
    resendAfterSeconds: int,
  })
  .meta({ id: 'DeletionPreview' });
/** `GET /api/account/deletion`: what deleting the account will do, shown before the code is asked for. */
export type DeletionPreview = z.infer<typeof deletionPreviewBody>;

export const deleteAccountBody = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'AccountDeleted' });
export type DeleteAccountResponse = z.infer<typeof deleteAccountBody>;

export const dataExportJobBody = z
  .object({ success: z.literal(true), outcome: z.enum(['completed', 'failed', 'skipped']) })
  .meta({ id: 'DataExportJobRun' });
