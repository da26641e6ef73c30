import type { ErrorCode } from './errors';
import { type JobFailure, jobFailureText } from './job-failures';

/**
 * Error messages in the caller's language (issue 16): `app.onError` keeps `code` as it is and says
 * `message` in Traditional Chinese when the request's Accept-Language asks for Chinese (the SPA
 * sends its own language). English is the services' own wording, so `en` passes through.
 *
 * Three steps, first hit wins: the exact English wording; a wording with a parameter (pattern);
 * the code's general meaning. The last keeps any message a service adds later from reaching a
 * Chinese reader in English.
 */
export type MessageLocale = 'en' | 'zh-Hant';

/** The first language the client asks for, by q-value: any Chinese is Traditional Chinese here. */
export function messageLocale(acceptLanguage: string | undefined | null): MessageLocale {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .map((p) => p.trim())
          .find((p) => p.startsWith('q='))
          ?.slice(2) ?? '1',
      );
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = ranked[0]?.tag ?? '';
  return first.startsWith('zh') ? 'zh-Hant' : 'en';
}

const EXACT: Record<string, string> = {
  // Sign-in and accounts
  'Too many wrong attempts, please request a new code': '錯誤次數過多，請重新索取驗證碼',
  'The verification code has already been used, please request a new one': '此驗證碼已使用過，請重新索取',
  'The verification code has expired, please request a new one': '驗證碼已過期，請重新索取',
  'An account with this e-mail already exists': '此電子郵件已有帳戶',
  'Referral codes apply only to new accounts': '邀請碼僅適用於新帳戶',
  'Your e-mail is already verified': '您的電子郵件已驗證',
  'Your Google account e-mail is not verified, so it cannot be used to sign in': '您的 Google 帳戶電子郵件尚未驗證，無法用於登入',
  'Incorrect e-mail or password': '電子郵件或密碼錯誤',
  'Google sign-in is not configured on this server': '此伺服器未設定 Google 登入',
  'Invalid referral code': '邀請碼無效',
  'User not found': '找不到使用者',
  'Authentication failed, please log in again': '驗證失敗，請重新登入',
  'Login session expired, please sign in again': '登入已過期，請重新登入',
  'Please sign in first': '請先登入',
  'You cannot use your own referral code': '不能使用自己的邀請碼',
  'The password was changed meanwhile, please try again': '密碼已在其他地方變更，請再試一次',
  'This account has no password yet: set one with a code sent to your e-mail': '此帳戶尚未設定密碼：請使用寄到您電子郵件的驗證碼設定',
  'Your e-mail was changed meanwhile, please try again': '電子郵件已在其他地方變更，請再試一次',
  'The new password is the same as the current one': '新密碼與目前的密碼相同',
  'This is already your e-mail': '這已經是您的電子郵件',
  'Please enter your current password': '請輸入目前的密碼',
  'The current password is incorrect': '目前的密碼不正確',
  'Please enter your email': '請輸入電子郵件',
  'Please enter a valid email': '請輸入有效的電子郵件',
  'Email is too long': '電子郵件過長',
  'Username cannot be empty': '使用者名稱不能為空',
  'Username must be at least 2 characters': '使用者名稱至少需要 2 個字元',
  'Username must be at most 50 characters': '使用者名稱最多 50 個字元',
  'Please enter your password': '請輸入密碼',
  'Password must be at least 8 characters': '密碼至少需要 8 個字元',
  'Password must be at most 128 characters': '密碼最多 128 個字元',
  'Please enter verification code': '請輸入驗證碼',
  'The verification code is 6 digits': '驗證碼為 6 位數字',
  'No changes detected': '沒有偵測到變更',
  // Generation, uploads, files
  'Insufficient credits, please recharge and try again': '點數不足，請儲值後再試',
  'This creation is still being generated': '此作品仍在生成中',
  'Some of your images or your data export are still being made; try again when they are finished':
    '您的部分圖片或資料匯出仍在處理中，請完成後再試',
  'The image is damaged or incomplete and cannot be read': '圖片已損壞或不完整，無法讀取',
  'The upscaler is not available on this server': '此伺服器不提供圖片放大',
  'File not found': '找不到檔案',
  'Not found': '找不到內容',
  'Resource not found, may have been deleted': '找不到資源，可能已被刪除',
  'Task not found': '找不到任務',
  'Image dimensions are too large': '圖片尺寸過大',
  'The request body is too large': '請求內容過大',
  'Image size cannot exceed 10MB': '圖片大小不能超過 10MB',
  'File size cannot exceed 5MB': '檔案大小不能超過 5MB',
  'Only JPG, PNG, WebP formats are supported': '僅支援 JPG、PNG、WebP 格式',
  'Only JPG, PNG, WebP, GIF formats are supported': '僅支援 JPG、PNG、WebP、GIF 格式',
  'Without an AI model this server can only apply what it recognises: hair and eye colour, beards, glasses, hats and other head accessories, backgrounds, lighting, photo effects and art styles. Choose options, or describe one of these (for example "wearing sunglasses and a baseball cap", "blue hair", "on a beach")':
    '未使用 AI 模型時，本伺服器只能套用可辨識的效果：髮色與眼睛顏色、鬍子、眼鏡、帽子等頭部配件、背景、光線、照片效果與藝術風格。請選擇選項，或描述其中一項（例如「戴墨鏡和棒球帽」、「藍色頭髮」、「在海灘上」）',
  'Please select a valid image file (JPG, PNG, GIF, WebP)': '請選擇有效的圖片檔案（JPG、PNG、GIF、WebP）',
  'Please select an image file': '請選擇圖片檔案',
  'Please upload an image first': '請先上傳圖片',
  'Please describe the effect you want': '請描述您想要的效果',
  'Please enter logo description': '請輸入標誌描述',
  'Upload one image at a time': '一次只能上傳一張圖片',
  'Send the avatar as multipart/form-data': '請以 multipart/form-data 上傳頭像',
  'Send the images as multipart/form-data': '請以 multipart/form-data 上傳圖片',
  'The address contains characters that are not allowed': '網址含有不允許的字元',
  'The date range can span at most 366 days': '日期範圍最多 366 天',
  'Too many attempts, please try again later': '嘗試次數過多，請稍後再試',
  'Too many avatar uploads, please try again later': '頭像上傳次數過多，請稍後再試',
  'Too many password reset requests, please try again later': '重設密碼請求過多，請稍後再試',
  'Too many requests, please try again later': '請求過於頻繁，請稍後再試',
  // Payments
  'Order not found': '找不到訂單',
  'You have no active subscription': '您目前沒有有效的訂閱',
  'You already have a subscription; it must end before you start another': '您已有訂閱，必須等它結束才能開始另一個',
  'A subscription checkout is already open: finish or cancel it before starting another':
    '已有一筆訂閱結帳尚未完成：請先完成或取消，再開始新的訂閱',
  'Cancel subscription failed at the payment provider, please try again': '金流服務商取消訂閱失敗，請再試一次',
  'Your subscription could not be cancelled at the payment provider, so nothing was deleted; please try again':
    '金流服務商無法取消您的訂閱，因此沒有刪除任何內容；請再試一次',
  'Failed to create payment session. Please try again.': '建立付款失敗，請再試一次。',
  'Only paid orders can be refunded': '只有已付款的訂單可以退款',
  'A refund for this order is already being processed': '此訂單的退款正在處理中',
  'Part of this payment was already refunded by the payment provider; our support team settles the rest':
    '此筆付款已由金流服務商部分退款；其餘部分將由客服處理',
  'Refunds are only possible within 3 days of payment': '僅可在付款後 3 天內退款',
  'The reason can be at most 200 characters': '原因最多 200 個字元',
  // Face swap (worker/contract/face-swap.ts)
  'Describe the look or choose at least one option': '請描述想要的造型，或至少選擇一個選項',
  'Unknown face swap option': '未知的換臉選項',
  // Transport
  'The request body is not valid JSON': '請求內容不是有效的 JSON',
  'Internal server error': '伺服器內部錯誤',
  'You do not have permission to do this': '您沒有執行此操作的權限',
  'The service is temporarily unavailable, please try again': '服務暫時無法使用，請再試一次',
};

