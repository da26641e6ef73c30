import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, openPglite } from '@worker/adapters/db/pglite';

/**
 * One embedded data directory has one owner process: two PGlite instances on one directory each
 * write back their own copy, so a grant made beside a running server was lost.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'studio-owner-'));
const pgliteDir = join(dataDir, 'pglite');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs a script the way `npm run` does, with DATA_DIR pointing at the test's directory. */
function runScript(script: string, ...args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(join('node_modules', '.bin', 'tsx'), [script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the embedded data directory', () => {
  it('is held by its opener; a second opener, here or in admin:grant and db:migrate, refuses with one line naming it', async () => {
    const owner = await openPglite(pgliteDir);
    try {
      expect(JSON.parse(readFileSync(`${pgliteDir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
      await expect(openPglite(pgliteDir)).rejects.toBeInstanceOf(DataDirInUseError);
      for (const [script, args] of [
        ['scripts/admin-grant.ts', ['someone@example.com']],
        ['scripts/migrate.ts', []],
      ] as const) {
        const run = await runScript(script, ...args);
        expect(run.code, run.stderr).toBe(1);
        expect(run.stdout).toBe('');
        const lines = run.stderr.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toContain(`pid ${process.pid}`);
      }
    } finally {
      await owner.close();
    }
    expect(existsSync(`${pgliteDir}.lock`)).toBe(false);
  }, 120_000);

  it('is taken over from an owner that died without closing it (kill -9)', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    writeFileSync(`${pgliteDir}.lock`, JSON.stringify({ pid: dead, command: 'npm start', since: new Date().toISOString() }));
    const next = await openPglite(pgliteDir);
    expect(JSON.parse(readFileSync(`${pgliteDir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    await next.close();
  }, 60_000);
});
