// Offline cache: the last good response per request key, kept in memory and flushed to one file.
// Nothing the user had is destroyed on open: an unreadable file is kept aside whole, entries that
// fail validation are kept aside in a side file, and a folder that cannot be made leaves the cache
// in memory until a save can make it (each failed save says so).
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { LiquidityError } from '../../../shared/errors'
import { asidePath, readFileIfExists, writeFileAtomic } from './atomic-file'
import {
  CACHE_SCHEMA_VERSION,
  normalizeRequest,
  reviveEnvelope,
  type CacheEnvelope,
  type EnvelopeFor,
} from './cache-envelope'
import { cacheKey, type CacheRequest, type DataFor } from './cache-keys'
import { serializeEntries, splitCacheFile } from './cache-format'
import { removeStaleTemps, writeChunksAtomic } from './cache-writer'
import { KeptEntries } from './kept-entries'
import { describeFsError } from './fs-error'
import type { Saveable } from './save-health'
import { keepAside } from './state-file'

export * from './cache-envelope'
export * from './cache-keys'

export const CACHE_FILE_NAME = 'response-cache.json'
/** Envelopes validated between yields on open, so a big cache does not freeze start-up. */
const VALIDATE_BATCH = 8

export interface CacheOpenOptions {
  /** Clock for quarantine names (tests). */
  now?: () => Date
}

interface Rejected {
  /** 1-based place in the file. */
  entry: number
  key: string | null
  reason: string
  /** The entry exactly as it stood in the file. */
  text: string
}

export class ResponseCache implements Saveable {
  readonly label = 'the offline cache'
  readonly path: string
  /** A plain sentence about what was dropped or set aside on open, or null when all was well. */
  report: string | null = null
  #entries = new Map<string, CacheEnvelope>()
  /** Entries that failed validation and could not be kept aside: every write carries them along. */
  #unkept: string[] = []
  #generation = 0
  #written = 0
  #queue: Promise<void> = Promise.resolve()
  /** Each entry's bytes from the last save, for the next one while the entry is unchanged. */
  readonly #kept = new KeptEntries()

  private constructor(path: string) {
    this.path = path
  }

  static async open(dir: string, options: CacheOpenOptions = {}): Promise<ResponseCache> {
    const cache = new ResponseCache(join(dir, CACHE_FILE_NAME))
    try {
      await mkdir(dir, { recursive: true })
    } catch {
      // Nothing to read: start empty in memory. Every save tries to make the folder again, and
      // while it fails the save says so (a save right after opening says so from the start).
      cache.#generation++
      return cache
    }
    await removeStaleTemps(cache.path)
    await cache.#load(options.now ?? (() => new Date()))
    return cache
  }

