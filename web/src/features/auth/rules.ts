/**
 * The sign-in and profile input rules of worker/contract/auth.ts as plain checks, for the browser.
 *
 * Why a copy: the zod schemas there cost ~60 KB gzipped, which every page paid for because the
 * header and the login modal use them (issue 16: ≤ 150 KB initial JS, ≤ 50 KB per route). The
 * shape mirrors zod's `safeParse` so call sites stay the same, and rules.test.ts checks these agree
 * with the server's schemas on generated inputs (same success, same first message per field, same
 * value), so the two cannot drift apart silently.
 */

export interface Issue {
  path: string[];
  message: string;
}
export type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

interface Rule<T> {
  safeParse(value: string): Parsed<T>;
  parse(value: string): T;
}

/** zod 4's default e-mail pattern (`z.email()`). */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const REFERRAL = /^[A-Za-z0-9_-]*$/;

/** One string rule: normalise, then every check in order; the first failing check is the first issue. */
function rule(
  normalise: (value: string) => string,
  checks: Array<[ok: (value: string) => boolean, message: string]>,
  after?: [ok: (value: string) => boolean, message: string],
): Rule<string> {
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

export const email = rule(
  (v) => v.trim().toLowerCase(),
  [
    [(v) => v.length >= 1, 'Please enter your email'],
    [(v) => v.length <= 254, 'Email is too long'],
  ],
  [(v) => EMAIL.test(v), 'Please enter a valid email'],
);

export const verificationCode = rule(trim, [
  [(v) => v.length >= 1, 'Please enter verification code'],
  [(v) => /^\d{6}$/.test(v), 'The verification code is 6 digits'],
]);

export const username = rule(trim, [
  [(v) => v.length >= 1, 'Username cannot be empty'],
  [(v) => v.length >= 2, 'Username must be at least 2 characters'],
  [(v) => v.length <= 50, 'Username must be at most 50 characters'],
]);

export const password = rule(
  (v) => v,
  [
    [(v) => v.length >= 1, 'Please enter your password'],
    [(v) => v.length >= 8, 'Password must be at least 8 characters'],
    [(v) => v.length <= 128, 'Password must be at most 128 characters'],
  ],
);

/** Login does not re-check the password rules (an old account may predate them). */
const loginPassword = rule(
  (v) => v,
  [
    [(v) => v.length >= 1, 'Please enter your password'],
    [(v) => v.length <= 128, 'Password must be at most 128 characters'],
  ],
);

const referralCode = rule(trim, [
  [(v) => v.length <= 32, 'Too big: expected string to have <=32 characters'],
  [(v) => REFERRAL.test(v), 'Invalid referral code'],
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

/** Spec §9 avatar limits (worker/contract/auth.ts AVATAR). */
export const AVATAR = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const,
  extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const,
  outputSize: 256,
  uploadTimeoutMs: 30_000,
} as const;
