import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as server from './auth';
import * as client from './auth-rules';

/** The browser's plain checks agree with the server's zod schemas (see auth-rules.ts for why they are two). */
const firstByField = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? '')] ??= issue.message;
  return out;
};

function same(
  serverResult: { success: boolean; data?: unknown; error?: { issues: readonly { path: PropertyKey[]; message: string }[] } },
  clientResult: client.Parsed<unknown>,
) {
  expect(clientResult.success).toBe(serverResult.success);
  if (serverResult.success && clientResult.success) expect(clientResult.data).toEqual(serverResult.data);
  if (!serverResult.success && !clientResult.success)
    expect(firstByField(clientResult.error.issues)).toEqual(firstByField(serverResult.error!.issues));
}

// Strings that hit the edges: e-mail-ish text, digits, spaces, lengths around every bound.
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^ ?[a-zA-Z0-9._'+-]{0,12}@[a-zA-Z0-9-]{0,8}(\.[a-zA-Z]{0,4}){0,2} ?$/),
  fc.stringMatching(/^ ?\d{0,8} ?$/),
  fc.integer({ min: 0, max: 300 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 240, max: 260 }).map((n) => `${'b'.repeat(n)}@x.io`),
  fc.constantFrom('', ' ', 'A@B.CO', ' me@example.com ', 'x@y', 'ab', ' a ', 'ABC_def-1', 'bad code!'),
);

describe('plain input rules (auth-rules.ts) = zod schemas (auth.ts)', () => {
  const pairs = {
    email: [server.email, client.email],
    verificationCode: [server.verificationCode, client.verificationCode],
    username: [server.username, client.username],
    password: [server.password, client.password],
  } as const;
  it.each(Object.entries(pairs))('%s', (_, [serverRule, clientRule]) => {
    fc.assert(
      fc.property(text, (value) => same(serverRule.safeParse(value), clientRule.safeParse(value))),
      { numRuns: 400 },
    );
  });

  it('login, register and password-reset objects', () => {
    fc.assert(
      fc.property(text, text, text, fc.option(text, { nil: undefined }), (name, email, password, referralCode) => {
        same(server.loginRequest.safeParse({ email, password }), client.loginRequest.safeParse({ email, password }));
        same(
          server.registerRequest.safeParse({ name, email, password, referralCode }),
          client.registerRequest.safeParse({ name, email, password, referralCode }),
        );
        same(server.passwordResetRequest.safeParse({ email }), client.passwordResetRequest.safeParse({ email }));
        same(
          server.passwordResetConfirm.safeParse({ email, verificationCode: name, password }),
          client.passwordResetConfirm.safeParse({ email, verificationCode: name, password }),
        );
      }),
      { numRuns: 400 },
    );
  });
});
