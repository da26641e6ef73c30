import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import type { JobFailure } from '@worker/contract/job-failures';

/**
 * Why a generation job failed, in the page's language, from its code (worker/contract/job-failures.ts):
 * the server's `message` is only the fallback for a code this build does not know yet. A new code
 * fails to compile until it has a message here.
 */
export const JOB_FAILURE_MESSAGES = {
  CONTENT_POLICY: msg`Content violates platform policy, please modify and try again`,
  RATE_LIMITED: msg`Too many requests, please try again later`,
  INSUFFICIENT_CREDITS: msg`Insufficient credits, please recharge and try again`,
  NO_IMAGE: msg`Generation failed, please try again`,
  PROMPT_TOO_COMPLEX: msg`Prompt is too complex or contains conflicting requirements, please simplify and try again`,
  TIMED_OUT: msg`Operation timed out`,
  NETWORK_ERROR: msg`Network connection failed`,
  SERVER_ERROR: msg`Internal server error`,
  SERVICE_UNAVAILABLE: msg`The generation service is unavailable, please try again`,
  PROVIDER_AUTH: msg`Generation failed, please try again`,
  NOT_FOUND: msg`Resource not found, may have been deleted`,
  INVALID_INPUT: msg`Invalid input`,
  MISSING_REQUIRED: msg`Please fill in required fields`,
  NO_FACE_FOUND: msg`No face found in the photo: upload a portrait where the face is clearly visible`,
  INVALID_IMAGE: msg`The image could not be read, please upload another one`,
  IMAGE_TOO_LARGE: msg`Image dimensions are too large`,
  UNSUPPORTED_OPERATION: msg`This operation is not supported`,
  UNCHANGED_OUTPUT: msg`Nothing you asked for could be applied, so the result would be your photo unchanged; your credits have been returned. Choose an option and try again`,
  GENERATION_FAILED: msg`Generation failed, please try again`,
} satisfies Record<JobFailure, MessageDescriptor>;

/** `(code, fallback) => text`: the failure said from its code, else the fallback (the server's text). */
export function useJobFailureText() {
  const { i18n } = useLingui();
  return useCallback(
    (code: JobFailure | null | undefined, fallback: string | null): string | null => {
      const message = code ? (JOB_FAILURE_MESSAGES as Record<string, MessageDescriptor | undefined>)[code] : undefined;
      return message ? i18n._(message) : fallback;
    },
    [i18n],
  );
}
