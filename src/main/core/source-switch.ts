// Switching data source: another service gets its own connection, cache and alert state.
import { LiquidityError, toSerializedError } from '../../shared/errors'
import { cacheNamespace } from '../engine/storage/cache-namespace'
import type { CycleAlertStore } from '../engine/poll/cycle'
import type { CoreParts } from './core-parts'

/**
 * Connection and cache are opened first and swapped in together, so no request of one source
 * lands in the other's cache. `onSwapped` runs at the moment of the swap (before the old ones close).
 */
export async function switchSource(
  p: CoreParts,
  baseUrl: string | null,
  onSwapped: () => void,
): Promise<void> {
  const source = cacheNamespace(baseUrl)
  const oldConnection = p.connection
  const oldCache = p.cache
  const connection = await p.connect(baseUrl)
  const cache =
    source === p.source
      ? oldCache
      : await p.openCache(source).catch(async (e: unknown) => {
          await connection.close()
          throw e
        })
  p.connection = connection
  p.cache = cache
  p.source = source
  onSwapped()
  p.alerts.useSource(source)
  const alertsSaved = p.saves.save(p.alerts)
  await oldConnection.close()
  if (cache !== oldCache)
    await oldCache.flush().catch((e: unknown) => p.reports.line(toSerializedError(e).message))
  await alertsSaved
}

/** A cycle that began on another source may not advance the alert state: its data is not this source's. */
export function alertsForSource(p: CoreParts, source: string): CycleAlertStore {
  const store = p.alerts
  return {
    get state() {
      return store.state
    },
    label: store.label,
    path: store.path,
    advance: (state, events) => {
      if (p.source !== source)
        throw new LiquidityError('cancelled', 'The data source changed during the refresh.')
      store.advance(state, events)
    },
    save: () => store.save(),
  }
}
