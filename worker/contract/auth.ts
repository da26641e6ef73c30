import * as z from 'zod';
import { AUTH_LIMITS as L, AUTH_MESSAGES as M, REFERRAL_CODE_PATTERN, VERIFICATION_CODE_PATTERN } from './auth-rules';

// The limits, patterns and messages are zod-free data in auth-rules.ts (the SPA checks forms with
// plain rules built from them); these are the server's schemas built from the same data.
export { AVATAR } from './auth-rules';

export const email = z
  .string({ error: M.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, M.emailRequired)
  .max(L.emailMax, M.emailTooLong)
  .pipe(z.email({ error: M.emailInvalid }));

export const referralCode = z
  .string()
  .trim()
  .max(L.referralCodeMax, M.referralCodeTooLong)
  .regex(REFERRAL_CODE_PATTERN, M.referralCodeInvalid)
  .optional();

export const sendCodeRequest = z.object({ email, referralCode });
export type SendCodeRequest = z.infer<typeof sendCodeRequest>;

export const verificationCode = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .regex(VERIFICATION_CODE_PATTERN, M.codeFormat);

export const verifyCodeRequest = z.object({ email, verificationCode, referralCode });
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequest>;

export const username = z
  .string({ error: M.usernameRequired })
  .trim()
  .min(1, M.usernameRequired)
  .min(L.usernameMin, M.usernameTooShort)
  .max(L.usernameMax, M.usernameTooLong);

export const updateProfileRequest = z.object({ name: username });

/** Passwords: long enough to resist guessing, bounded so hashing cannot be used to burn CPU. */
export const password = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(L.passwordMin, M.passwordTooShort)
  .max(L.passwordMax, M.passwordTooLong);

export const registerRequest = z.object({ name: username, email, password, referralCode });
export type RegisterRequest = z.infer<typeof registerRequest>;

/** Login does not re-check the password rules (an old account may predate them); only presence and the bound. */
export const loginRequest = z.object({
  email,
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(L.passwordMax, M.passwordTooLong),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** `POST /auth/google/start`: begins the authorization-code flow (PKCE + state bound to this browser). */
export const googleStartRequest = z.object({ referralCode }).default({});

/** `POST /auth/google/oauth2` (spec §7) plus the `state` Google returned, which the server checks. */
export const googleOAuthRequest = z.object({
  code: z.string().trim().min(1).max(2048),
  state: z.string().trim().min(16).max(256),
  clientId: z.string().trim().max(256).optional(),
  redirectUri: z.string().trim().max(2048).optional(),
  referralCode,
});
export type GoogleOAuthRequest = z.infer<typeof googleOAuthRequest>;

/** `POST /auth/google/v2/verify` (spec §7): a Google ID token from Google's own button. */
export const googleVerifyRequest = z.object({
  idToken: z.string().trim().min(1).max(8192),
  referralCode: referralCode.nullable(),
});
export type GoogleVerifyRequest = z.infer<typeof googleVerifyRequest>;

export const LOGIN_CODE = {
  digits: 6,
  ttlSeconds: 10 * 60,
  maxAttempts: 5,
  resendWaitSeconds: 60,
} as const;

/** `POST /auth/email-verification/verify`: the code mailed to the signed-in account's own address. */
export const verifyEmailRequest = z.object({ verificationCode });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;

/**
 * `POST /auth/password-reset/request`: mails a reset code when the address has an account. The
 * answer is the same for every address (no account enumeration).
 */
export const passwordResetRequest = z.object({ email });
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/**
 * `POST /auth/password-reset/confirm`: the mailed code and the new password (the register rules).
 * Success replaces the password, ends every other session and signs in (a `SignInResponse`, responses/auth.ts).
 */
export const passwordResetConfirm = z.object({ email, verificationCode, password });
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirm>;
