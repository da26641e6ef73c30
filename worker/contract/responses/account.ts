/** Success bodies of `/api/account/*` (sign-in details, data export, deletion) and the export job callback. */
import * as z from 'zod';
import {
  type AccountOverview,
  type CredentialsChangedResponse,
  DATA_EXPORT_STATUSES,
  type DataExportResponse,
  type DeleteAccountResponse,
  type DeletionPreview,
  type EmailChangeCodeResponse,
} from '../account';
import { userProfile } from './auth';

const int = z.number().int();

export const accountOverviewBody = z
  .object({
    success: z.literal(true),
    email: z.string(),
    emailVerified: z.boolean(),
    hasPassword: z.boolean(),
    signInMethods: z.array(z.enum(['email', 'google', 'password'])),
  })
  .meta({ id: 'AccountOverview' });
accountOverviewBody satisfies z.ZodType<AccountOverview>;

export const credentialsChangedBody = z
  .object({
    success: z.literal(true),
    token: z.string().describe('This session’s new token; every other session ended'),
    user: userProfile,
  })
  .meta({ id: 'CredentialsChanged' });
credentialsChangedBody satisfies z.ZodType<CredentialsChangedResponse>;

export const emailChangeCodeBody = z
  .object({ success: z.literal(true), message: z.string(), currentEmailCodeSent: z.boolean(), resendAfterSeconds: int })
  .meta({ id: 'EmailChangeCodeSent' });
emailChangeCodeBody satisfies z.ZodType<EmailChangeCodeResponse>;

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

export const dataExportBody = z
  .object({
    success: z.literal(true),
    export: z.union([dataExport, z.null()]),
    earlierParts: z.array(dataExport).describe('Earlier parts of the newest export still downloadable, part 1 first'),
  })
  .meta({ id: 'DataExportState' });
dataExportBody satisfies z.ZodType<DataExportResponse>;

export const deletionPreviewBody = z
  .object({
    success: z.literal(true),
    email: z.string(),
    creditsForfeited: int,
    subscription: z.object({ planName: z.string(), status: z.string() }).nullable(),
    creations: int,
    resendAfterSeconds: int,
  })
  .meta({ id: 'DeletionPreview' });
deletionPreviewBody satisfies z.ZodType<DeletionPreview>;

export const deleteAccountBody = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'AccountDeleted' });
deleteAccountBody satisfies z.ZodType<DeleteAccountResponse>;

export const dataExportJobBody = z
  .object({ success: z.literal(true), outcome: z.enum(['completed', 'failed', 'skipped']) })
  .meta({ id: 'DataExportJobRun' });
