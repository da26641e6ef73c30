import type { Locale } from './locales';
import { readEncodedMessage } from './message-codec';

export { encodeMessage } from './message-codec';

/**
 * Every sentence the API says in an error body, as data: a service throws a message id and its
 * parameters (`new ServiceError('RESEND_TOO_SOON', say('resendTooSoon', { seconds: 42 }))`) and
 * `app.onError` renders it in the caller's language from this table. Nothing reads a sentence back:
 * a wording can change without changing what any code does. Zod-free, so the SPA can import ids.
 *
 * Templates name their parameters in braces; a parameter's type is checked at every call site
 * (`ParamsOf`), and messages.test.ts checks that a translation uses no name its English lacks
 * (it may leave one out: a provider's English detail is not repeated in Chinese).
 */
export const MESSAGES = {
  // Sign-in and accounts
  codeAttemptsExceeded: { en: 'Too many wrong attempts, please request a new code', 'zh-Hant': '錯誤次數過多，請重新索取驗證碼' },
  codeAttemptsLeft: {
    en: 'Login failed, please check the verification code ({left|# attempt|# attempts} left)',
    'zh-Hant': '登入失敗，請檢查驗證碼（剩餘 {left} 次）',
  },
  codeUsed: { en: 'The verification code has already been used, please request a new one', 'zh-Hant': '此驗證碼已使用過，請重新索取' },
  codeExpired: { en: 'The verification code has expired, please request a new one', 'zh-Hant': '驗證碼已過期，請重新索取' },
  resendTooSoon: {
    en: 'Please wait {seconds|# second|# seconds} before requesting a new code',
    'zh-Hant': '請等待 {seconds} 秒後再索取新的驗證碼',
  },
  enterCodeSentTo: { en: 'Please enter the code sent to {email}', 'zh-Hant': '請輸入寄到 {email} 的驗證碼' },
  emailTaken: { en: 'An account with this e-mail already exists', 'zh-Hant': '此電子郵件已有帳戶' },
  emailUnmailable: { en: 'This e-mail address cannot receive mail', 'zh-Hant': '此電子郵件地址無法收信' },
  referralOnlyNewAccounts: { en: 'Referral codes apply only to new accounts', 'zh-Hant': '邀請碼僅適用於新帳戶' },
  referralOwnCode: { en: 'You cannot use your own referral code', 'zh-Hant': '不能使用自己的邀請碼' },
  emailAlreadyVerified: { en: 'Your e-mail is already verified', 'zh-Hant': '您的電子郵件已驗證' },
  googleEmailNotVerified: {
    en: 'Your Google account e-mail is not verified, so it cannot be used to sign in',
    'zh-Hant': '您的 Google 帳戶電子郵件尚未驗證，無法用於登入',
  },
  googleNotConfigured: { en: 'Google sign-in is not configured on this server', 'zh-Hant': '此伺服器未設定 Google 登入' },
  googleUnknownState: {
    en: 'This Google sign-in is not valid (unknown state), please start again',
    'zh-Hant': '此 Google 登入無效（狀態不明），請重新開始',
  },
  googleFlowUsed: { en: 'This Google sign-in has already been used, please start again', 'zh-Hant': '此 Google 登入已使用過，請重新開始' },
  googleFlowExpired: { en: 'This Google sign-in has expired, please start again', 'zh-Hant': '此 Google 登入已過期，請重新開始' },
  googleOtherBrowser: {
    en: 'This Google sign-in was started in another browser, please start again here',
    'zh-Hant': '此 Google 登入是在其他瀏覽器開始的，請在這裡重新開始',
  },
  googleClientMismatch: { en: 'The Google client id does not match this server', 'zh-Hant': 'Google 用戶端 ID 與此伺服器不符' },
  googleRedirectMismatch: {
    en: 'The redirect URI does not match the one this sign-in started with',
    'zh-Hant': '重新導向網址與此次登入開始時的不符',
  },
  googleRefused: { en: 'Google refused the sign-in ({reason}), please try again', 'zh-Hant': 'Google 拒絕了登入（{reason}），請再試一次' },
  googleCodeRefused: { en: 'Google did not accept the sign-in code, please try again', 'zh-Hant': 'Google 不接受此登入代碼，請再試一次' },
  googleNoIdToken: { en: 'Google did not return an ID token, please try again', 'zh-Hant': 'Google 未傳回 ID 權杖，請再試一次' },
  googleNoEmail: { en: 'Google did not share an e-mail address for this account', 'zh-Hant': 'Google 未提供此帳戶的電子郵件地址' },
  googleTokenExpired: { en: 'The Google sign-in has expired, please try again', 'zh-Hant': 'Google 登入已過期，請再試一次' },
  googleTokenAudience: { en: 'The Google token was issued for another application', 'zh-Hant': '此 Google 權杖是發給其他應用程式的' },
  googleTokenIssuer: { en: 'The Google token was not issued by Google', 'zh-Hant': '此 Google 權杖並非由 Google 發出' },
  googleTokenClaim: { en: 'The Google token is not valid ({claim})', 'zh-Hant': 'Google 權杖無效（{claim}）' },
  googleTokenSignature: { en: 'The Google token signature is not valid', 'zh-Hant': 'Google 權杖的簽章無效' },
  googleTokenUncheckable: { en: 'Could not check the Google token, please try again', 'zh-Hant': '無法檢查 Google 權杖，請再試一次' },
  googleTokenInvalid: { en: 'The Google token is not valid', 'zh-Hant': 'Google 權杖無效' },
  invalidCredentials: { en: 'Incorrect e-mail or password', 'zh-Hant': '電子郵件或密碼錯誤' },
  passwordSignInPaused: {
    en: 'Password sign-in for this account is paused after many failed attempts from different places. Sign in with an e-mail code instead.',
    'zh-Hant': '此帳戶因多處登入失敗次數過多，密碼登入已暫停。請改用電子郵件驗證碼登入。',
  },
  tooManySignInAttempts: { en: 'Too many sign-in attempts, please try again later', 'zh-Hant': '登入嘗試次數過多，請稍後再試' },
  tooManyAccountsFromNetwork: {
    en: 'Too many accounts created from this network, please try again later',
    'zh-Hant': '此網路建立的帳戶過多，請稍後再試',
  },
  tooManyCodesForEmail: {
    en: 'Too many codes requested for this e-mail, please try again later',
    'zh-Hant': '此電子郵件索取的驗證碼過多，請稍後再試',
  },
  userNotFound: { en: 'User not found', 'zh-Hant': '找不到使用者' },
  authFailed: { en: 'Authentication failed, please log in again', 'zh-Hant': '驗證失敗，請重新登入' },
  sessionExpired: { en: 'Login session expired, please sign in again', 'zh-Hant': '登入已過期，請重新登入' },
  signInFirst: { en: 'Please sign in first', 'zh-Hant': '請先登入' },
  forbidden: { en: 'You do not have permission to do this', 'zh-Hant': '您沒有執行此操作的權限' },
  passwordChangedMeanwhile: { en: 'The password was changed meanwhile, please try again', 'zh-Hant': '密碼已在其他地方變更，請再試一次' },
  noPasswordYet: {
    en: 'This account has no password yet: set one with a code sent to your e-mail',
    'zh-Hant': '此帳戶尚未設定密碼：請使用寄到您電子郵件的驗證碼設定',
  },
  emailChangedMeanwhile: { en: 'Your e-mail was changed meanwhile, please try again', 'zh-Hant': '電子郵件已在其他地方變更，請再試一次' },
  samePassword: { en: 'The new password is the same as the current one', 'zh-Hant': '新密碼與目前的密碼相同' },
  sameEmail: { en: 'This is already your e-mail', 'zh-Hant': '這已經是您的電子郵件' },
  currentPasswordRequired: { en: 'Please enter your current password', 'zh-Hant': '請輸入目前的密碼' },
  currentPasswordWrong: { en: 'The current password is incorrect', 'zh-Hant': '目前的密碼不正確' },
  noChanges: { en: 'No changes detected', 'zh-Hant': '沒有偵測到變更' },
  jobSignatureMissing: { en: 'Missing job signature', 'zh-Hant': '缺少工作簽章' },
  jobSignatureInvalid: { en: 'Invalid job signature', 'zh-Hant': '工作簽章無效' },
  // The sign-in and profile fields (worker/contract/auth-rules.ts checks them in the browser too)
  emailRequired: { en: 'Please enter your email', 'zh-Hant': '請輸入電子郵件' },
  emailTooLong: { en: 'Email is too long', 'zh-Hant': '電子郵件過長' },
  emailInvalid: { en: 'Please enter a valid email', 'zh-Hant': '請輸入有效的電子郵件' },
  codeRequired: { en: 'Please enter verification code', 'zh-Hant': '請輸入驗證碼' },
  codeFormat: { en: 'The verification code is 6 digits', 'zh-Hant': '驗證碼為 6 位數字' },
  usernameRequired: { en: 'Username cannot be empty', 'zh-Hant': '使用者名稱不能為空' },
  usernameTooShort: { en: 'Username must be at least {min} characters', 'zh-Hant': '使用者名稱至少需要 {min} 個字元' },
  usernameTooLong: { en: 'Username must be at most {max} characters', 'zh-Hant': '使用者名稱最多 {max} 個字元' },
  passwordRequired: { en: 'Please enter your password', 'zh-Hant': '請輸入密碼' },
  passwordTooShort: { en: 'Password must be at least {min} characters', 'zh-Hant': '密碼至少需要 {min} 個字元' },
  passwordTooLong: { en: 'Password must be at most {max} characters', 'zh-Hant': '密碼最多 {max} 個字元' },
  referralCodeTooLong: { en: 'The referral code can be at most {max} characters', 'zh-Hant': '邀請碼最多 {max} 個字元' },
  referralCodeInvalid: { en: 'Invalid referral code', 'zh-Hant': '邀請碼無效' },
  // Any field (zod issues without a message of their own, worker/lib/validate.ts)
  fieldRequired: { en: '{field} is required', 'zh-Hant': '{field} 為必填' },
  fieldInvalid: { en: '{field} is not valid', 'zh-Hant': '{field} 無效' },
  fieldNotAllowed: { en: '{field} is not an accepted field', 'zh-Hant': '{field} 不是可接受的欄位' },
  fieldChoice: { en: '{field} must be one of: {options}', 'zh-Hant': '{field} 必須是下列其中之一：{options}' },
  textTooShort: { en: 'must be at least {min} characters', 'zh-Hant': '至少需要 {min} 個字元' },
  textTooLong: { en: 'must be at most {max} characters', 'zh-Hant': '最多 {max} 個字元' },
  tooFewItems: { en: '{field} needs at least {min} items', 'zh-Hant': '{field} 至少需要 {min} 項' },
  tooManyItems: { en: '{field} can have at most {max} items', 'zh-Hant': '{field} 最多 {max} 項' },
  numberTooSmall: { en: '{field} must be at least {min}', 'zh-Hant': '{field} 不能小於 {min}' },
  numberTooLarge: { en: '{field} must be at most {max}', 'zh-Hant': '{field} 不能大於 {max}' },
  wholeNumberFormat: {
    en: '{field} must be a whole number written with digits only, such as 20',
    'zh-Hant': '{field} 必須是只用數字書寫的整數，例如 20',
  },
  decimalNumberFormat: {
    en: '{field} must be a number written with digits and at most one point, such as 7.5',
    'zh-Hant': '{field} 必須是以數字書寫、最多一個小數點的數值，例如 7.5',
  },
  numberOneOf: { en: '{field} must be one of {values}', 'zh-Hant': '{field} 必須是 {values} 其中之一' },
  textControl: { en: 'Contains control characters that are not allowed', 'zh-Hant': '含有不允許的控制字元' },
  textNewline: { en: 'Line breaks are not allowed here', 'zh-Hant': '此處不允許換行' },
  textSurrogate: { en: 'Contains invalid characters (unpaired surrogates)', 'zh-Hant': '含有無效字元（未配對的代理字元）' },
  dateFormat: { en: '{field} must be a date written YYYY-MM-DD', 'zh-Hant': '{field} 必須是 YYYY-MM-DD 格式的日期' },
  dateOutOfRange: {
    en: '{field} must be a date between 1970-01-01 and 2999-12-31',
    'zh-Hant': '{field} 必須是 1970-01-01 至 2999-12-31 之間的日期',
  },
  dateRangeReversed: { en: 'startDate must not be after endDate', 'zh-Hant': 'startDate 不能晚於 endDate' },
  rangeReversed: { en: '{field} must not be after {other}', 'zh-Hant': '{field} 不能晚於 {other}' },
  dateRangeTooLong: { en: 'The date range can span at most {days} days', 'zh-Hant': '日期範圍最多 {days} 天' },
  unsafeAddress: { en: 'The address contains characters that are not allowed', 'zh-Hant': '網址含有不允許的字元' },
  // Limits
  tooManyAttempts: { en: 'Too many attempts, please try again later', 'zh-Hant': '嘗試次數過多，請稍後再試' },
  tooManyRequests: { en: 'Too many requests, please try again later', 'zh-Hant': '請求過於頻繁，請稍後再試' },
  tooManyAvatarUploads: { en: 'Too many avatar uploads, please try again later', 'zh-Hant': '頭像上傳次數過多，請稍後再試' },
  tooManyPasswordResets: { en: 'Too many password reset requests, please try again later', 'zh-Hant': '重設密碼請求過多，請稍後再試' },
  tooManyUploads: { en: 'Too many uploads, please try again in a few minutes', 'zh-Hant': '上傳次數過多，請幾分鐘後再試' },
  tooManyJobsInProgress: {
    en: 'You already have {max} images in progress; start more when one finishes',
    'zh-Hant': '您已有 {max} 張圖片正在處理中；請等其中一張完成後再開始',
  },
  workShareFull: {
    en: 'You already have a lot of work in progress; start more when some of it finishes',
    'zh-Hant': '您已有許多工作正在處理中；請等部分完成後再開始',
  },
  engineBusy: {
    en: 'Many people are creating right now. Nothing was charged; please try again shortly',
    'zh-Hant': '目前有許多人正在創作。未扣除任何點數，請稍後再試',
  },
  exportsPerDay: { en: 'At most {max} exports a day, please try again later', 'zh-Hant': '每天最多匯出 {max} 次，請稍後再試' },
  // Generation, uploads, files
  insufficientCredits: { en: 'Insufficient credits, please recharge and try again', 'zh-Hant': '點數不足，請儲值後再試' },
  creationInProgress: { en: 'This creation is still being generated', 'zh-Hant': '此作品仍在生成中' },
  workStillRunning: {
    en: 'Some of your images or your data export are still being made; try again when they are finished',
    'zh-Hant': '您的部分圖片或資料匯出仍在處理中，請完成後再試',
  },
  imageUndecodable: { en: 'The image is damaged or incomplete and cannot be read', 'zh-Hant': '圖片已損壞或不完整，無法讀取' },
  upscalerUnavailable: { en: 'The upscaler is not available on this server', 'zh-Hant': '此伺服器不提供圖片放大' },
  toolUnavailable: { en: 'This tool is not available on this server', 'zh-Hant': '此伺服器不提供這項工具' },

  planIsNotPack: { en: '{id} is a subscription plan, not a credit pack', 'zh-Hant': '{id} 是訂閱方案，不是點數包' },
  packIsNotPlan: { en: '{id} is a credit pack, not a subscription plan', 'zh-Hant': '{id} 是點數包，不是訂閱方案' },
  upscaleTooLarge: {
    en: 'At {factor}× the image can be at most {pixels} pixels (about {side}×{side}) and {perSide} px per side; this one is {width}×{height}',
    'zh-Hant': '放大 {factor}× 時圖片最多 {pixels} 像素（約 {side}×{side}），每邊最多 {perSide} px；這張是 {width}×{height}',
  },
  upscaleTooLargeFit: {
    en: 'At {factor}× the image can be at most {pixels} pixels (about {side}×{side}) and {perSide} px per side; this one is {width}×{height}. Send fitToBudget=true to shrink it to fit, or choose a smaller factor',
    'zh-Hant':
      '放大 {factor}× 時圖片最多 {pixels} 像素（約 {side}×{side}），每邊最多 {perSide} px；這張是 {width}×{height}。傳送 fitToBudget=true 可將圖片縮小以符合限制，或選擇較小的倍率',
  },
  logoSvgOnlyOffline: {
    en: 'Only logos drawn by the offline logo generator have an SVG version',
    'zh-Hant': '只有離線標誌產生器繪製的標誌才有 SVG 版本',
  },
  engineBusyShort: { en: 'The image engine is busy, please try again shortly', 'zh-Hant': '圖片引擎忙碌中，請稍後再試' },
  modelUnavailable: { en: 'The model "{model}" is not available', 'zh-Hant': '模型「{model}」無法使用' },
  fileNotFound: { en: 'File not found', 'zh-Hant': '找不到檔案' },
  notFound: { en: 'Not found', 'zh-Hant': '找不到內容' },
  resourceNotFound: { en: 'Resource not found, may have been deleted', 'zh-Hant': '找不到資源，可能已被刪除' },
  taskNotFound: { en: 'Task not found', 'zh-Hant': '找不到任務' },
  noRoute: { en: 'No route for {method} {path}', 'zh-Hant': '找不到 {method} {path}' },
  imageTooLargeDimensions: { en: 'Image dimensions are too large', 'zh-Hant': '圖片尺寸過大' },
  bodyTooLarge: { en: 'The request body is too large', 'zh-Hant': '請求內容過大' },
  bodyNotJson: { en: 'The request body is not valid JSON', 'zh-Hant': '請求內容不是有效的 JSON' },
  bodyWrongType: {
    en: 'Send the request body as the content type the operation documents',
    'zh-Hant': '請以此操作說明的內容類型傳送請求內容',
  },
  fileTooLarge: { en: 'File size cannot exceed {megabytes}MB', 'zh-Hant': '檔案大小不能超過 {megabytes}MB' },
  imageTooLarge: { en: 'Image size cannot exceed {megabytes}MB', 'zh-Hant': '圖片大小不能超過 {megabytes}MB' },
  onlyFormats: { en: 'Only {formats} formats are supported', 'zh-Hant': '僅支援 {formats} 格式' },
  selectValidImage: { en: 'Please select a valid image file ({formats})', 'zh-Hant': '請選擇有效的圖片檔案（{formats}）' },
  selectImage: { en: 'Please select an image file', 'zh-Hant': '請選擇圖片檔案' },
  uploadFirst: { en: 'Please upload an image first', 'zh-Hant': '請先上傳圖片' },
  oneImageAtATime: { en: 'Upload one image at a time', 'zh-Hant': '一次只能上傳一張圖片' },
  tooManyImagesPerEdit: { en: 'At most {max} images per edit', 'zh-Hant': '每次編輯最多 {max} 張圖片' },
  describeEffect: { en: 'Please describe the effect you want', 'zh-Hant': '請描述您想要的效果' },
  logoDescriptionRequired: { en: 'Please enter logo description', 'zh-Hant': '請輸入標誌描述' },
  sendAvatarMultipart: { en: 'Send the avatar as multipart/form-data', 'zh-Hant': '請以 multipart/form-data 上傳頭像' },
  sendImagesMultipart: { en: 'Send the images as multipart/form-data', 'zh-Hant': '請以 multipart/form-data 上傳圖片' },
  faceSwapNeedsInput: { en: 'Describe the look or choose at least one option', 'zh-Hant': '請描述想要的造型，或至少選擇一個選項' },
  faceSwapOptionsShape: { en: 'Options must be an object of option → value', 'zh-Hant': '選項必須是「選項 → 值」的物件' },
  promptRequired: { en: 'Please enter a prompt', 'zh-Hant': '請輸入提示詞' },
  promptTooLong: { en: 'Prompt cannot exceed {max} characters', 'zh-Hant': '提示詞不能超過 {max} 個字元' },
  colourFormat: { en: '{field} must be a colour like #RRGGBB', 'zh-Hant': '{field} 必須是 #RRGGBB 格式的顏色' },
  resolutionKeyFormat: { en: 'Resolution keys look like 1024x1024', 'zh-Hant': '解析度鍵值的格式如 1024x1024' },
  faceSwapUnknownOption: { en: 'Unknown face swap option', 'zh-Hant': '未知的換臉選項' },
  faceSwapOfflineNothingToApply: {
    en: 'Without an AI model this server can only apply what it recognises: hair and eye colour, beards, glasses, hats and other head accessories, backgrounds, lighting, photo effects and art styles. Choose options, or describe one of these (for example "wearing sunglasses and a baseball cap", "blue hair", "on a beach")',
    'zh-Hant':
      '未使用 AI 模型時，本伺服器只能套用可辨識的效果：髮色與眼睛顏色、鬍子、眼鏡、帽子等頭部配件、背景、光線、照片效果與藝術風格。請選擇選項，或描述其中一項（例如「戴墨鏡和棒球帽」、「藍色頭髮」、「在海灘上」）',
  },
  editOfflineNothingToApply: {
    en: 'Without an AI model this server edits only what it recognises: the background (a colour, a blur, none, or a scene such as a night city skyline or a beach), a style (anime, sketch, watercolour, oil, pop art, cyberpunk), colour and light, or several uploads combined. Describe one of these',
    'zh-Hant':
      '未使用 AI 模型時，本伺服器只能執行可辨識的編輯：背景（純色、模糊、去背，或夜晚城市天際線、海灘等場景）、風格（動漫、素描、水彩、油畫、普普藝術、賽博朋克）、色彩與光線，或合成多張上傳的照片。請描述其中一項',
  },
  editOfflineCannotDo: {
    en: 'Without an AI model this server cannot do “{part}”: it changes backgrounds, styles, colour and light, not people or things in the picture. Remove that part and start again; nothing was charged',
    'zh-Hant':
      '未使用 AI 模型時，本伺服器無法執行「{part}」：它能改變背景、風格、色彩與光線，但不會改變畫面中的人或物。請刪去這部分再開始；未扣任何點數',
  },
  // Payments
  orderNotFound: { en: 'Order not found', 'zh-Hant': '找不到訂單' },
  noActiveSubscription: { en: 'You have no active subscription', 'zh-Hant': '您目前沒有有效的訂閱' },
  subscriptionExists: {
    en: 'You already have a subscription; it must end before you start another',
    'zh-Hant': '您已有訂閱，必須等它結束才能開始另一個',
  },
  subscriptionCheckoutOpen: {
    en: 'A subscription checkout is already open: finish or cancel it before starting another',
    'zh-Hant': '已有一筆訂閱結帳尚未完成：請先完成或取消，再開始新的訂閱',
  },
  cancelAtProviderFailed: {
    en: 'Cancel subscription failed at the payment provider, please try again',
    'zh-Hant': '金流服務商取消訂閱失敗，請再試一次',
  },
  cancelBeforeDeletionFailed: {
    en: 'Your subscription could not be cancelled at the payment provider, so nothing was deleted; please try again',
    'zh-Hant': '金流服務商無法取消您的訂閱，因此沒有刪除任何內容；請再試一次',
  },
  gatewayNotConfigured: { en: '{gateway} payments are not configured here', 'zh-Hant': '此處未設定 {gateway} 付款' },
  gatewayNotConfiguredCancel: {
    en: '{gateway} payments are not configured here; your subscription could not be cancelled',
    'zh-Hant': '此處未設定 {gateway} 付款，無法取消您的訂閱',
  },
  // Never the id the caller sent: the error's `field` says which field named no pack.
  noSuchPack: { en: 'No such credit pack is on sale', 'zh-Hant': '找不到此點數包' },
  noSuchPlan: { en: 'No such plan is on sale', 'zh-Hant': '找不到此方案' },
  checkoutFailed: { en: 'Failed to create payment session. Please try again.', 'zh-Hant': '建立付款失敗，請再試一次。' },
  /** The gateway adapter's own explanation in English; Chinese readers get the general sentence. */
  paymentProviderError: { en: '{detail}', 'zh-Hant': '金流服務商發生錯誤，請再試一次' },
  refundOnlyPaid: { en: 'Only paid orders can be refunded', 'zh-Hant': '只有已付款的訂單可以退款' },
  refundInProgress: { en: 'A refund for this order is already being processed', 'zh-Hant': '此訂單的退款正在處理中' },
  refundPartlyAtProvider: {
    en: 'Part of this payment was already refunded by the payment provider; our support team settles the rest',
    'zh-Hant': '此筆付款已由金流服務商部分退款；其餘部分將由客服處理',
  },
  paymentHeldForSupport: {
    en: 'This payment did not match the order and is held for our support team, who settle it',
    'zh-Hant': '此筆付款與訂單不符，已交由客服處理',
  },
  refundWindowPassed: { en: 'Refunds are only possible within {days} days of payment', 'zh-Hant': '僅可在付款後 {days} 天內退款' },
  refundsPerMonth: { en: 'At most {max} refunds are allowed in 30 days', 'zh-Hant': '30 天內最多可退款 {max} 次' },
  refundCreditsSpent: {
    en: 'Not enough credits left to refund this order: {have} of {need} needed',
    'zh-Hant': '剩餘點數不足以退款此訂單：需要 {need} 點，目前 {have} 點',
  },
  refundRefusedByProvider: { en: 'The payment provider refused the refund: {detail}', 'zh-Hant': '金流服務商拒絕了退款：{detail}' },
  webhookSignatureInvalid: { en: 'The webhook signature could not be verified', 'zh-Hant': '無法驗證通知簽章' },
  webhookPaymentUnknown: {
    en: 'This event refers to a payment not known yet; deliver it again later',
    'zh-Hant': '此事件所指的付款尚未建立，請稍後重新傳送',
  },
  // Transport and the unexpected
  internalError: { en: 'Internal server error', 'zh-Hant': '伺服器內部錯誤' },
  databaseUnavailable: {
    en: 'The service is briefly unavailable, please try again in a moment',
    'zh-Hant': '服務暫時無法使用，請稍後再試',
  },
  exportTimedOut: { en: 'The export took too long, please try again', 'zh-Hant': '匯出時間過長，請再試一次' },
  exportServiceUnavailable: { en: 'The export service is unavailable, please try again', 'zh-Hant': '匯出服務暫時無法使用，請再試一次' },
  exportBuildFailed: { en: 'The export could not be built, please try again', 'zh-Hant': '無法建立匯出檔案，請再試一次' },
  exportRetrying: { en: 'Export attempt failed; the queue will retry', 'zh-Hant': '匯出失敗，佇列將重試' },
  // Generation options and variations (H1)
  regenerateOneImage: {
    en: 'Regenerating a creation makes one image; send count 1',
    'zh-Hant': '重新生成作品只會產生一張圖片；請傳送 count 1',
  },

  // Share links and lineage (H2)
  // Receipts (H3)
  noReceipt: { en: 'No receipt for this order: it is not paid, or not yours', 'zh-Hant': '此訂單沒有收據：訂單未付款，或不屬於您' },
  receiptPdfUnavailable: {
    en: 'The receipt PDF cannot be made right now; the receipt page can still be printed',
    'zh-Hant': '目前無法產生收據 PDF；仍可列印收據頁面',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageId = keyof typeof MESSAGES;

/**
 * `'Wait {seconds} s for {what}'` → `'seconds' | 'what'`. A number may carry its plural forms,
 * `{left|# attempt|# attempts}` (one | other, `#` is the number), chosen by Intl.PluralRules.
 */
type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${infer Param}|${string}` ? Param : Name) | Placeholders<Rest>
  : never;

/** The parameters a message needs, by name. */
export type ParamsOf<Id extends MessageId> = Record<Placeholders<(typeof MESSAGES)[Id]['en']>, string | number>;

/** Ids whose template has no parameter: these may be thrown as the bare id. */
export type PlainMessageId = { [Id in MessageId]: Placeholders<(typeof MESSAGES)[Id]['en']> extends never ? Id : never }[MessageId];

/** A message as data: its id and the values of its parameters. */
export type Message = { [Id in MessageId]: { id: Id; params: ParamsOf<Id> } }[MessageId];

/** Every parameter name any message uses. */
export type ParamName = { [Id in MessageId]: Placeholders<(typeof MESSAGES)[Id]['en']> }[MessageId];

/**
 * Which parameters an error body's `params` carries beside the message id, so a client can say the
 * message from its own catalogue: only values the server chose — numbers, field names, enumerated
 * values (plan ids, gateways, formats, options). `false` for text that came from outside: the
 * caller's own words (a path, a model name, a part of a prompt, an e-mail address) and a provider's
 * sentence; those stay in the rendered `message` only. A new parameter name must be listed here.
 */
export const PARAM_SENT: Readonly<Record<ParamName, boolean>> = {
  left: true,
  seconds: true,
  min: true,
  max: true,
  days: true,
  factor: true,
  pixels: true,
  side: true,
  perSide: true,
  width: true,
  height: true,
  megabytes: true,
  have: true,
  need: true,
  /** Bounded like the error's own `field` (worker/middleware/errors.ts). */
  field: true,
  other: true,
  options: true,
  values: true,
  formats: true,
  /** A plan or pack id from the catalogue (the caller's unknown ids are refused by `field` alone). */
  id: true,
  gateway: true,
  email: false,
  reason: false,
  claim: false,
  model: false,
  method: false,
  path: false,
  part: false,
  detail: false,
};

/** The parameters of `message` a client may be sent (see {@link PARAM_SENT}). */
export function sentParams(message: Message): Record<string, string | number> {
  const params = message.params as Record<string, string | number>;
  return Object.fromEntries(Object.entries(params).filter(([name]) => PARAM_SENT[name as ParamName] === true));
}

/** The message `id` with `params`, type-checked against the template's parameter names. */
export function say<Id extends MessageId>(id: Id, ...params: keyof ParamsOf<Id> extends never ? [] : [ParamsOf<Id>]): Message {
  return { id, params: params[0] ?? {} } as Message;
}

/** A bare id (for a message without parameters) as the message it names. */
export const asMessage = (message: Message | PlainMessageId): Message => (typeof message === 'string' ? say(message as never) : message);

export const isMessageId = (value: unknown): value is MessageId => typeof value === 'string' && Object.hasOwn(MESSAGES, value);

const NUMBER_FORMAT: Record<Locale, Intl.NumberFormat> = { en: new Intl.NumberFormat('en-US'), 'zh-Hant': new Intl.NumberFormat('zh-TW') };

const PLURAL_RULES: Record<Locale, Intl.PluralRules> = { en: new Intl.PluralRules('en-US'), 'zh-Hant': new Intl.PluralRules('zh-TW') };

/** The message in `locale`: numbers are grouped the locale's way ("16,777,216"), text is inserted as it is. */
export function renderMessage(message: Message, locale: Locale): string {
  const params = message.params as Record<string, string | number>;
  return MESSAGES[message.id][locale].replace(/\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    const shown = typeof value === 'number' ? NUMBER_FORMAT[locale].format(value) : value;
    if (one === undefined || other === undefined) return shown;
    const form = PLURAL_RULES[locale].select(Number(value)) === 'one' ? one : other;
    return form.replaceAll('#', shown);
  });
}

/** The message {@link encodeMessage} wrote, with `context` (e.g. the field's name) under its own parameters; null for other text. */
export function decodeMessage(text: string, context: Record<string, string | number> = {}): Message | null {
  const read = readEncodedMessage(text);
  return read && isMessageId(read.id) ? ({ id: read.id, params: { ...context, ...read.params } } as Message) : null;
}
