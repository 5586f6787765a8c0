// Where the detail attempts (detail-attempts.ts) are kept between runs: one small JSON file per
// data source, in the folder of its cache. Written whole and atomically after each poll (with the
// cache, through SaveHealth), checked entry by entry on open: a damaged file is set aside and the
// round robin starts over from the cache's fetch times, which is all it loses (a newer version's
// file is left as it is and the round robin is kept in memory only).
import { dirname, join } from 'node:path'
import { z } from 'zod'
import { APP_ERROR_KINDS } from '../../../shared/errors'
import { SnapshotFile } from '../storage/atomic-file'
import type { Saveable } from '../storage/save-health'
import { openStateFile } from '../storage/state-file'
import type { DetailAttempt, DetailAttempts } from './detail-attempts'

export const DETAIL_ATTEMPTS_FILE = 'detail-attempts.json'
/** More than any watchlist (MAX_WATCHLIST): the newest are kept, so the file stays small. */
export const MAX_KEPT_ATTEMPTS = 10_000
const VERSION = 1

const attemptSchema = z.object({
  at: z.string().datetime(),
  error: z
    .object({
      kind: z.enum(APP_ERROR_KINDS),
      message: z.string().max(4000),
      status: z.number().int().optional(),
      retryAfterMs: z.number().nonnegative().optional(),
    })
    .nullable(),
})

const fileSchema = z.object({
  version: z.literal(VERSION),
  attempts: z.record(z.string().min(1).max(64), attemptSchema),
})

export class DetailAttemptsFile implements Saveable {
  readonly label = 'the list of when each detail was last checked'
  /** A plain sentence when the file on disk could not be used and was set aside, else null. */
  report: string | null = null
  /** Updated in place by the poll (fetch-steps.ts); save() writes what changed. */
  readonly attempts: DetailAttempts
  readonly #file: SnapshotFile
  #text: string

  private constructor(
    readonly path: string,
    attempts: DetailAttempts,
    keptAsIs: boolean,
  ) {
    this.attempts = attempts
    this.#text = this.#serialize()
    this.#file = new SnapshotFile(path, () => this.#text, keptAsIs)
  }

  /** The attempts kept beside a source's cache (`cachePath`: that cache's file). */
  static async openBeside(cachePath: string, now: Date): Promise<DetailAttemptsFile> {
    const path = join(dirname(cachePath), DETAIL_ATTEMPTS_FILE)
    const opened = await openStateFile({
      path,
      schema: fileSchema,
      version: VERSION,
      label: 'The list of when each detail was last checked',
      consequence:
        'the round robin of full checks starts over from the offline cache (alerts are not affected)',
      whileNewer:
        'the round robin of full checks starts over from the offline cache and is not kept (alerts are not affected)',
      now,
    })
    const kept = Object.entries(opened.value?.attempts ?? {}) as [string, DetailAttempt][]
    const file = new DetailAttemptsFile(path, new Map(kept), opened.newer !== null)
    file.report = opened.report
    return file
  }

  /** Writes the attempts when they changed since the last write; a failed write stays pending. */
  save(): Promise<void> {
    const text = this.#serialize()
    if (text !== this.#text) {
      this.#text = text
      this.#file.changed()
    }
    return this.#file.save()
  }

  #serialize(): string {
    let entries = [...this.attempts]
    if (entries.length > MAX_KEPT_ATTEMPTS) {
      entries = entries
        .sort((a, b) => Date.parse(b[1].at) - Date.parse(a[1].at))
        .slice(0, MAX_KEPT_ATTEMPTS)
      this.attempts.clear()
      for (const [s, a] of entries) this.attempts.set(s, a)
    }
    return JSON.stringify({ version: VERSION, attempts: Object.fromEntries(entries) })
  }
}
