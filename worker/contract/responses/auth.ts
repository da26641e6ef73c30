/**
 * Success bodies of sign-in, e-mail verification, password reset and the profile (spec §3 User,
 * §7 Auth). The routes declare them, so a service that returns another shape fails to compile; the
 * server's types are inferred from them (the SPA's are generated from the same document).
 */
import * as z from 'zod';

const int = z.number().int();
const provider = z.enum(['google', 'email', 'password']);

export const userProfile = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    authProvider: provider,
    provider: provider.describe('Same as authProvider (older name)'),
    avatar: z.string().nullable().describe('Avatar URL, or null'),
    role: z.enum(['user', 'admin']),
    createdAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'UserProfile' });
/** The user as every auth and profile endpoint returns it (spec §3 User / profile). */
export type UserProfile = z.infer<typeof userProfile>;

export const sendCodeBody = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'CodeSent' });
export type SendCodeResponse = z.infer<typeof sendCodeBody>;

const signInFields = {
  success: z.literal(true),
  token: z.string().describe('Bearer JWT for the Authorization header'),
  user: userProfile,
  isReferralLogin: z.boolean().describe('Whether this sign-in created an account linked to an inviter'),
};
export const signInBody = z.object(signInFields).meta({ id: 'SignIn' });
/** What register, password login and both Google sign-ins answer (`isReferralLogin` is false for a login). */
export type SignInResponse = z.infer<typeof signInBody>;
/** A sign-in as the services make it: the route's answer without `success`. */
export type AuthResponse = Omit<SignInResponse, 'success'>;

export const emailVerificationStatusBody = z
  .object({
    success: z.literal(true),
    emailVerified: z.boolean(),
    email: z.string(),
    newUserBonus: int.describe('Free credits the account receives once verified'),
    inviterReward: int.nullable().describe('Credits the inviter receives once verified; null without an inviter (or once paid)'),
    resendAfterSeconds: int.describe('Seconds until another code may be sent'),
  })
  .meta({ id: 'EmailVerificationStatus' });
/** `GET /auth/email-verification`: what an unverified password account is waiting for. */
export type EmailVerificationStatus = z.infer<typeof emailVerificationStatusBody>;

export const verifyEmailBody = z
  .object({
    success: z.literal(true),
    token: z.string(),
    user: userProfile,
    newUserBonus: int.describe('Free credits granted by this verification'),
    inviterRewarded: z.boolean().describe('Whether this verification paid the inviter’s reward'),
  })
  .meta({ id: 'EmailVerified' });
/** The verified account with a fresh token (sessions from before verification end, see docs/decisions/007). */
export type VerifyEmailResponse = z.infer<typeof verifyEmailBody>;

export const googleConfigBody = z
  .object({ success: z.literal(true), enabled: z.boolean(), clientId: z.string().nullable() })
  .meta({ id: 'GoogleConfig' });
/** `GET /auth/google/config`: whether the Google button can work on this deployment. */
export type GoogleConfigResponse = z.infer<typeof googleConfigBody>;

export const googleStartBody = z
  .object({
    success: z.literal(true),
    authorizationUrl: z.string().describe("Google's consent page; also sets the flow's HttpOnly cookie"),
  })
  .meta({ id: 'GoogleStart' });

export const passwordResetRequestBody = z
  .object({
    success: z.literal(true),
    message: z.string(),
    resendAfterSeconds: int.describe('Seconds before another code may be asked for (the same for every address)'),
  })
  .meta({ id: 'PasswordResetRequested' });
export type PasswordResetRequestResponse = z.infer<typeof passwordResetRequestBody>;

export const avatarBody = z
  .object({ success: z.literal(true), avatar: z.string().describe('The new avatar URL'), user: userProfile })
  .meta({ id: 'AvatarUploaded' });
export type AvatarResponse = z.infer<typeof avatarBody>;
