import type { ChangePasswordRequest, EmailChangeConfirm } from '@worker/contract/account';
import type { GoogleOAuthRequest, LoginRequest, PasswordResetConfirm, RegisterRequest } from '@worker/contract/auth';
import { http, multipart, unwrap } from './client';

/** Typed account calls (spec §7 Auth, users/me, avatar). */
export const accountsApi = {
  googleConfig: () => unwrap(http.GET('/api/auth/google/config')),
  /** Same-origin on purpose: the server binds the flow (state + PKCE verifier) to this browser with a cookie. */
  googleStart: (referralCode?: string) => unwrap(http.POST('/api/auth/google/start', { body: { referralCode } })),
  googleOAuth: (body: GoogleOAuthRequest) => unwrap(http.POST('/api/auth/google/oauth2', { body })),
  register: (body: RegisterRequest) => unwrap(http.POST('/api/auth/register', { body })),
  login: (body: LoginRequest) => unwrap(http.POST('/api/auth/login', { body })),
  me: (signal?: AbortSignal) => unwrap(http.GET('/api/users/me', { signal })),
  /**
   * Spec §7: multipart field `avatar`, cancellable, with the caller's timeout (AVATAR.uploadTimeoutMs).
   * `signal` is the caller's Cancel; the timeout aborts with a TimeoutError so the caller can tell the two apart.
   */
  uploadAvatar: (file: File, timeoutMs: number, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('avatar', file);
    const timeout = AbortSignal.timeout(timeoutMs);
    return unwrap(
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
  request: (email: string) => unwrap(http.POST('/api/auth/password-reset/request', { body: { email } })),
  confirm: (body: PasswordResetConfirm) => unwrap(http.POST('/api/auth/password-reset/confirm', { body })),
};

/** The signed-in account's e-mail verification (docs/decisions/008). */
export const emailVerificationApi = {
  status: (signal?: AbortSignal) => unwrap(http.GET('/api/auth/email-verification', { signal })),
  sendCode: () => unwrap(http.POST('/api/auth/email-verification/send-code')),
  verify: (verificationCode: string) => unwrap(http.POST('/api/auth/email-verification/verify', { body: { verificationCode } })),
};

/** `/api/account/*`: sign-in details, My data export, account deletion. */
export const accountApi = {
  overview: (signal?: AbortSignal) => unwrap(http.GET('/api/account', { signal })),
  changePassword: (body: ChangePasswordRequest) => unwrap(http.POST('/api/account/password', { body })),
  /** An account without a password sets its first one with a reset code mailed to its own address. */
  sendPasswordCode: (email: string) => passwordResetApi.request(email),
  setPassword: (body: PasswordResetConfirm) => passwordResetApi.confirm(body),
  sendEmailChangeCode: (newEmail: string) => unwrap(http.POST('/api/account/email/send-code', { body: { newEmail } })),
  confirmEmailChange: (body: EmailChangeConfirm) => unwrap(http.POST('/api/account/email/confirm', { body })),
  latestExport: (signal?: AbortSignal) => unwrap(http.GET('/api/account/export', { signal })),
  startExport: () => unwrap(http.POST('/api/account/export')),
  startNextExportPart: () => unwrap(http.POST('/api/account/export/next')),
  deletionPreview: (signal?: AbortSignal) => unwrap(http.GET('/api/account/deletion', { signal })),
  sendDeletionCode: () => unwrap(http.POST('/api/account/deletion/send-code')),
  deleteAccount: (verificationCode: string) => unwrap(http.POST('/api/account/deletion/confirm', { body: { verificationCode } })),
};