/** Wordings with a parameter; the parameter is carried over as is (a number, an address, an order). */
const PATTERNS: [RegExp, (...groups: string[]) => string][] = [
  [/^Login failed, please check the verification code \((\d+) attempts left\)$/, (n) => `登入失敗，請檢查驗證碼（剩餘 ${n} 次）`],
  [/^Please wait (\d+) seconds before requesting a new code$/, (n) => `請等待 ${n} 秒後再索取新的驗證碼`],
  [/^At most (\d+) images per edit$/, (n) => `每次編輯最多 ${n} 張圖片`],
  [/^At most (\d+) exports a day, please try again later$/, (n) => `每天最多匯出 ${n} 次，請稍後再試`],
  [/^At most (\d+) refunds are allowed in 30 days$/, (n) => `30 天內最多可退款 ${n} 次`],
  [
    /^Not enough credits left to refund this order: (\d+) of (\d+) needed$/,
    (have, need) => `剩餘點數不足以退款此訂單：需要 ${need} 點，目前 ${have} 點`,
  ],
  [/^Please enter the code sent to (.+)$/, (email) => `請輸入寄到 ${email} 的驗證碼`],
  [/^The model "(.+)" is not available$/, (model) => `模型「${model}」無法使用`],
  [/^(\w+) payments are not configured here; your subscription could not be cancelled$/, (g) => `此處未設定 ${g} 付款，無法取消您的訂閱`],
  [/^(\w+) payments are not configured here$/, (g) => `此處未設定 ${g} 付款`],
  [/^No such (credit pack|plan): (.+)$/, (kind, id) => `${kind === 'plan' ? '找不到方案' : '找不到點數包'}：${id}`],
  [/^The payment provider refused the refund: (.+)$/, (why) => `金流服務商拒絕了退款：${why}`],
  [/^invalid image: /, () => '圖片無效，無法處理'],
  [
    /^At (\d)× the image can be at most ([\d,]+) pixels \(about (\d+)×(\d+)\) and (\d+) px per side; this one is (\d+)×(\d+)(\. Send fitToBudget=true to shrink it to fit, or choose a smaller factor)?$/,
    (factor, pixels, side, _side, perSide, width, height, fit) =>
      `放大 ${factor}× 時圖片最多 ${pixels} 像素（約 ${side}×${side}），每邊最多 ${perSide} px；這張是 ${width}×${height}` +
      (fit ? '。傳送 fitToBudget=true 可將圖片縮小以符合限制，或選擇較小的倍率' : ''),
  ],
  [/^must be at most (\d+) characters$/, (n) => `最多 ${n} 個字元`],
  [/^must be at least (\d+) characters$/, (n) => `至少需要 ${n} 個字元`],
];

