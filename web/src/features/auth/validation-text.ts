import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';

/**
 * The shared zod schemas (worker/contract/auth.ts) carry English messages; this maps each known one
 * to translated text so the forms validate with the server's rules and still speak the user's language.
 */
export function useValidationText() {
  const { t } = useLingui();
  return useCallback(
    (message: string): string => {
      switch (message) {
        case 'Please enter your email':
          return t`Please enter your email`;
        case 'Please enter a valid email':
          return t`Please enter a valid email`;
        case 'Email is too long':
          return t`Email is too long`;
        case 'Username cannot be empty':
          return t`Username cannot be empty`;
        case 'Username must be at least 2 characters':
          return t`Username must be at least 2 characters`;
        case 'Username must be at most 50 characters':
          return t`Username must be at most 50 characters`;
        case 'Please enter your password':
          return t`Please enter your password`;
        case 'Password must be at least 8 characters':
          return t`Password must be at least 8 characters`;
        case 'Password must be at most 128 characters':
          return t`Password must be at most 128 characters`;
        case 'Please enter verification code':
          return t`Please enter verification code`;
        case 'The verification code is 6 digits':
          return t`The verification code is 6 digits`;
        case 'Invalid referral code':
          return t`Invalid referral code`;
        default:
          return message;
      }
    },
    [t],
  );
}

/** First message per top-level field of a failed parse: `{ email: '…', password: '…' }`. */
export function fieldErrors(
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
  translate: (message: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= translate(issue.message);
  }
  return out;
}
