import { describe, expect, it, vi } from 'vitest';
import { createConsoleLogger, describeError } from './console-logger';

describe('console logger keeps secrets out of log lines', () => {
  it('strips bound params and echoed values from errors, redacts secret-named fields and URL queries', () => {
    const lines: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((line: string) => void lines.push(line));
    const driverError = Object.assign(new Error('invalid input syntax for type integer: "123456"'), { code: '22P02' });
    const failed = new Error(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: victim@example.com,scrypt$16384$abc',
      { cause: driverError },
    );
    createConsoleLogger().warn('something failed', {
      error: failed,
      asText: String(failed),
      password: 'hunter2',
      verificationCode: '654321',
      token: 'eyJhbGciOi',
      url: 'https://studio.example/api/auth/google/callback?code=4/0Ab&state=s3cret',
      orderId: 'ord_1',
    });
    warn.mockRestore();
    const line = lines[0]!;
    for (const secret of ['victim@example.com', 'scrypt$', '123456', 'hunter2', '654321', 'eyJhbGciOi', '4/0Ab', 's3cret'])
      expect(line, secret).not.toContain(secret);
    const logged = JSON.parse(line);
    expect(logged).toMatchObject({
      level: 'warn',
      orderId: 'ord_1',
      url: 'https://studio.example/api/auth/google/callback',
      password: '[redacted]',
    });
    expect(logged.error).toMatchObject({
      class: 'Error',
      sqlstate: '22P02',
      cause: { message: 'invalid input syntax for type integer: "…"' },
    });
    expect(logged.error.message).toMatch(/^Failed query: insert into "users"/);
  });

  it('describes non-errors as redacted text', () => {
    expect(describeError('Failed query: select 1\nparams: a@b.c')).toBe('Failed query: select 1');
  });
});
