import type { JobFailure } from '../contract/job-failures';
import type { Locale } from '../contract/locales';

/**
 * What a failure says, per language, for API answers that carry a message (spec §3: a generation
 * job's `errorMessage`/`message`/`error`, an upscale job's `errorMessage`). The SPA has the same
 * texts in its Lingui catalogue, keyed by code (web/src/features/workbench/failure-text.ts).
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
 * A failed job's status in the caller's language. A failed job stores a code, not a sentence
 * (worker/contract/job-failures.ts): the fields a status or record carries (`message`, `error`,
 * `errorMessage`) are said from `failureCode` in `locale`; null stays null, everything else is
 * returned as it is.
 */
export function localiseJobFailure<T extends object>(body: T, locale: Locale): T {
  const code = (body as { failureCode?: JobFailure | null }).failureCode;
  if (!code) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of ['message', 'error', 'errorMessage']) if (typeof out[field] === 'string') out[field] = jobFailureText(code, locale);
  return out as T;
}
