/**
 * Why a generation job failed, as a closed list of codes (DESIGN.md §3 item 12). A failed job stores
 * its code, never a sentence; the status and record answers say it in the caller's language
 * (worker/i18n/job-failures.ts) and the SPA renders it from its own catalogue by code.
 */
export const JOB_FAILURES = [
  'CONTENT_POLICY',
  'RATE_LIMITED',
  'INSUFFICIENT_CREDITS',
  'NO_IMAGE',
  'PROMPT_TOO_COMPLEX',
  'TIMED_OUT',
  'NETWORK_ERROR',
  'SERVER_ERROR',
  /** The job could not be handed to the engines at all (queue down). */
  'SERVICE_UNAVAILABLE',
  'PROVIDER_AUTH',
  'NOT_FOUND',
  'INVALID_INPUT',
  'MISSING_REQUIRED',
  /** Input refusals from the engine (worker/engine/operations.ts EngineInputError codes). */
  'NO_FACE_FOUND',
  'INVALID_IMAGE',
  'IMAGE_TOO_LARGE',
  'UNSUPPORTED_OPERATION',
  /**
   * The engine returned the input photo pixel for pixel (nothing it was asked for applied): never
   * delivered as a paid result; the job fails and its credits come back.
   */
  'UNCHANGED_OUTPUT',
  'GENERATION_FAILED',
] as const;
export type JobFailure = (typeof JOB_FAILURES)[number];

/** The spec §8 category each failure shows as (the API's `errorCategory`). */
export const JOB_FAILURE_CATEGORY = {
  CONTENT_POLICY: 'content_policy',
  RATE_LIMITED: 'rate_limit',
  INSUFFICIENT_CREDITS: 'credits',
  NO_IMAGE: 'no_image',
  PROMPT_TOO_COMPLEX: 'prompt_complex',
  TIMED_OUT: 'timeout',
  NETWORK_ERROR: 'network_error',
  SERVER_ERROR: 'server_error',
  SERVICE_UNAVAILABLE: 'server_error',
  PROVIDER_AUTH: 'auth_error',
  NOT_FOUND: 'not_found',
  INVALID_INPUT: 'invalid_input',
  MISSING_REQUIRED: 'missing_required',
  NO_FACE_FOUND: 'invalid_input',
  INVALID_IMAGE: 'invalid_input',
  IMAGE_TOO_LARGE: 'invalid_input',
  UNSUPPORTED_OPERATION: 'invalid_input',
  UNCHANGED_OUTPUT: 'no_image',
  GENERATION_FAILED: 'unknown',
} as const satisfies Record<JobFailure, string>;

/**
 * The failure a provider's classified error becomes (the category comes from the provider's own
 * words, `classifyError`; the product's texts are never classified back).
 */
export const FAILURE_OF_CATEGORY = {
  content_policy: 'CONTENT_POLICY',
  safety_policy: 'CONTENT_POLICY',
  recitation: 'CONTENT_POLICY',
  rate_limit: 'RATE_LIMITED',
  credits: 'INSUFFICIENT_CREDITS',
  no_image: 'NO_IMAGE',
  prompt_complex: 'PROMPT_TOO_COMPLEX',
  timeout: 'TIMED_OUT',
  network_error: 'NETWORK_ERROR',
  server_error: 'SERVER_ERROR',
  auth_error: 'PROVIDER_AUTH',
  not_found: 'NOT_FOUND',
  api_error: 'GENERATION_FAILED',
  invalid_input: 'INVALID_INPUT',
  missing_required: 'MISSING_REQUIRED',
  unknown: 'GENERATION_FAILED',
} as const satisfies Record<string, JobFailure>;
