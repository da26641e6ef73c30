import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

/**
 * The committed migrations must describe exactly the Drizzle schema: drizzle-kit, run against a copy
 * of migrations/, must find nothing to generate. If this fails, run `npm run db:generate` and commit.
 */
it('has no schema change that is missing from migrations/', () => {
  const out = mkdtempSync(join(tmpdir(), 'drift-'));
  try {
    cpSync('migrations', out, { recursive: true });
    const before = readdirSync(out).filter((f) => f.endsWith('.sql'));
    const log = execFileSync('npx', ['drizzle-kit', 'generate', '--config', 'drizzle.config.ts'], {
      // drizzle-kit prefixes the out path with './', so it must be relative.
      env: { ...process.env, DRIZZLE_OUT: relative(process.cwd(), out) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const after = readdirSync(out).filter((f) => f.endsWith('.sql'));
    expect(log).toContain('No schema changes');
    expect(after, `drizzle-kit generated a migration:\n${log}`).toEqual(before);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 60_000);
