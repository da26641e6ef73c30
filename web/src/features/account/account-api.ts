import type {
  AccountOverview,
  ChangePasswordRequest,
  CredentialsChangedResponse,
  DataExportResponse,
  DeleteAccountResponse,
  DeletionPreview,
  EmailChangeCodeResponse,
  EmailChangeConfirm,
} from '../../../../worker/contract/account';
import type { AuthResponse, PasswordResetRequestResponse } from '../../../../worker/contract/auth';
import { request } from '../../api/client';

/** Typed calls of `/api/account/*` (issue 19): sign-in details, My data export, account deletion. */
export const accountApi = {
  overview: () => request<AccountOverview>('/account'),
  changePassword: (body: ChangePasswordRequest) => request<CredentialsChangedResponse>('/account/password', { json: body }),
  /** An account without a password sets its first one with a reset code mailed to its own address. */
  sendPasswordCode: (email: string) => request<PasswordResetRequestResponse>('/auth/password-reset/request', { json: { email } }),
  setPassword: (body: { email: string; verificationCode: string; password: string }) =>
    request<AuthResponse>('/auth/password-reset/confirm', { json: body }),
  sendEmailChangeCode: (newEmail: string) => request<EmailChangeCodeResponse>('/account/email/send-code', { json: { newEmail } }),
  confirmEmailChange: (body: EmailChangeConfirm) => request<CredentialsChangedResponse>('/account/email/confirm', { json: body }),
  latestExport: () => request<DataExportResponse>('/account/export'),
  startExport: () => request<DataExportResponse>('/account/export', { method: 'POST' }),
  deletionPreview: () => request<DeletionPreview>('/account/deletion'),
  sendDeletionCode: () => request<{ success: true; message: string }>('/account/deletion/send-code', { method: 'POST' }),
  deleteAccount: (verificationCode: string) => request<DeleteAccountResponse>('/account/deletion/confirm', { json: { verificationCode } }),
};
