import fs from 'node:fs';
import path from 'node:path';

/** The file a running store keeps in DATA_DIR while it has the embedded database open. */
const RUNNING_STORE_FILE = 'store.pid';

export function writeRunningStoreFile(dataDir: string): () => void {
  const file = path.join(dataDir, RUNNING_STORE_FILE);
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}

/** The pid of a store that is running on this data folder, or null (a stale file is ignored). */
export function runningStorePid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, RUNNING_STORE_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it is still running.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
