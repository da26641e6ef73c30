/**
 * Success bodies of sign-in, e-mail verification, password reset and the profile (spec §3 User,
 * §7 Auth). Each mirrors the contract's TypeScript type (`satisfies`), and the routes declare them,
 * so a service that returns another shape fails to compile.
 */
import * as z from 'zod';
import type {
  AuthResponse,
  AvatarResponse,
  EmailVerificationStatus,
  GoogleConfigResponse,
  PasswordResetRequestResponse,
  SendCodeResponse,
  SignInResponse,
  UserProfile,
  VerifyEmailResponse,
} from '../auth';

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
userProfile satisfies z.ZodType<UserProfile>;

export const sendCodeBody = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'CodeSent' });
sendCodeBody satisfies z.ZodType<SendCodeResponse>;

const signInFields = {
  success: z.literal(true),
  token: z.string().describe('Bearer JWT for the Authorization header'),
  user: userProfile,
  isReferralLogin: z.boolean().describe('Whether this sign-in created an account linked to an inviter'),
};
export const signInBody = z.object(signInFields).meta({ id: 'SignIn' });
signInBody satisfies z.ZodType<SignInResponse>;
signInBody satisfies z.ZodType<AuthResponse>;

export const emailVerificationStatusBody = z
  .object({
    success: z.literal(true),
    emailVerified: z.boolean(),
    email: z.string(),
    newUserBonus: int.describe('Free credits the account receives once verified'),
    inviterReward: int.nullable().describe('Credits the inviter receives once verified; null without an inviter'),
    resendAfterSeconds: int,
  })
  .meta({ id: 'EmailVerificationStatus' });
emailVerificationStatusBody satisfies z.ZodType<EmailVerificationStatus>;

export const verifyEmailBody = z
  .object({
    success: z.literal(true),
    token: z.string(),
    user: userProfile,
    newUserBonus: int,
    inviterRewarded: z.boolean(),
  })
  .meta({ id: 'EmailVerified' });
verifyEmailBody satisfies z.ZodType<VerifyEmailResponse>;

export const googleConfigBody = z
  .object({ success: z.literal(true), enabled: z.boolean(), clientId: z.string().nullable() })
  .meta({ id: 'GoogleConfig' });
googleConfigBody satisfies z.ZodType<GoogleConfigResponse>;

export const googleStartBody = z
  .object({
    success: z.literal(true),
    authorizationUrl: z.string().describe("Google's consent page; also sets the flow's HttpOnly cookie"),
  })
  .meta({ id: 'GoogleStart' });

export const passwordResetRequestBody = z
  .object({ success: z.literal(true), message: z.string(), resendAfterSeconds: int })
  .meta({ id: 'PasswordResetRequested' });
passwordResetRequestBody satisfies z.ZodType<PasswordResetRequestResponse>;

export const avatarBody = z
  .object({ success: z.literal(true), avatar: z.string().describe('The new avatar URL'), user: userProfile })
  .meta({ id: 'AvatarUploaded' });
avatarBody satisfies z.ZodType<AvatarResponse>;
