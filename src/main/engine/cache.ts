// Offline cache: the last good response per request key, kept in memory and flushed to one file.
import { mkdir } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { LiquidityError } from '../../shared/errors'
import { quarantine, readFileIfExists } from './atomic-file'
import {
  CACHE_SCHEMA_VERSION,
  normalizeRequest,
  reviveEnvelope,
  type CacheEnvelope,
  type CacheRequest,
  type DataFor,
} from './cache-envelope'
import { serializeEntries, splitCacheFile, type Serializable } from './cache-format'
import { removeStaleTemps, writeChunksAtomic } from './cache-writer'

export * from './cache-envelope'

export const CACHE_FILE_NAME = 'response-cache.json'
/** Envelopes validated between yields on open, so a big cache does not freeze start-up. */
const VALIDATE_BATCH = 8

interface Slot extends Serializable {
  envelope: CacheEnvelope
}

export interface CacheOpenOptions {
  /** Clock for quarantine names (tests). */
  now?: () => Date
}

export class ResponseCache {
  readonly path: string
  /** A plain sentence about what was dropped or set aside on open, or null when all was well. */
  report: string | null = null
  #entries = new Map<string, Slot>()
  #generation = 0
  #written = 0
  #queue: Promise<void> = Promise.resolve()

  private constructor(path: string) {
    this.path = path
  }

  static async open(dir: string, options: CacheOpenOptions = {}): Promise<ResponseCache> {
    await mkdir(dir, { recursive: true })
    const cache = new ResponseCache(join(dir, CACHE_FILE_NAME))
    await removeStaleTemps(cache.path)
    await cache.#load(options.now ?? (() => new Date()))
    return cache
  }

  /** The stored envelope, or null. Treat it as read-only: it is what the next flush writes. */
  get(key: string): CacheEnvelope | null {
    return this.#entries.get(key)?.envelope ?? null
  }

  keys(): string[] {
    return [...this.#entries.keys()]
  }

  /** Memory only; flush() persists. Params outside the service's query are not kept. */
  put<R extends CacheRequest>(
    key: string,
    request: R,
    data: DataFor<R>,
    fetchedAt: Date | string,
  ): void {
    const at = typeof fetchedAt === 'string' ? new Date(fetchedAt) : fetchedAt
    if (Number.isNaN(at.getTime())) {
      throw new LiquidityError(
        'invalid-argument',
        `Cannot cache ${key}: fetchedAt is not a valid time.`,
      )
    }
    const envelope = {
      schemaVersion: CACHE_SCHEMA_VERSION,
      fetchedAt: at.toISOString(),
      request: normalizeRequest(request),
      data,
    } as CacheEnvelope
    // A new slot rather than a mutated one: a flush in progress keeps writing its own snapshot.
    this.#entries.set(key, { envelope, json: null })
    this.#generation++
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
      await writeChunksAtomic(this.path, serializeEntries(snapshot))
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
      await this.#setAside(
        `could not be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
        now,
      )
      return
    }
    if (text === null) return
    const split = splitCacheFile(text)
    if ('bad' in split) {
      await this.#setAside(split.bad, now)
      return
    }
    const dropped: string[] = []
    for (const [i, entry] of split.entries.entries()) {
      let key = `entry ${i + 1}`
      try {
        const [k, value] = entry()
        key = k
        this.#entries.set(key, { envelope: reviveEnvelope(value), json: null })
      } catch (e) {
        dropped.push(`${key}: ${(e as Error).message}`)
      }
      if ((i + 1) % VALIDATE_BATCH === 0) await yieldToLoop()
    }
    if (dropped.length > 0) {
      // The file still holds the bad entries; the next flush rewrites it without them.
      this.#generation++
      const shown =
        dropped.slice(0, 3).join('; ') +
        (dropped.length > 3 ? ` (+${dropped.length - 3} more)` : '')
      this.report = `${dropped.length} cached response${dropped.length === 1 ? '' : 's'} failed validation and ${dropped.length === 1 ? 'was' : 'were'} dropped; the rest of the offline cache was kept. ${shown}`
    }
  }

  async #setAside(reason: string, now: () => Date): Promise<void> {
    let where: string
    try {
      where = `the damaged file was kept as ${basename(await quarantine(this.path, now()))}`
    } catch (e) {
      where = `the damaged file could not be moved aside (${(e as Error).message}) and will be replaced`
    }
    this.report = `The offline cache file ${reason}, so Liquidity Watch started with an empty cache; ${where}.`
    this.#generation++
  }
}
