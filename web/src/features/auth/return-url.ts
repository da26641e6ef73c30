import { RETURN_URL_KEY } from '../../api/client';
import { safeSessionStorage } from '../../lib/safe-storage';

/** Pages a sign-in must never return to: the sign-in screens themselves. */
const isSignInPath = (path: string) => path === '/login' || path.startsWith('/login?') || path.startsWith('/oauth2/');

/**
 * Only a path on this site: "//evil.example", "/\evil.example" or an absolute URL stored by someone
 * else must not turn the return after sign-in into an open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    const path = url.pathname + url.search + url.hash;
    return isSignInPath(url.pathname) ? null : path;
  } catch {
    return null;
  }
}

/** Spec §3/§8: where to go after signing in, kept in sessionStorage `google_auth_return_url`. */
export function rememberReturnPath(path = window.location.pathname + window.location.search) {
  const safe = safeReturnPath(path);
  if (safe) safeSessionStorage.setItem(RETURN_URL_KEY, safe);
}

/** Reads and forgets the saved return path; `/` when there is none or it is not same-site. */
export function takeReturnPath(): string {
  const saved = safeReturnPath(safeSessionStorage.getItem(RETURN_URL_KEY));
  safeSessionStorage.removeItem(RETURN_URL_KEY);
  return saved ?? '/';
}
