// Crash-safe file writes and quarantine of unreadable files, shared by every store.
import { rename, readFile } from 'node:fs/promises'
import writeFileAtomicLib from 'write-file-atomic'

/** Write to a temp file, fsync, rename over the target: readers see old or new, never half. */
export async function writeFileAtomic(path: string, data: string | Buffer): Promise<void> {
  await writeFileAtomicLib(path, data, { fsync: true, mode: 0o600 })
}

/** Move an unreadable file aside (kept for inspection) and return where it went. */
export async function quarantine(path: string, now: Date = new Date()): Promise<string> {
  const aside = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`
  await rename(path, aside)
  return aside
}

/** Read a file, or null when it does not exist; other errors propagate. */
export async function readFileIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  }
}
