import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite has no lock of its own: two processes on one data directory corrupt it. This lock file
 * holds the owner's pid; a lock whose process is gone is stale and taken over.
 */
export class DataDirLockedError extends Error {
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running bodyscan server?). ` +
      'Stop that process first, or point this command at PostgreSQL with DATABASE_URL.',
    );
    this.pid = pid;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of `dataDir` for this process; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'embedded-db.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8'));
      if (Number.isInteger(pid) && pid !== process.pid && processAlive(pid)) throw new DataDirLockedError(dataDir, pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