/** What each code means, for a wording neither table knows. */
const BY_CODE: Partial<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: '輸入內容無效，請檢查後再試',
  MALFORMED_JSON: '請求內容不是有效的 JSON',
  INVALID_CODE: '驗證碼錯誤',
  CODE_EXPIRED: '驗證碼已過期，請重新索取',
  OAUTH_FAILED: 'Google 登入失敗，請再試一次',
  WEBHOOK_SIGNATURE_INVALID: '無法驗證通知簽章',
  UNAUTHENTICATED: '驗證失敗，請重新登入',
  INVALID_CREDENTIALS: '電子郵件或密碼錯誤',
  FORBIDDEN: '您沒有執行此操作的權限',
  EMAIL_NOT_VERIFIED: '電子郵件尚未驗證',
  NOT_FOUND: '找不到資源，可能已被刪除',
  CONFLICT: '操作衝突，請重新整理後再試',
  REFUND_NOT_ALLOWED: '此訂單不符合退款條件',
  SUBSCRIPTION_EXISTS: '您已有訂閱，必須等它結束才能開始另一個',
  SUBSCRIPTION_CHECKOUT_OPEN: '已有一筆訂閱結帳尚未完成：請先完成或取消，再開始新的訂閱',
  NO_CHANGES: '沒有偵測到變更',
  PAYLOAD_TOO_LARGE: '檔案或內容過大',
  UNSUPPORTED_MEDIA_TYPE: '不支援的檔案格式',
  IMAGE_UNDECODABLE: '圖片已損壞或不完整，無法讀取',
  INSUFFICIENT_CREDITS: '點數不足，請儲值後再試',
  CODE_ATTEMPTS_EXCEEDED: '錯誤次數過多，請重新索取驗證碼',
  RESEND_TOO_SOON: '請稍候再索取新的驗證碼',
  RATE_LIMITED: '請求過於頻繁，請稍後再試',
  PASSWORD_SIGN_IN_PAUSED: '此帳戶的密碼登入已暫停，請改用電子郵件驗證碼登入',
  PAYMENT_PROVIDER_ERROR: '金流服務商發生錯誤，請再試一次',
  SERVICE_UNAVAILABLE: '服務暫時無法使用，請再試一次',
  NOT_CONFIGURED: '此伺服器未提供此功能',
  INTERNAL: '伺服器內部錯誤',
};

const FALLBACK = '發生錯誤，請再試一次';

/** `message` for `code` in `locale`; English is returned unchanged. */
export function localiseErrorMessage(code: ErrorCode | string, message: string, locale: MessageLocale): string {
  if (locale === 'en') return message;
  const exact = EXACT[message];
  if (exact) return exact;
  for (const [pattern, say] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return say(...match.slice(1));
  }
  return BY_CODE[code as ErrorCode] ?? FALLBACK;
}

/**
 * A failed job's status in the caller's language. A failed job stores a code, not a sentence
 * (worker/contract/job-failures.ts): the fields a status or record carries (`message`, `error`,
 * `errorMessage`) are said from `failureCode` in `locale`; null stays null, everything else is
 * returned as it is.
 */
export function localiseJobFailure<T extends object>(body: T, locale: MessageLocale): T {
  const code = (body as { failureCode?: JobFailure | null }).failureCode;
  if (!code) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of ['message', 'error', 'errorMessage']) if (typeof out[field] === 'string') out[field] = jobFailureText(code, locale);
  return out as T;
}
