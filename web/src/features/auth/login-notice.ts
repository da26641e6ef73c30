import { safeSessionStorage } from '../../lib/safe-storage';
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
  safeSessionStorage.setItem(KEY, JSON.stringify(notice));
}

export function peekLoginNotice(): LoginNotice | null {
  try {
    const notice = JSON.parse(safeSessionStorage.getItem(KEY) ?? 'null') as LoginNotice | null;
    return notice && typeof notice.kind === 'string' ? notice : null;
  } catch {
    return null;
  }
}

export function clearLoginNotice() {
  safeSessionStorage.removeItem(KEY);
}
