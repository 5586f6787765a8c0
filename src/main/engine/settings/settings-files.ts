// Synchronous file helpers for settings: conf and electron-store are synchronous, and settings
// must be settled before anything else starts, so these mirror atomic-file.ts without promises.
import { readFileSync, renameSync } from 'node:fs'
import writeFileAtomicLib from 'write-file-atomic'
import { asidePath, isAbsent } from '../storage/atomic-file'

/** atomic-file's quarantine(), synchronous: every store's set-aside files look alike. */
export function quarantineSync(path: string, now: Date): string {
  const aside = asidePath(path, 'corrupt', now)
  renameSync(path, aside)
  return aside
}

export function readTextIfExistsSync(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch (e) {
    if (isAbsent(e)) return null
    throw e
  }
}

/** Temp file, fsync, rename: a crash leaves the old copy or the new, never half of one. */
export function writeFileAtomicSync(path: string, data: string): void {
  writeFileAtomicLib.sync(path, data, { fsync: true, mode: 0o600 })
}
