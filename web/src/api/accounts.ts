import {
  AVATAR,
  type AuthResponse,
  type AvatarResponse,
  type GoogleConfigResponse,
  type GoogleOAuthRequest,
  type GoogleStartResponse,
  type LoginRequest,
  type RegisterRequest,
  type UserProfile,
} from '../../../worker/contract/auth';
import { request } from './client';

/** Typed account calls (spec §7 Auth, users/me, avatar); bodies are the shared contract types. */
export const accountsApi = {
  googleConfig: () => request<GoogleConfigResponse>('/auth/google/config'),
  /** Same-origin on purpose: the server binds the flow (state + PKCE verifier) to this browser with a cookie. */
  googleStart: (referralCode?: string) => request<GoogleStartResponse>('/auth/google/start', { json: { referralCode } }),
  googleOAuth: (body: GoogleOAuthRequest) => request<AuthResponse>('/auth/google/oauth2', { json: body }),
  register: (body: RegisterRequest) => request<AuthResponse>('/auth/register', { json: body }),
  login: (body: LoginRequest) => request<AuthResponse>('/auth/login', { json: body }),
  me: () => request<UserProfile>('/users/me'),
  /**
   * Spec §7: multipart field `avatar`, 30 s timeout, cancellable. `signal` is the caller's Cancel;
   * the timeout aborts with a TimeoutError so the caller can tell the two apart.
   */
  uploadAvatar: (file: File, signal?: AbortSignal) => {
    const form = new FormData();
    form.append('avatar', file);
    const timeout = AbortSignal.timeout(AVATAR.uploadTimeoutMs);
    return request<AvatarResponse>('/users/me/avatar', { form, signal: signal ? AbortSignal.any([signal, timeout]) : timeout }).catch(
      (error: unknown) => {
        // request() reports any non-AbortError fetch failure as a network error; a timeout is its own case.
        if (timeout.aborted && !signal?.aborted) throw new DOMException('Avatar upload timed out', 'TimeoutError');
        throw error;
      },
    );
  },
};

let googleConfig: Promise<GoogleConfigResponse> | undefined;
/** The Google button's configuration, asked once per page load (it only changes with a deploy). */
export function loadGoogleConfig(): Promise<GoogleConfigResponse> {
  googleConfig ??= accountsApi.googleConfig().catch((error: unknown) => {
    googleConfig = undefined;
    throw error;
  });
  return googleConfig;
}
