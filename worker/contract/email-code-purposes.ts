/**
 * What an e-mail code was mailed for. A code only works for that (services/auth/email-codes.ts): a
 * person asked to read out "the code we just sent" for one thing cannot hand over another.
 */
export const EMAIL_CODE_PURPOSES = [
  'sign-in',
  'verify-email',
  'password-reset',
  'change-email',
  'confirm-email-change',
  'delete-account',
] as const;

export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];
