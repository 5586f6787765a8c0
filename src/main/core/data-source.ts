// The data-source owner: the service the engine talks to (its connection), that source's offline
// cache and its name (the cache namespace). Nobody else opens, swaps or closes them: others ask
// current() each time (a switch replaces the whole Source, never a part of it).
import { toSerializedError } from '../../shared/errors'
import { APP_HELP } from '../client/errors-map'
import type { Clock } from '../engine/poll/scheduler'
import { dirname } from 'node:path'
import { DETAIL_ATTEMPTS_FILE } from '../engine/poll/detail-attempts-file'
import { CACHE_FILE_NAME, type ResponseCache } from '../engine/storage/cache'
import { sweepTempFiles } from '../engine/storage/temp-sweep'
import { cacheNamespace, openSourceCache } from '../engine/storage/cache-namespace'
import type { SaveHealth } from '../engine/storage/save-health'
import type { ApiKey } from './api-key'
import {
  openConnection,
  type ClientTuning,
  type Connection,
  type EmbeddedServiceOptions,
} from './connection'
import type { RateLimits } from './rate-limits'
import type { Reports } from './reports'

/** One data source as a whole: what a poll or a view reads from and writes to together. */
export interface Source {
  /** Cache namespace: 'demo' or one per live base URL. */
  readonly name: string
  readonly connection: Connection
  readonly cache: ResponseCache
}

export interface SourceCacheDeps {
  dataDir: string
  clock: Clock
  saves: SaveHealth
  reports: Reports
}

export interface DataSourceDeps extends SourceCacheDeps {
  key: ApiKey
  rateLimits: RateLimits
  embedded?: EmbeddedServiceOptions
  client?: ClientTuning
  isPackaged?: boolean
}

/** Opens the cache of a source; its start-up repairs are reported. */
export async function openCacheOf(
  d: SourceCacheDeps,
  name: string,
  adoptLegacy = false,
): Promise<ResponseCache> {
  const now = (): Date => new Date(d.clock.now())
  const c = await openSourceCache(d.dataDir, name, { now, adoptLegacy })
  // Temp files a killed run left beside this source's files (the cache sweeps its own kind).
  await sweepTempFiles(dirname(c.path), [CACHE_FILE_NAME, DETAIL_ATTEMPTS_FILE])
  d.reports.add(c.report)
  // A cache not on disk yet (its folder could not be made, the old file was set aside) is written
  // now: a folder that cannot be made is in the status from the start, until a save lands.
  await d.saves.save(c)
  return c
}

export class DataSource {
  private constructor(
    private readonly d: DataSourceDeps,
    private source: Source,
  ) {}

  /** Connects to `baseUrl` (null: the embedded demo service) with the cache opened for it. */
  static async open(
    d: DataSourceDeps,
    baseUrl: string | null,
    cache: ResponseCache,
  ): Promise<DataSource> {
    return new DataSource(d, {
      name: cacheNamespace(baseUrl),
      cache,
      connection: await connect(d, baseUrl),
    })
  }

  current(): Source {
    return this.source
  }

  /** The last time the current source answered, from its cache: kept across restarts. */
  lastFetchedMs(): number | null {
    const at = this.source.cache.lastFetchedAt()
    return at === null ? null : Date.parse(at)
  }

  /**
   * Connection and cache are opened first and swapped in together, so no request of one source
   * lands in the other's cache. Resolves at the swap with what closes the old ones.
   */
  async switchTo(baseUrl: string | null): Promise<{ retire(): Promise<void> }> {
    const name = cacheNamespace(baseUrl)
    const old = this.source
    const connection = await connect(this.d, baseUrl)
    const cache =
      name === old.name
        ? old.cache
        : await openCacheOf(this.d, name).catch(async (e: unknown) => {
            await connection.close()
            throw e
          })
    this.source = { name, connection, cache }
    return {
      retire: async () => {
        await old.connection.close()
        if (cache !== old.cache)
          await old.cache
            .flush()
            .catch((e: unknown) => this.d.reports.line(toSerializedError(e).message))
      },
    }
  }

  /** Writes the current cache; a failure is the status's to show, not a reason to stop. */
  flush(): Promise<void> {
    return this.source.cache.flush().catch(() => undefined)
  }

  close(): Promise<void> {
    return this.source.connection.close()
  }
}

async function connect(d: DataSourceDeps, baseUrl: string | null): Promise<Connection> {
  const help = d.client?.help ?? APP_HELP
  // Demo mode never touches the keychain.
  if (baseUrl !== null) await d.key.load()
  return openConnection({
    baseUrl,
    apiKey: baseUrl === null ? () => null : d.key.provider(baseUrl, help.missingKey),
    clock: d.clock,
    rateGates: d.rateLimits.gates,
    embedded: d.embedded,
    client: d.client,
    userAgent: d.isPackaged === false ? 'LiquidityWatch/0.1 (development)' : 'LiquidityWatch/0.1',
  })
}
