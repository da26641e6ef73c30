import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { readEncodedMessage } from '@worker/contract/message-codec';
import { sayMessage, useErrorMessagesLoaded } from '../../api/error-text';

/**
 * The sign-in and profile rules (worker/contract/auth-rules.ts) report a message id with its
 * parameters; this says it in the page's language from the app's catalogue (api/error-text.ts),
 * so the forms check with the server's rules and speak the user's language.
 */
export function useValidationText() {
  const { i18n } = useLingui();
  // The rules' sentences live in the error table's chunk, loaded while the form is on screen.
  useErrorMessagesLoaded();
  return useCallback(
    (message: string): string => {
      const said = readEncodedMessage(message);
      return (said && sayMessage(i18n, said)) ?? message;
    },
    [i18n],
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
