import * as z from 'zod';
import { email, password, verificationCode } from './auth';
import { AUTH_LIMITS, AUTH_MESSAGES } from './auth-rules';
import { encodeMessage, say } from './messages';

/**
 * The personal center's account section: sign-in details, "My data" export and account
 * deletion. Shared by the API (validation) and the SPA (forms).
 */

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

/** The zip's name when saved: the same in the export's answer and in the download's Content-Disposition. */
export const dataExportFileName = (createdAt: Date, part = 1) =>
  `image-studio-data-${createdAt.toISOString().slice(0, 10)}${part > 1 ? `-part-${part}` : ''}.zip`;

/** `POST /api/account/deletion/confirm`: the code mailed to the account's own address. */
export const deleteAccountRequest = z.object({ verificationCode });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;
