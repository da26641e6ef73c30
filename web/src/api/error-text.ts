import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { startEstimate } from '../ui/queue-wait';
import { ApiError } from './client';

/** Maps an error code to translated text, falling back to the server's message (DESIGN.md §3.2, spec §8). */
export function useErrorText() {
  const { t } = useLingui();
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError)) return t`Something went wrong, please try again`;
      switch (error.code) {
        case 'NETWORK_ERROR':
          return t`Network connection failed`;
        case 'RESEND_TOO_SOON':
          return t({
            message: plural(error.retryAfter ?? 60, {
              one: 'Please wait # second before requesting a new code',
              other: 'Please wait # seconds before requesting a new code',
            }),
          });
        case 'RATE_LIMITED':
          return t`Too many requests, please try again later`;
        case 'INVALID_CODE':
          return t`Login failed, please check the verification code`;
        case 'CODE_EXPIRED':
          return t`The verification code has expired, please request a new one`;
        case 'CODE_ATTEMPTS_EXCEEDED':
          return t`Too many wrong attempts, please request a new code`;
        case 'INSUFFICIENT_CREDITS':
          return t`Insufficient credits, please recharge and try again`;
        case 'UNAUTHENTICATED':
          return t`Login session expired, please sign in again`;
        case 'NO_CHANGES':
          return t`No changes detected`;
        case 'INVALID_CREDENTIALS':
          return t`Incorrect e-mail or password`;
        case 'EMAIL_NOT_VERIFIED':
          return t`Your Google account's e-mail is not verified`;
        case 'PAYLOAD_TOO_LARGE':
          return error.field === 'avatar' ? t`File size cannot exceed 5MB` : error.message;
        case 'UNSUPPORTED_MEDIA_TYPE':
          return error.field === 'avatar' ? t`Please select a valid image file (JPG, PNG, GIF, WebP)` : error.message;
        case 'IMAGE_UNDECODABLE':
          return t`The image is damaged or incomplete, please choose another file`;
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
        case 'INTERNAL':
          return t`Server error, please try again later`;
        default:
          return error.message;
      }
    },
    [t],
  );
}
