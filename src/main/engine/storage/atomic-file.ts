// Crash-safe file writes and quarantine of unreadable files, shared by every store.
import { mkdir, rename, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import writeFileAtomicLib from 'write-file-atomic'

/** Write to a temp file, fsync, rename over the target: readers see old or new, never half. */
export async function writeFileAtomic(path: string, data: string | Buffer): Promise<void> {
  await writeFileAtomicLib(path, data, { fsync: true, mode: 0o600 })
}

/** `<path>.<tag>-<time>`: where a file (or part of one) is kept aside, next to where it was. */
export function asidePath(path: string, tag: 'corrupt' | 'rejected', now: Date): string {
  return `${path}.${tag}-${now.toISOString().replace(/[:.]/g, '-')}`
}

/** Move an unreadable file (or a folder in its place) aside, kept for inspection; returns where. */
export async function quarantine(path: string, now: Date = new Date()): Promise<string> {
  const aside = asidePath(path, 'corrupt', now)
  await rename(path, aside)
  return aside
}

/** Codes that mean the file is not there: missing, or a file where one of its folders should be. */
export function isAbsent(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

/** Read a file, or null when it does not exist; other errors propagate. */
export async function readFileIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8')
  } catch (e) {
    if (isAbsent(e)) return null
    throw e
  }
}

/**
 * One JSON file rewritten whole from memory. Writes run in order (a later one never lands before
 * an earlier one); a save with nothing changed since the last write that landed does nothing, and
 * a failed write leaves the change pending, so the next save catches up. A file kept as it is (a
 * newer version's, state-file.ts) is never written: saves do nothing, the data stays in memory.
 */
export class SnapshotFile {
  #changes = 0
  #saved = 0
  #writing: Promise<void> = Promise.resolve()

  constructor(
    readonly path: string,
    private readonly serialize: () => string,
    readonly keptAsIs = false,
  ) {}

  /** Memory changed: the next save writes. */
  changed(): void {
    this.#changes++
  }

  save(): Promise<void> {
    const next = this.#writing
      .catch(() => undefined)
      .then(async () => {
        const changes = this.#changes
        if (changes === this.#saved || this.keptAsIs) return
        // Made at every write: a folder that could not be made earlier may be makeable now.
        await mkdir(dirname(this.path), { recursive: true })
        await writeFileAtomic(this.path, this.serialize())
        this.#saved = Math.max(this.#saved, changes)
      })
    this.#writing = next
    return next
  }

  /** Resolves once every write asked for so far has landed (or failed). */
  settled(): Promise<void> {
    return this.#writing.catch(() => undefined)
  }
}
