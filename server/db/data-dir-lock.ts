import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { StartError } from '../errors';

/** The file in DATA_DIR that says which process has the embedded database open. */
export const LOCK_FILE = 'pglite.lock';

/** Lock files this process holds (a file naming our pid but not held here is from an earlier life of that pid). */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What DATA_DIR's file system said, as one line that names the folder and what to do. */
function unusable(dataDir: string, err: NodeJS.ErrnoException): StartError | null {
  switch (err.code) {
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new StartError(
        `DATA_DIR ${dataDir} is not writable (${err.code}): the embedded database, uploaded files and the generated secret are kept there. Give this user write access to it, or set DATA_DIR to a writable folder.`,
      );
    case 'ENOTDIR':
    case 'EEXIST':
      return new StartError(
        `DATA_DIR ${dataDir} is not a folder (${err.code}): set DATA_DIR to a writable folder.`,
      );
    default:
      return null;
  }
}

/** Creates `dir` (and its parents), or says in one line why DATA_DIR cannot hold it. */
export function makeDataFolder(dataDir: string, dir: string) {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw unusable(dataDir, err as NodeJS.ErrnoException) ?? err;
  }
}

/**
 * Takes DATA_DIR's embedded-database lock for this process: a file created exclusively with our
 * pid. Held by a live process, the start is refused (PGlite belongs to one process: a second one
 * on the same folder loses the first one's writes); left by a process that is gone, it is taken
 * over. Answers the release, which removes the file if it is still ours (decision 024).
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      held.add(file);
      const release = () => {
        process.off('exit', release);
        if (!held.delete(file)) return;
        try {
          if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file, { force: true });
        } catch {
          // Gone already.
        }
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e.code !== 'EEXIST' || attempt > 2) throw unusable(dataDir, e) ?? e;
      let pid = Number.NaN;
      try {
        pid = Number(readFileSync(file, 'utf8').trim());
      } catch {
        // Removed meanwhile: try again.
      }
      const ours = pid === process.pid && held.has(file);
      if (ours || (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)))
        throw new StartError(
          `The embedded database in ${dataDir} is ${ours ? 'already open in this process' : 'in use by another process'} (pid ${pid}). It serves one process only: to run several processes or instances, use PostgreSQL (set DATABASE_URL). If no process uses it, delete ${file}.`,
        );
      // Left by a process that is gone (or unreadable): taken over.
      rmSync(file, { force: true });
    }
  }
}
