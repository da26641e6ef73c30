import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { startEstimate } from '../ui/queue-wait';
import { ApiError } from './client';
import { sayMessage, useErrorMessagesLoaded } from './error-messages';

/**
 * What to tell the user about a failure (DESIGN.md §3.2, spec §8): the server's message id said from
 * this app's catalogue (error-messages.ts), else the server's own rendering in the page's language.
 * A transport failure, an internal error and a busy engine get the app's own sentences by code.
 */
export function useErrorText() {
  const { t, i18n } = useLingui();
  // The id's sentences live in a chunk of their own, loaded while a page that can show an error is on
  // screen; the page re-renders when it is in. Until then the server's rendering is shown.
  useErrorMessagesLoaded();
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError)) return t`Something went wrong, please try again`;
      switch (error.code) {
        case 'NETWORK_ERROR':
          return t`Network connection failed`;
        case 'INTERNAL':
          return t`Server error, please try again later`;
        case 'ENGINE_BUSY': {
          // Refused before the job was queued: say plainly that nothing was charged.
          const wait = startEstimate(error.retryAfter ?? 0);
          if (error.retryAfter === undefined || wait.unit === 'soon')
            return t`Lots of people are creating right now. Nothing was charged — please try again in a moment.`;
          if (wait.unit === 'seconds') {
            const seconds = wait.value;
            return t`Lots of people are creating right now. Nothing was charged — please try again in about ${seconds} seconds.`;
          }
          if (wait.value === 1) return t`Lots of people are creating right now. Nothing was charged — please try again in about a minute.`;
          const minutes = wait.value;
          return t`Lots of people are creating right now. Nothing was charged — please try again in about ${minutes} minutes.`;
        }
        default:
          return (error.said && sayMessage(i18n, error.said)) ?? error.message;
      }
    },
    [t, i18n],
  );
}