  /**
   * The stored envelope of a request, typed by its kind, or null. Treat it as read-only: it is what
   * the next flush writes.
   */
  get<R extends CacheRequest>(request: R): EnvelopeFor<R> | null {
    let key: string
    try {
      key = cacheKey(normalizeRequest(request))
    } catch {
      return null // not a request the cache can hold
    }
    // Every envelope is filed under the key of its own request (put and #load), so the kind
    // of the key is the kind of the envelope.
    return (this.#entries.get(key) as EnvelopeFor<R> | undefined) ?? null
  }

  keys(): string[] {
    return [...this.#entries.keys()]
  }

  /** When the newest stored response arrived: the last time this source answered, across restarts. */
  lastFetchedAt(): string | null {
    let newest: string | null = null
    for (const envelope of this.#entries.values())
      if (newest === null || Date.parse(envelope.fetchedAt) > Date.parse(newest))
        newest = envelope.fetchedAt
    return newest
  }

  /**
   * Memory only; flush() persists. Filed under the request's canonical key (cache-keys.ts); params
   * outside the service's query are not kept.
   */
  put<R extends CacheRequest>(request: R, data: DataFor<R>, fetchedAt: Date | string): void {
    const normalized = normalizeRequest(request)
    const key = cacheKey(normalized)
    const at = typeof fetchedAt === 'string' ? new Date(fetchedAt) : fetchedAt
    if (Number.isNaN(at.getTime())) {
      throw new LiquidityError(
        'invalid-argument',
        `Cannot cache ${key}: fetchedAt is not a valid time.`,
      )
    }
    // DataFor<R> pairs the data with the request's kind; TS cannot follow that through the union.
    const envelope = {
      schemaVersion: CACHE_SCHEMA_VERSION,
      fetchedAt: at.toISOString(),
      request: normalized,
      data,
    } as CacheEnvelope
    // A new envelope rather than a mutated one: a flush in progress keeps writing its own snapshot.
    this.#entries.set(key, envelope)
    this.#generation++
  }

  /** The Saveable face of flush(). */
  save(): Promise<void> {
    return this.flush()
  }

  /** Persist everything in one atomic write; nothing happens when nothing changed since the last. */
  flush(): Promise<void> {
    const run = this.#queue.then(() => this.#write())
    this.#queue = run.catch(() => undefined)
    return run
  }

  async #write(): Promise<void> {
    if (this.#generation === this.#written) return
    const generation = this.#generation
    const snapshot = [...this.#entries]
    try {
      await mkdir(dirname(this.path), { recursive: true })
      await writeChunksAtomic(this.path, serializeEntries(snapshot, this.#unkept, this.#kept))
    } catch (e) {
      throw new LiquidityError(
        'storage',
        `Could not save the offline cache to ${this.path}: ${(e as Error).message}`,
        {
          cause: e,
        },
      )
    }
    this.#written = generation
  }

  async #load(now: () => Date): Promise<void> {
    let text: string | null
    try {
      text = await readFileIfExists(this.path)
    } catch (e) {
      await this.#setAside(`could not be read (${describeFsError(e)})`, now)
      return
    }
    if (text === null) return
    const split = splitCacheFile(text)
    if ('bad' in split) {
      await this.#setAside(split.bad, now)
      return
    }
    const rejected: Rejected[] = []
    for (const [i, entry] of split.entries.entries()) {
      let key: string | null = null
      try {
        const [k, value] = entry.read()
        key = k
        const envelope = reviveEnvelope(value)
        // Filed by its own request: files from before canonical keys (`asset:TSLA`,
        // `analytics:stock:stock:90`) load under the keys this version asks for.
        const canonical = cacheKey(envelope.request)
        const held = this.#entries.get(canonical)
        if (held === undefined || Date.parse(envelope.fetchedAt) > Date.parse(held.fetchedAt))
          this.#entries.set(canonical, envelope)
      } catch (e) {
        rejected.push({ entry: i + 1, key, reason: (e as Error).message, text: entry.text() })
      }
      if ((i + 1) % VALIDATE_BATCH === 0) await yieldToLoop()
    }
    if (rejected.length > 0) await this.#keepRejected(rejected, now())
  }

  /**
   * Entries that failed validation go to a side file, unchanged, and the next flush leaves them out.
   * When the side file cannot be written they stay in the cache file as they were (the next open
   * tries again): nothing is overwritten that could not be kept aside.
   */
  async #keepRejected(rejected: Rejected[], at: Date): Promise<void> {
    this.#generation++
    const n = rejected.length
    const shown =
      rejected
        .slice(0, 3)
        .map((r) => `${r.key ?? `entry ${r.entry}`}: ${r.reason}`)
        .join('; ') + (n > 3 ? ` (+${n - 3} more)` : '')
    const side = asidePath(this.path, 'rejected', at)
    let kept: string
    try {
      const doc = { rejectedAt: at.toISOString(), from: this.path, entries: rejected }
      await writeFileAtomic(side, JSON.stringify(doc, null, 1))
      kept = `${n === 1 ? 'was' : 'were'} kept aside in ${side}`
    } catch (e) {
      this.#unkept = rejected.map((r) => r.text)
      kept =
        `could not be kept aside (${describeFsError(e)}), so ${n === 1 ? 'it stays' : 'they stay'} ` +
        'in the cache file unchanged until the next start tries again'
    }
    this.report =
      `${n} cached response${n === 1 ? '' : 's'} failed validation and ${kept}; the rest of the ` +
      `offline cache was kept. ${shown}`
  }

  async #setAside(problem: string, now: () => Date): Promise<void> {
    const where = await keepAside(this.path, now())
    this.report = `The offline cache file ${this.path} ${problem}, so Liquidity Watch started with an empty cache; ${where}.`
    this.#generation++
  }
}
