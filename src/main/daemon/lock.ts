// One daemon per data dir: a lock file holding the pid and who that pid was. Two daemons on one
// dir would both poll, both send each alert, and overwrite each other's cache and alert state. A
// lock whose process is gone (a crash, SIGKILL, a reboot) is taken over — also when its pid has
// since been reused by another process, which after a reboot is likely (systemd's Restart= would
// otherwise loop on "already running" for ever).
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs'
import { join } from 'node:path'

export const LOCK_FILE = 'daemon.lock'

/** Boot id and start time of a process (Linux), so a reused pid is told apart; null elsewhere. */
export function processIdentity(pid: number): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    // Field 22 of /proc/<pid>/stat, counted after the command name (which may hold spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
    return start ? `${boot}:${start}` : null
  } catch {
    return null
  }
}

function alive(pid: number, identity: string | undefined): boolean {
  // A lock that names who held it is theirs only while that very process runs.
  if (identity) {
    const now = processIdentity(pid)
    if (now !== null) return now === identity
  }
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The pid of the daemon running on this data dir, or null (no lock, or one left behind). */
export function runningDaemon(dataDir: string): number | null {
  let text: string
  try {
    text = readFileSync(join(dataDir, LOCK_FILE), 'utf8')
  } catch {
    return null
  }
  const [first, identity] = text.split('\n')
  const owner = Number.parseInt(first ?? '', 10)
  return Number.isSafeInteger(owner) && owner > 0 && alive(owner, identity?.trim()) ? owner : null
}

/** Takes the data dir's lock or throws a plain message naming the running daemon; returns the release. */
export function takeLock(dataDir: string, pid = process.pid): () => void {
  const path = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644)
      writeSync(fd, `${pid}\n${processIdentity(pid) ?? ''}\n`)
      closeSync(fd)
      return () => {
        try {
          if (readFileSync(path, 'utf8').split('\n')[0] === String(pid))
            rmSync(path, { force: true })
        } catch {
          // Already gone: nothing to release.
        }
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
    const owner = runningDaemon(dataDir)
    if (owner !== null && owner !== pid)
      throw new Error(
        `Another daemon (pid ${owner}) is already running on ${dataDir}. Stop it first, or give this one its own --data-dir.`,
      )
    // Left by a daemon that is gone: take it over.
    rmSync(path, { force: true })
  }
  throw new Error(`Could not take the lock ${path}; remove it if no daemon is running.`)
}
