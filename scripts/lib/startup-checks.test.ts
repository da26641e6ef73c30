import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withDevSecrets } from './dev-secrets';
import { checkDatabase, checkDataDir, checkPortFree, databaseError, StartupError, startupMessage } from './startup-checks';

/**
 * `npm start` problems are one line saying what to do (README), found before the slow start-up
 * work: an unwritable DATA_DIR, a port in use, an unreachable PostgreSQL, a wrong role.
 */
const scratch = mkdtempSync(join(tmpdir(), 'startup-checks-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const oneLine = (message: string) => {
  expect(message).not.toContain('\n');
  expect(message).not.toMatch(/\bat .*\.(ts|js):\d+/);
};

describe('start-up checks', () => {
  it('DATA_DIR that cannot be written is one line naming it and what to do', () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    const error = (() => {
      try {
        checkDataDir(join(file, 'data'));
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(StartupError);
    expect(error!.message).toMatch(/^DATA_DIR .*a-file\/data is not writable \(ENOTDIR\): .*set DATA_DIR/);
    oneLine(error!.message);
    expect(() => checkDataDir(join(scratch, 'fresh'))).not.toThrow();
  });

  it('a port in use is found before anything else runs, as one line', async () => {
    const busy: Server = createServer();
    const port = await new Promise<number>((done) => busy.listen({ port: 0 }, () => done((busy.address() as { port: number }).port)));
    try {
      const error = await checkPortFree(port).then(
        () => null,
        (e: Error) => e,
      );
      expect(error).toBeInstanceOf(StartupError);
      expect(error!.message).toBe(
        `Port ${port} is already in use (another npm start?): stop that process, or choose another port with PORT=<number>.`,
      );
    } finally {
      await new Promise((done) => busy.close(done));
    }
    await expect(checkPortFree(port)).resolves.toBeUndefined();
  });

  it('an unreachable PostgreSQL is one line with what to do, not an ECONNREFUSED stack', async () => {
    const url = 'postgres://someone:secret@127.0.0.1:1/app';
    const error = await checkDatabase(url, { timeoutMs: 2000 }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(StartupError);
    expect(error!.message).toMatch(/^Cannot reach PostgreSQL at 127\.0\.0\.1:1 \(ECONNREFUSED\): start the server/);
    expect(error!.message).not.toContain('secret');
    oneLine(error!.message);
  });

  it('a wrong role, a missing database and missing rights each say what to fix', () => {
    const url = 'postgres://app_user:pw@db.example:5433/studio';
    expect(databaseError(url, Object.assign(new Error('password authentication failed'), { code: '28P01' })).message).toBe(
      'PostgreSQL at db.example:5433 refused the role "app_user" (28P01): check the user name and password in DATABASE_URL, or unset DATABASE_URL to use the embedded database.',
    );
    expect(databaseError(url, { code: '3D000' }).message).toMatch(/has no database "studio" \(3D000\): create it \(createdb studio\)/);
    // Drizzle wraps the driver's error: the code is read from the cause.
    const wrapped = Object.assign(new Error('Failed query: CREATE SCHEMA'), { cause: { code: '42501' } });
    expect(startupMessage(wrapped, { databaseUrl: url, dataDir: scratch })).toMatch(
      /^The role "app_user" may not create or change the tables in "studio" \(42501\)/,
    );
  });

  it('a file-system failure names the path; an unknown error is left to crash with its stack', () => {
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES', path: '/srv/data/pglite' });
    expect(startupMessage(denied, { dataDir: '/srv/data' })).toBe(
      'Cannot write /srv/data/pglite (EACCES): fix its permissions or free space, or set DATA_DIR to a directory you can write to.',
    );
    // EPERM is five capitals but no SQLSTATE: still a file-system problem with a database configured.
    expect(startupMessage({ code: 'EPERM', path: '/x' }, { databaseUrl: 'postgres://a@b/c', dataDir: '/x' })).toMatch(/^Cannot write \/x/);
    expect(startupMessage(new TypeError('undefined is not a function'), { dataDir: scratch })).toBeNull();
  });

  it('a corrupt dev-secrets.json is one line saying it can be deleted', () => {
    const dir = join(scratch, 'secrets');
    withDevSecrets({}, dir);
    writeFileSync(join(dir, 'dev-secrets.json'), '{"JWT_KEYS": ');
    expect(() => withDevSecrets({}, dir)).toThrow(/dev-secrets\.json is not valid JSON: delete it to generate new development secrets/);
  });
});
