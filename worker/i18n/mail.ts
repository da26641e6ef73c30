import type { EmailCodePurpose } from '../contract/email-code-purposes';
import type { Locale } from '../contract/locales';

/**
 * The e-mails the app sends, in each language (DESIGN.md §3 item 12: e-mails are written in the
 * recipient's language). A typed catalogue rather than a server-side Lingui setup: eight short
 * mails do not need a message compiler or a runtime in the Worker bundle, and `satisfies
 * Record<Locale, …>` makes a missing language (or a new mail without one) a compile error.
 * Services say *which* mail with its parameters; the words live only here.
 */

export type Mail =
  /** `firstPassword`: a password-reset code for an account that has no password yet, worded as setting one. */
  | { kind: 'code'; purpose: EmailCodePurpose; code: string; minutes: number; firstPassword?: boolean }
  /** `first-password`: an account without a password (code or Google sign-in) was given its first one. */
  | { kind: 'password-changed'; how: 'reset' | 'personal-center' | 'first-password' }
  | { kind: 'email-changed'; newEmail: string }
  | { kind: 'account-deleted' };

export interface RenderedMail {
  subject: string;
  text: string;
  html?: string;
}

/** A code mail: subject, the sentence before the code, the sentence after it, and a closing line. */
interface CodeTexts {
  subject: (code: string) => string;
  lead: string;
  after: (minutes: number) => string;
  closing: string;
}

const CODE_MAILS = {
  en: {
    'sign-in': {
      subject: (code) => `Your Image Studio sign-in code: ${code}`,
      lead: 'Your verification code is',
      after: (minutes) => `It expires in ${minutes} minutes.`,
      closing: 'If you did not ask for it, ignore this e-mail.',
    },
    'verify-email': {
      subject: (code) => `Verify your Image Studio e-mail: ${code}`,
      lead: 'Your verification code is',
      after: (minutes) => `Enter it in Image Studio to verify your e-mail; it expires in ${minutes} minutes.`,
      closing: 'If you did not create an Image Studio account, ignore this e-mail.',
    },
    'password-reset': {
      subject: (code) => `Your Image Studio password reset code: ${code}`,
      lead: 'Your password reset code is',
      after: (minutes) => `Enter it in Image Studio with your new password; it expires in ${minutes} minutes.`,
      closing: 'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
    },
    'change-email': {
      subject: (code) => `Confirm your new Image Studio e-mail: ${code}`,
      lead: 'Your code is',
      after: (minutes) => `Enter it in Image Studio to make this address your account's e-mail; it expires in ${minutes} minutes.`,
      closing: 'If you did not ask for this, ignore this e-mail: nothing changes.',
    },
    'confirm-email-change': {
      subject: (code) => `Your Image Studio e-mail change code: ${code}`,
      lead: 'Someone signed in to your Image Studio account asked to move it to another e-mail address. Your code is',
      after: (minutes) => `It expires in ${minutes} minutes.`,
      closing: 'If this was not you, do not share the code, and sign in to secure your account.',
    },
    'delete-account': {
      subject: (code) => `Your Image Studio account deletion code: ${code}`,
      lead: 'Your code is',
      after: (minutes) => `Entering it in Image Studio deletes your account and its images for good; it expires in ${minutes} minutes.`,
      closing: 'If you did not ask for this, ignore this e-mail: your account stays as it is.',
    },
  },
  'zh-Hant': {
    'sign-in': {
      subject: (code) => `您的 Image Studio 登入驗證碼：${code}`,
      lead: '您的驗證碼是',
      after: (minutes) => `驗證碼將在 ${minutes} 分鐘後失效。`,
      closing: '如果這不是您要求的，請忽略這封電子郵件。',
    },
    'verify-email': {
      subject: (code) => `驗證您的 Image Studio 電子郵件：${code}`,
      lead: '您的驗證碼是',
      after: (minutes) => `請在 Image Studio 輸入此驗證碼以驗證您的電子郵件；驗證碼將在 ${minutes} 分鐘後失效。`,
      closing: '如果您沒有建立 Image Studio 帳戶，請忽略這封電子郵件。',
    },
    'password-reset': {
      subject: (code) => `您的 Image Studio 重設密碼驗證碼：${code}`,
      lead: '您的重設密碼驗證碼是',
      after: (minutes) => `請在 Image Studio 輸入此驗證碼和新密碼；驗證碼將在 ${minutes} 分鐘後失效。`,
      closing: '如果您沒有要求重設密碼，請忽略這封電子郵件：您的密碼不會變更。',
    },
    'change-email': {
      subject: (code) => `確認您的 Image Studio 新電子郵件：${code}`,
      lead: '您的驗證碼是',
      after: (minutes) => `請在 Image Studio 輸入此驗證碼，將這個地址設為帳戶的電子郵件；驗證碼將在 ${minutes} 分鐘後失效。`,
      closing: '如果這不是您要求的，請忽略這封電子郵件：不會有任何變更。',
    },
    'confirm-email-change': {
      subject: (code) => `您的 Image Studio 電子郵件變更驗證碼：${code}`,
      lead: '有人登入您的 Image Studio 帳戶，要求將帳戶改用另一個電子郵件地址。您的驗證碼是',
      after: (minutes) => `驗證碼將在 ${minutes} 分鐘後失效。`,
      closing: '如果這不是您，請不要分享此驗證碼，並登入帳戶確保安全。',
    },
    'delete-account': {
      subject: (code) => `您的 Image Studio 刪除帳戶驗證碼：${code}`,
      lead: '您的驗證碼是',
      after: (minutes) => `在 Image Studio 輸入此驗證碼會永久刪除您的帳戶及其圖片；驗證碼將在 ${minutes} 分鐘後失效。`,
      closing: '如果這不是您要求的，請忽略這封電子郵件：您的帳戶不會變更。',
    },
  },
} satisfies Record<Locale, Record<EmailCodePurpose, CodeTexts>>;

