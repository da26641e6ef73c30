import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { basename, dirname } from 'node:path';

/**
 * One owner per embedded data directory. Two PGlite instances on one directory each keep their own
 * copy of the database in memory and write it back over the other's: `admin:grant` beside a running
 * `npm start` printed "is now an admin" while the server kept answering 403, and the grant was gone
 * after a restart. The owner writes `<dataDir>.lock` holding its pid and command; any other opener
 * refuses with one line naming that process. A lock whose process is gone (kill -9) is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: { pid: number; command: string; since: string },
  ) {
    super(
      `The database in ${dataDir} is in use by another process (pid ${owner.pid}, ${owner.command}, since ${owner.since}): stop it first, or make the change through it.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Directories this process holds, so a second open inside the same process is refused too. */
const held = new Set<string>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** This process's command as a reader knows it: `npm start` runs scripts/start.ts. */
function commandOf(): string {
  const script = process.argv[1] ? basename(process.argv[1]) : 'node';
  const known: Record<string, string> = {
    'start.ts': 'npm start',
    'migrate.ts': 'npm run db:migrate',
    'admin-grant.ts': 'npm run admin:grant',
  };
  return known[script] ?? script;
}

/** Takes the directory's lock for this process, or throws {@link DataDirInUseError}; answers the release. */
export function lockDataDir(dataDir: string): () => void {
  const path = `${dataDir}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  if (held.has(path)) throw new DataDirInUseError(dataDir, { pid: process.pid, command: 'this process', since: 'earlier' });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, command: commandOf(), since: new Date().toISOString() }));
      closeSync(fd);
      held.add(path);
      const release = () => {
        if (!held.delete(path)) return;
        rmSync(path, { force: true });
        process.off('exit', release);
      };
      // A normal exit (or process.exit) without close() still frees the directory.
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner: { pid: number; command: string; since: string } | undefined;
    try {
      owner = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      owner = undefined;
    }
    if (owner && Number.isInteger(owner.pid) && alive(owner.pid)) throw new DataDirInUseError(dataDir, owner);
    // The owner is gone (or the file is unreadable, a crash mid-write): take the directory over.
    rmSync(path, { force: true });
  }
  throw new Error(`Could not take the lock ${path}`);
}
