import type {
  AccountOverview,
  ChangePasswordRequest,
  CredentialsChangedResponse,
  DataExportResponse,
  DeleteAccountResponse,
  DeletionPreview,
  EmailChangeCodeResponse,
  EmailChangeConfirm,
} from '../../../worker/contract/account';
import type {
  AuthResponse,
  AvatarResponse,
  EmailVerificationStatus,
  GoogleConfigResponse,
  GoogleOAuthRequest,
  GoogleStartResponse,
  LoginRequest,
  PasswordResetConfirm,
  PasswordResetRequestResponse,
  RegisterRequest,
  SendCodeResponse,
  UserProfile,
  VerifyEmailResponse,
} from '../../../worker/contract/auth';
import { http, multipart, unwrapAs } from './client';

/** Typed account calls (spec §7 Auth, users/me, avatar). */
export const accountsApi = {
  googleConfig: () => unwrapAs<GoogleConfigResponse>(http.GET('/api/auth/google/config')),
  /** Same-origin on purpose: the server binds the flow (state + PKCE verifier) to this browser with a cookie. */
  googleStart: (referralCode?: string) => unwrapAs<GoogleStartResponse>(http.POST('/api/auth/google/start', { body: { referralCode } })),
  googleOAuth: (body: GoogleOAuthRequest) => unwrapAs<AuthResponse>(http.POST('/api/auth/google/oauth2', { body })),
  register: (body: RegisterRequest) => unwrapAs<AuthResponse>(http.POST('/api/auth/register', { body })),
  login: (body: LoginRequest) => unwrapAs<AuthResponse>(http.POST('/api/auth/login', { body })),
  me: (signal?: AbortSignal) => unwrapAs<UserProfile>(http.GET('/api/users/me', { signal })),
  /**
   * Spec §7: multipart field `avatar`, cancellable, with the caller's timeout (AVATAR.uploadTimeoutMs).
   * `signal` is the caller's Cancel; the timeout aborts with a TimeoutError so the caller can tell the two apart.
   */
  uploadAvatar: (file: File, timeoutMs: number, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('avatar', file);
    const timeout = AbortSignal.timeout(timeoutMs);
    return unwrapAs<AvatarResponse>(
      http.POST('/api/users/me/avatar', { ...multipart(form), signal: signal ? AbortSignal.any([signal, timeout]) : timeout }),
    ).catch((error: unknown) => {
      // Any other fetch failure is reported as a network error; a timeout is its own case.
      if (timeout.aborted && !signal?.aborted) throw new DOMException('Avatar upload timed out', 'TimeoutError');
      throw error;
    });
  },
};

/** `/auth/password-reset/*`: the same answer for every address, then code + new password → signed in. */
export const passwordResetApi = {
  request: (email: string) => unwrapAs<PasswordResetRequestResponse>(http.POST('/api/auth/password-reset/request', { body: { email } })),
  confirm: (body: PasswordResetConfirm) => unwrapAs<AuthResponse>(http.POST('/api/auth/password-reset/confirm', { body })),
};

/** The signed-in account's e-mail verification (docs/decisions/008). */
export const emailVerificationApi = {
  status: (signal?: AbortSignal) => unwrapAs<EmailVerificationStatus>(http.GET('/api/auth/email-verification', { signal })),
  sendCode: () => unwrapAs<SendCodeResponse>(http.POST('/api/auth/email-verification/send-code')),
  verify: (verificationCode: string) =>
    unwrapAs<VerifyEmailResponse>(http.POST('/api/auth/email-verification/verify', { body: { verificationCode } })),
};

/** `/api/account/*`: sign-in details, My data export, account deletion. */
export const accountApi = {
  overview: (signal?: AbortSignal) => unwrapAs<AccountOverview>(http.GET('/api/account', { signal })),
  changePassword: (body: ChangePasswordRequest) => unwrapAs<CredentialsChangedResponse>(http.POST('/api/account/password', { body })),
  /** An account without a password sets its first one with a reset code mailed to its own address. */
  sendPasswordCode: (email: string) => passwordResetApi.request(email),
  setPassword: (body: PasswordResetConfirm) => passwordResetApi.confirm(body),
  sendEmailChangeCode: (newEmail: string) =>
    unwrapAs<EmailChangeCodeResponse>(http.POST('/api/account/email/send-code', { body: { newEmail } })),
  confirmEmailChange: (body: EmailChangeConfirm) => unwrapAs<CredentialsChangedResponse>(http.POST('/api/account/email/confirm', { body })),
  latestExport: (signal?: AbortSignal) => unwrapAs<DataExportResponse>(http.GET('/api/account/export', { signal })),
  startExport: () => unwrapAs<DataExportResponse>(http.POST('/api/account/export')),
  deletionPreview: (signal?: AbortSignal) => unwrapAs<DeletionPreview>(http.GET('/api/account/deletion', { signal })),
  sendDeletionCode: () => unwrapAs<{ success: true; message: string }>(http.POST('/api/account/deletion/send-code')),
  deleteAccount: (verificationCode: string) =>
    unwrapAs<DeleteAccountResponse>(http.POST('/api/account/deletion/confirm', { body: { verificationCode } })),
};
