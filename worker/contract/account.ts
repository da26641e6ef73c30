import * as z from 'zod';
import { email, password, verificationCode, type UserProfile } from './auth';
import { AUTH_LIMITS, AUTH_MESSAGES } from './auth-rules';
import { encodeMessage, say } from './messages';

/**
 * The personal center's account section: sign-in details, "My data" export and account
 * deletion. Shared by the API (validation) and the SPA (forms).
 */

/** `GET /api/account`: what the security forms need to know about the signed-in account. */
export interface AccountOverview {
  success: true;
  email: string;
  emailVerified: boolean;
  /** Whether the account has a password: changing it asks for the current one; without one, it is set by e-mail code. */
  hasPassword: boolean;
  /** How the account can sign in (Google stays linked across an e-mail change). */
  signInMethods: ('email' | 'google' | 'password')[];
}

const CURRENT_PASSWORD_REQUIRED = encodeMessage(say('currentPasswordRequired'));

/** The current password, re-checked before a password or e-mail change (a stolen session alone is not enough). */
const currentPassword = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(AUTH_LIMITS.passwordMax, AUTH_MESSAGES.passwordTooLong);

/** `POST /api/account/password`: the current password and the new one (the register rules). */
export const changePasswordRequest = z.object({ currentPassword, newPassword: password });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** `POST /api/account/email/send-code`: mails a code to the new address (and, for an account without a password, to the current one). */
export const emailChangeCodeRequest = z.object({ newEmail: email });
export type EmailChangeCodeRequest = z.infer<typeof emailChangeCodeRequest>;

export interface EmailChangeCodeResponse {
  success: true;
  message: string;
  /** True when a second code went to the current address and must be typed too (accounts without a password). */
  currentEmailCodeSent: boolean;
  resendAfterSeconds: number;
}

/**
 * `POST /api/account/email/confirm`: the code mailed to the new address, plus proof that the owner
 * is at the keyboard: the current password, or (no password) the code mailed to the current address.
 */
export const emailChangeConfirm = z.object({
  newEmail: email,
  verificationCode,
  currentPassword: currentPassword.optional(),
  currentEmailCode: verificationCode.optional(),
});
export type EmailChangeConfirm = z.infer<typeof emailChangeConfirm>;

/** A password or e-mail change ends every other session; the answer carries this session's new token. */
export interface CredentialsChangedResponse {
  success: true;
  token: string;
  user: UserProfile;
}

export const DATA_EXPORT_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const DATA_EXPORT = {
  /** How long a finished zip can be downloaded. */
  keepDays: 7,
  /** Exports a user may start per day (each reads every image they own). */
  maxPerDay: 5,
  /** A start this soon after the last one answers with that export: a double click, not a new request. */
  repeatClickSeconds: 10,
  /** The most image megabytes one zip holds; the rest goes into a next part (decision 018). */
  imageMegabytesMax: 40,
  /** How often the personal center asks for progress. */
  pollMs: 1000,
} as const;

/** One export as the personal center shows it. */
export interface DataExportInfo {
  id: string;
  status: DataExportStatus;
  /** 0–100. */
  progress: number;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
  sizeBytes: number | null;
  fileCount: number | null;
  /** 1, or 2, 3, … for a part made of the images the part before left out. */
  part: number;
  /** Images the size bound left out of this zip (COMPLETED only): a next part can hold them. */
  notIncluded: { count: number; bytes: number } | null;
  /** A signed, expiring link to the zip (COMPLETED only). */
  downloadUrl: string | null;
  fileName: string | null;
  error: string | null;
}

/** The zip's name when saved: the same in the export's answer and in the download's Content-Disposition. */
export const dataExportFileName = (createdAt: Date, part = 1) =>
  `image-studio-data-${createdAt.toISOString().slice(0, 10)}${part > 1 ? `-part-${part}` : ''}.zip`;

/**
 * `GET /api/account/export` (the newest export, or null), `POST /api/account/export` (starts one, or
 * returns the one running) and `POST /api/account/export/next` (the next part of the newest one).
 */
export interface DataExportResponse {
  success: true;
  export: DataExportInfo | null;
  /** The parts before the newest one that can still be downloaded, part 1 first. */
  earlierParts: DataExportInfo[];
}

/** `POST /api/account/deletion/confirm`: the code mailed to the account's own address. */
export const deleteAccountRequest = z.object({ verificationCode });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

/** `GET /api/account/deletion`: what deleting the account will do, shown before the code is asked for. */
export interface DeletionPreview {
  success: true;
  email: string;
  /** Credits that are lost with the account. */
  creditsForfeited: number;
  /** A live subscription that is cancelled at the payment provider first. */
  subscription: { planName: string; status: string } | null;
  /** Images and uploads that are removed. */
  creations: number;
  resendAfterSeconds: number;
}

export interface DeleteAccountResponse {
  success: true;
  message: string;
}
