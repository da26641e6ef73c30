/**
 * What a valid sign-in and profile input is, as zod-free data: limits, patterns and messages, plus
 * plain checks built from them for the browser. The server's zod schemas (auth.ts) are built from
 * the same data, so the two cannot drift; auth-rules.test.ts checks they agree on generated inputs.
 *
 * Why plain checks: zod costs ~60 KB gzipped, which every page paid for because the header and the
 * login modal validate these fields (≤ 150 KB initial JS). The checks mirror zod's `safeParse`
 * shape (first failing check first, normalised value as data) so call sites read the same.
 */

import { encodeMessage } from './message-codec';
import type { Message } from './messages';

export const AUTH_LIMITS = {
  emailMax: 254,
  usernameMin: 2,
  usernameMax: 50,
  passwordMin: 8,
  passwordMax: 128,
  referralCodeMax: 32,
} as const;

/** zod 4's default e-mail pattern (`z.email()`): the server uses `z.email()` itself. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]*$/;
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;

/** One check's message, encoded (message-codec.ts): the server renders it, the SPA translates it by id. */
const message = (said: Message) => encodeMessage(said);

/**
 * The messages of these rules, as encoded message ids (worker/contract/messages.ts). The server's
 * zod schemas carry them as their messages; the SPA reads the id back and says it with Lingui.
 */
export const AUTH_MESSAGES = {
  emailRequired: message({ id: 'emailRequired', params: {} }),
  emailTooLong: message({ id: 'emailTooLong', params: {} }),
  emailInvalid: message({ id: 'emailInvalid', params: {} }),
  codeRequired: message({ id: 'codeRequired', params: {} }),
  codeFormat: message({ id: 'codeFormat', params: {} }),
  usernameRequired: message({ id: 'usernameRequired', params: {} }),
  usernameTooShort: message({ id: 'usernameTooShort', params: { min: AUTH_LIMITS.usernameMin } }),
  usernameTooLong: message({ id: 'usernameTooLong', params: { max: AUTH_LIMITS.usernameMax } }),
  passwordRequired: message({ id: 'passwordRequired', params: {} }),
  passwordTooShort: message({ id: 'passwordTooShort', params: { min: AUTH_LIMITS.passwordMin } }),
  passwordTooLong: message({ id: 'passwordTooLong', params: { max: AUTH_LIMITS.passwordMax } }),
  referralCodeTooLong: message({ id: 'referralCodeTooLong', params: { max: AUTH_LIMITS.referralCodeMax } }),
  referralCodeInvalid: message({ id: 'referralCodeInvalid', params: {} }),
} as const;

/** Spec §5 / §9 avatar rules. */
export const AVATAR = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const,
  extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const,
  /** Stored as a square WebP of this many pixels. */
  outputSize: 256,
  uploadTimeoutMs: 30_000,
} as const;

export interface Issue {
  path: string[];
  message: string;
}
export type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

export interface Rule<T> {
  safeParse(value: string): Parsed<T>;
  parse(value: string): T;
}

type Check = [ok: (value: string) => boolean, message: string];

/** One string rule: normalise, then every check in order; the first failing check is the first issue. */
function rule(normalise: (value: string) => string, checks: Check[], after?: Check): Rule<string> {
  const safeParse = (raw: string): Parsed<string> => {
    const value = normalise(raw);
    const issues = checks.filter(([ok]) => !ok(value)).map(([, message]) => ({ path: [], message }));
    // zod runs a `.pipe()` only when everything before it passed.
    if (issues.length === 0 && after && !after[0](value)) issues.push({ path: [], message: after[1] });
    return issues.length ? { success: false, error: { issues } } : { success: true, data: value };
  };
  return {
    safeParse,
    parse(raw) {
      const parsed = safeParse(raw);
      if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
      return parsed.data;
    },
  };
}

const trim = (v: string) => v.trim();
const L = AUTH_LIMITS;
const M = AUTH_MESSAGES;

export const email = rule(
  (v) => v.trim().toLowerCase(),
  [
    [(v) => v.length >= 1, M.emailRequired],
    [(v) => v.length <= L.emailMax, M.emailTooLong],
  ],
  [(v) => EMAIL_PATTERN.test(v), M.emailInvalid],
);

export const verificationCode = rule(trim, [
  [(v) => v.length >= 1, M.codeRequired],
  [(v) => VERIFICATION_CODE_PATTERN.test(v), M.codeFormat],
]);

export const username = rule(trim, [
  [(v) => v.length >= 1, M.usernameRequired],
  [(v) => v.length >= L.usernameMin, M.usernameTooShort],
  [(v) => v.length <= L.usernameMax, M.usernameTooLong],
]);

export const password = rule(
  (v) => v,
  [
    [(v) => v.length >= 1, M.passwordRequired],
    [(v) => v.length >= L.passwordMin, M.passwordTooShort],
    [(v) => v.length <= L.passwordMax, M.passwordTooLong],
  ],
);

/** Login does not re-check the password rules (an old account may predate them). */
const loginPassword = rule(
  (v) => v,
  [
    [(v) => v.length >= 1, M.passwordRequired],
    [(v) => v.length <= L.passwordMax, M.passwordTooLong],
  ],
);

const referralCode = rule(trim, [
  [(v) => v.length <= L.referralCodeMax, M.referralCodeTooLong],
  [(v) => REFERRAL_CODE_PATTERN.test(v), M.referralCodeInvalid],
]);

/** An object of string rules; optional fields are skipped when undefined (zod's `.optional()`). */
function object<S extends Record<string, Rule<string>>>(shape: S, optional: Array<keyof S> = []) {
  type Out = { [K in keyof S]: string };
  type In = Partial<Record<keyof S, string | undefined>>;
  const rules = {
    safeParse(input: In): Parsed<Out> {
      const issues: Issue[] = [];
      const data: Record<string, string> = {};
      for (const [key, fieldRule] of Object.entries(shape)) {
        const value = input[key as keyof S];
        if (value === undefined && optional.includes(key)) continue;
        const parsed = fieldRule.safeParse(value ?? '');
        if (parsed.success) data[key] = parsed.data;
        else issues.push(...parsed.error.issues.map((issue) => ({ path: [key, ...issue.path], message: issue.message })));
      }
      return issues.length ? { success: false, error: { issues } } : { success: true, data: data as Out };
    },
    parse(input: In): Out {
      const parsed = rules.safeParse(input);
      if (!parsed.success) throw new Error(parsed.error.issues[0]!.message);
      return parsed.data;
    },
  };
  return rules;
}

export const loginRequest = object({ email, password: loginPassword });
export const registerRequest = object({ name: username, email, password, referralCode }, ['referralCode']);
export const passwordResetRequest = object({ email });
export const passwordResetConfirm = object({ email, verificationCode, password });
