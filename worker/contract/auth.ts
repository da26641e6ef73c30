import { z } from 'zod';

/** Shared by the API (validation) and the SPA (forms): one definition of what a valid input is. */
export const email = z
  .string({ error: 'Please enter your email' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your email')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email' }));

export const referralCode = z.string().trim().max(32).regex(/^[A-Za-z0-9_-]*$/, 'Invalid referral code').optional();

export const sendCodeRequest = z.object({ email, referralCode });
export type SendCodeRequest = z.infer<typeof sendCodeRequest>;

export const verificationCode = z
  .string({ error: 'Please enter verification code' })
  .trim()
  .min(1, 'Please enter verification code')
  .regex(/^\d{6}$/, 'The verification code is 6 digits');

export const verifyCodeRequest = z.object({ email, verificationCode, referralCode });
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequest>;

export const username = z
  .string({ error: 'Username cannot be empty' })
  .trim()
  .min(1, 'Username cannot be empty')
  .min(2, 'Username must be at least 2 characters')
  .max(50, 'Username must be at most 50 characters');

export const updateProfileRequest = z.object({ name: username });

export const LOGIN_CODE = {
  digits: 6,
  ttlSeconds: 10 * 60,
  maxAttempts: 5,
  resendWaitSeconds: 60,
} as const;

/** The user as every auth and profile endpoint returns it (spec §3 User / profile). */
export interface UserProfile {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  authProvider: 'google' | 'email' | 'password';
  provider: 'google' | 'email' | 'password';
  avatar: string | null;
  role: 'user' | 'admin';
  createdAt: string;
}

export interface SendCodeResponse {
  success: true;
  message: string;
}

export interface AuthResponse {
  token: string;
  user: UserProfile;
  isReferralLogin: boolean;
}
