import type { EmailVerificationStatus, SendCodeResponse, VerifyEmailResponse } from '../../../../worker/contract/auth';
import { request } from '../../api/client';

/** Typed calls for the signed-in account's e-mail verification (docs/decisions/008). */
export const emailVerificationApi = {
  status: () => request<EmailVerificationStatus>('/auth/email-verification'),
  sendCode: () => request<SendCodeResponse>('/auth/email-verification/send-code', { method: 'POST' }),
  verify: (verificationCode: string) => request<VerifyEmailResponse>('/auth/email-verification/verify', { json: { verificationCode } }),
};
