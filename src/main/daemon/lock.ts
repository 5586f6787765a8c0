// One daemon per data dir: a lock file holding the pid. Two daemons on one dir would both poll,
// both send each alert, and overwrite each other's cache and alert state. A lock whose pid is no
// longer running (a crash, SIGKILL, a reboot) is taken over.
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs'
import { join } from 'node:path'

export const LOCK_FILE = 'daemon.lock'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes the data dir's lock or throws a plain message naming the running daemon; returns the release. */
export function takeLock(dataDir: string, pid = process.pid): () => void {
  const path = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644)
      writeSync(fd, `${pid}\n`)
      closeSync(fd)
      return () => {
        try {
          if (readFileSync(path, 'utf8').trim() === String(pid)) rmSync(path, { force: true })
        } catch {
          // Already gone: nothing to release.
        }
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
    const owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10)
    if (Number.isSafeInteger(owner) && owner > 0 && owner !== pid && alive(owner))
      throw new Error(
        `Another daemon (pid ${owner}) is already running on ${dataDir}. Stop it first, or give this one its own --data-dir.`,
      )
    // Left by a daemon that is gone: take it over.
    rmSync(path, { force: true })
  }
  throw new Error(`Could not take the lock ${path}; remove it if no daemon is running.`)
}
