import type { Locale } from './locales';

/**
 * Why a generation job failed, as a closed list of codes (DESIGN.md §3 item 12). A failed job stores
 * its code, never a sentence; the status and record answers say it in the caller's language
 * (`jobFailureText`) and the SPA renders it from its own catalogue by code.
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
 * What a failure says, per language, for API answers that carry a message (spec §3: a generation
 * job's `errorMessage`/`message`/`error`, an upscale job's `errorMessage`). The SPA has the same
 * texts in its Lingui catalogue, keyed by code.
 */
export const JOB_FAILURE_TEXT = {
  CONTENT_POLICY: {
    en: 'Content violates platform policy, please modify and try again',
    'zh-Hant': '內容違反平台政策，請修改後再試',
  },
  RATE_LIMITED: { en: 'Too many requests, please try again later', 'zh-Hant': '請求過於頻繁，請稍後再試' },
  INSUFFICIENT_CREDITS: { en: 'Insufficient credits, please recharge and try again', 'zh-Hant': '點數不足，請儲值後再試' },
  NO_IMAGE: { en: 'Generation failed, please try again', 'zh-Hant': '生成失敗，請重試' },
  PROMPT_TOO_COMPLEX: {
    en: 'Prompt is too complex or contains conflicting requirements, please simplify and try again',
    'zh-Hant': '提示詞過於複雜或包含互相衝突的要求，請簡化後再試',
  },
  TIMED_OUT: { en: 'Operation timed out', 'zh-Hant': '操作逾時' },
  NETWORK_ERROR: { en: 'Network connection failed', 'zh-Hant': '網路連線失敗' },
  SERVER_ERROR: { en: 'Internal server error', 'zh-Hant': '伺服器內部錯誤' },
  SERVICE_UNAVAILABLE: { en: 'The generation service is unavailable, please try again', 'zh-Hant': '生成服務暫時無法使用，請再試一次' },
  PROVIDER_AUTH: { en: 'Generation failed, please try again', 'zh-Hant': '生成失敗，請重試' },
  NOT_FOUND: { en: 'Resource not found, may have been deleted', 'zh-Hant': '找不到資源，可能已被刪除' },
  INVALID_INPUT: { en: 'Invalid input', 'zh-Hant': '輸入無效' },
  MISSING_REQUIRED: { en: 'Please fill in required fields', 'zh-Hant': '請填寫必填欄位' },
  NO_FACE_FOUND: {
    en: 'No face found in the photo: upload a portrait where the face is clearly visible',
    'zh-Hant': '照片中找不到人臉：請上傳臉部清晰可見的人像照',
  },
  INVALID_IMAGE: { en: 'The image could not be read, please upload another one', 'zh-Hant': '圖片無法讀取，請上傳其他圖片' },
  IMAGE_TOO_LARGE: { en: 'Image dimensions are too large', 'zh-Hant': '圖片尺寸過大' },
  UNSUPPORTED_OPERATION: { en: 'This operation is not supported', 'zh-Hant': '不支援此操作' },
  UNCHANGED_OUTPUT: {
    en: 'Nothing you asked for could be applied, so the result would be your photo unchanged; your credits have been returned. Choose an option and try again',
    'zh-Hant': '無法套用您要求的任何效果，結果會與原照片完全相同；點數已退回。請選擇選項後再試一次',
  },
  GENERATION_FAILED: { en: 'Generation failed, please try again', 'zh-Hant': '生成失敗，請重試' },
} as const satisfies Record<JobFailure, Record<Locale, string>>;

export function jobFailureText(code: JobFailure, locale: Locale): string {
  return JOB_FAILURE_TEXT[code][locale];
}

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
