import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';

/**
 * What a job page says when the server refuses a job's input (400): the field it refused, in the
 * page's language, never the validator's English ("must be at most 2000 characters"). The pages
 * check every limit before sending, so this is the fallback for a rule the page does not know
 * (an older page against a newer server). Other errors read as everywhere else.
 */
export function useStartErrorText() {
  const { t } = useLingui();
  const errorText = useErrorText();
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return errorText(error);
      const fields: Record<string, string> = {
        prompt: t`prompt`,
        extra: t`description`,
        backgroundColor: t`background colour`,
        size: t`size`,
        width: t`size`,
        height: t`size`,
        images: t`image`,
        image: t`image`,
        options: t`options`,
        style: t`style`,
        model: t`AI model`,
      };
      const field = error.field ? fields[error.field] : undefined;
      return field
        ? t`The server did not accept the ${field}. Please check it and try again.`
        : t`The server did not accept your input. Please check it and try again.`;
    },
    [errorText, t],
  );
}
