import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { readEncodedMessage } from '@worker/contract/message-codec';

/**
 * The sign-in and profile rules (worker/contract/auth-rules.ts) report a message id with its
 * parameters; this says it in the page's language, so the forms check with the server's rules and
 * speak the user's language. Anything else (a server's already rendered message) is shown as it is.
 */
export function useValidationText() {
  const { t } = useLingui();
  return useCallback(
    (message: string): string => {
      const said = readEncodedMessage(message);
      const limit = Number(said?.params.min ?? said?.params.max);
      switch (said?.id) {
        case 'emailRequired':
          return t`Please enter your email`;
        case 'emailInvalid':
          return t`Please enter a valid email`;
        case 'emailTooLong':
          return t`Email is too long`;
        case 'usernameRequired':
          return t`Username cannot be empty`;
        case 'usernameTooShort':
          return t`Username must be at least ${limit} characters`;
        case 'usernameTooLong':
          return t`Username must be at most ${limit} characters`;
        case 'passwordRequired':
          return t`Please enter your password`;
        case 'passwordTooShort':
          return t`Password must be at least ${limit} characters`;
        case 'passwordTooLong':
          return t`Password must be at most ${limit} characters`;
        case 'codeRequired':
          return t`Please enter verification code`;
        case 'codeFormat':
          return t`The verification code is 6 digits`;
        case 'referralCodeTooLong':
          return t`The referral code can be at most ${limit} characters`;
        case 'referralCodeInvalid':
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