/** The password-reset code for an account without a password: nothing is being reset, a first password is set. */
const SET_PASSWORD_CODE_MAILS = {
  en: {
    subject: (code) => `Your Image Studio code to set a password: ${code}`,
    lead: 'Your code to set a password is',
    after: (minutes) => `Enter it in Image Studio with the password you choose; it expires in ${minutes} minutes.`,
    closing: 'If you did not ask to set a password, ignore this e-mail: your account stays as it is.',
  },
  'zh-Hant': {
    subject: (code) => `您的 Image Studio 設定密碼驗證碼：${code}`,
    lead: '您的設定密碼驗證碼是',
    after: (minutes) => `請在 Image Studio 輸入此驗證碼和您選擇的密碼；驗證碼將在 ${minutes} 分鐘後失效。`,
    closing: '如果您沒有要求設定密碼，請忽略這封電子郵件：您的帳戶不會變更。',
  },
} satisfies Record<Locale, CodeTexts>;

interface NoticeTexts {
  passwordChangedSubject: string;
  passwordChangedByReset: string;
  passwordChangedInPersonalCenter: string;
  passwordSetSubject: string;
  passwordSet: string;
  resetAdvice: string;
  emailChangedSubject: string;
  emailChanged: (newEmail: string) => string;
  accountDeletedSubject: string;
  accountDeleted: string;
  accountDeletedAfter: string;
}

const NOTICES = {
  en: {
    passwordChangedSubject: 'Your Image Studio password was changed',
    passwordChangedByReset:
      'The password of your Image Studio account was just changed with a reset code, and every other session was signed out.',
    passwordChangedInPersonalCenter:
      'The password of your Image Studio account was just changed in the personal center, and every other session was signed out.',
    passwordSetSubject: 'A password was set for your Image Studio account',
    passwordSet:
      'A password was just set for your Image Studio account with a code sent to this address, and every other session was signed out. You can now also sign in with your e-mail and this password.',
    resetAdvice: 'If this was not you, reset your password now and keep your e-mail account safe.',
    emailChangedSubject: 'Your Image Studio e-mail was changed',
    emailChanged: (newEmail) =>
      `The e-mail of your Image Studio account was just changed to ${newEmail}, and every other session was signed out.`,
    accountDeletedSubject: 'Your Image Studio account was deleted',
    accountDeleted:
      'Your Image Studio account and its images were deleted. Records of payments are kept as our accounting record, without your name or e-mail.',
    accountDeletedAfter: 'If you sign in with this address again, a new account is created.',
  },
  'zh-Hant': {
    passwordChangedSubject: '您的 Image Studio 密碼已變更',
    passwordChangedByReset: '您的 Image Studio 帳戶密碼剛剛以重設驗證碼變更，其他所有登入階段都已登出。',
    passwordChangedInPersonalCenter: '您的 Image Studio 帳戶密碼剛剛在個人中心變更，其他所有登入階段都已登出。',
    passwordSetSubject: '您的 Image Studio 帳戶已設定密碼',
    passwordSet:
      '您的 Image Studio 帳戶剛剛以寄到此地址的驗證碼設定了密碼，其他所有登入階段都已登出。現在您也可以用電子郵件和這個密碼登入。',
    resetAdvice: '如果這不是您，請立即重設密碼，並確保您的電子郵件帳戶安全。',
    emailChangedSubject: '您的 Image Studio 電子郵件已變更',
    emailChanged: (newEmail) => `您的 Image Studio 帳戶電子郵件剛剛變更為 ${newEmail}，其他所有登入階段都已登出。`,
    accountDeletedSubject: '您的 Image Studio 帳戶已刪除',
    accountDeleted: '您的 Image Studio 帳戶及其圖片已刪除。付款紀錄會作為會計紀錄保留，但不含您的姓名或電子郵件。',
    accountDeletedAfter: '如果您再次以此地址登入，將會建立新的帳戶。',
  },
} satisfies Record<Locale, NoticeTexts>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

/** The subject and bodies of `mail` in `locale`. */
export function renderMail(mail: Mail, locale: Locale): RenderedMail {
  if (mail.kind === 'code') {
    const t = mail.firstPassword && mail.purpose === 'password-reset' ? SET_PASSWORD_CODE_MAILS[locale] : CODE_MAILS[locale][mail.purpose];
    const big = `<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(mail.code)}</p>`;
    return {
      subject: t.subject(mail.code),
      text: `${t.lead} ${mail.code}\n\n${t.after(mail.minutes)}\n\n${t.closing}`,
      html: `${paragraphs(t.lead)}${big}${paragraphs(t.after(mail.minutes), t.closing)}`,
    };
  }
  const n = NOTICES[locale];
  if (mail.kind === 'password-changed') {
    const what =
      mail.how === 'first-password' ? n.passwordSet : mail.how === 'reset' ? n.passwordChangedByReset : n.passwordChangedInPersonalCenter;
    const subject = mail.how === 'first-password' ? n.passwordSetSubject : n.passwordChangedSubject;
    return { subject, text: `${what}\n\n${n.resetAdvice}`, html: paragraphs(what, n.resetAdvice) };
  }
  if (mail.kind === 'email-changed') {
    const what = n.emailChanged(mail.newEmail);
    return { subject: n.emailChangedSubject, text: `${what}\n\n${n.resetAdvice}`, html: paragraphs(what, n.resetAdvice) };
  }
  return {
    subject: n.accountDeletedSubject,
    text: `${n.accountDeleted}\n\n${n.accountDeletedAfter}`,
    html: paragraphs(n.accountDeleted, n.accountDeletedAfter),
  };
}
