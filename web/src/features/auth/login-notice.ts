/**
 * A message carried from /oauth2/redirect to /login (spec §8 OAuth return): the user lands on the
 * sign-in page and still sees why, instead of a toast that may vanish during the navigation.
 */
export type LoginNotice =
  | { kind: 'cancelled' }
  | { kind: 'provider-error'; detail?: string }
  | { kind: 'no-code' }
  | { kind: 'failed'; detail?: string };

const KEY = 'login_notice';

export function setLoginNotice(notice: LoginNotice) {
  sessionStorage.setItem(KEY, JSON.stringify(notice));
}

export function peekLoginNotice(): LoginNotice | null {
  try {
    const notice = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as LoginNotice | null;
    return notice && typeof notice.kind === 'string' ? notice : null;
  } catch {
    return null;
  }
}

export function clearLoginNotice() {
  sessionStorage.removeItem(KEY);
}
