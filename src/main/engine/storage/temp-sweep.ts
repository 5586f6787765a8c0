// Temp files that atomic writes leave behind when the process is killed mid-write: write-file-atomic
// names them `<file>.<number>`, conf's writer (atomically) `<file>.tmp-<stamp>`. Swept at start,
// only beside our own files and only once old: a fresh one may belong to a live writer (the app and
// the CLI share a data dir), which renames it over the file within moments.
import { readdir, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'

/** Older than this, no live write still owns it (a write takes milliseconds, a slow disk seconds). */
export const STALE_TEMP_MS = 10 * 60_000

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Whether `entry` is a temp file of one of `names` (and not, say, a `.corrupt-<time>` copy). */
export function isTempOf(entry: string, names: readonly string[]): boolean {
  return names.some((n) =>
    new RegExp(`^${escapeRegExp(n)}\\.(\\d{1,10}|tmp-[0-9a-f]{1,32})$`).test(entry),
  )
}

/**
 * Removes stale temp files of `names` in `dir`; returns how many. Never throws: a folder that cannot
 * be read or a file that cannot be removed is left for the next start.
 */
export async function sweepTempFiles(
  dir: string,
  names: readonly string[],
  nowMs: number = Date.now(),
): Promise<number> {
  let entries: string[]
  try {
    entries = await readdir(dir)
  } catch {
    return 0
  }
  let removed = 0
  for (const entry of entries) {
    if (!isTempOf(entry, names)) continue
    const path = join(dir, entry)
    try {
      const st = await stat(path)
      if (!st.isFile() || nowMs - st.mtimeMs < STALE_TEMP_MS) continue
      await unlink(path)
      removed++
    } catch {
      // Gone meanwhile (its writer finished), or not ours to remove: left as it is.
    }
  }
  return removed
}
