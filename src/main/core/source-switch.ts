// Switching data source: another service gets its own connection, cache and alert state.
import { LiquidityError } from '../../shared/errors'
import type { AlertStateStore } from '../engine/storage/alert-state-store'
import type { CycleAlertStore } from '../engine/poll/cycle'
import type { SaveHealth } from '../engine/storage/save-health'
import type { DataSource } from './data-source'

export interface SwitchOwners {
  data: DataSource
  alerts: AlertStateStore
  saves: SaveHealth
  /** The poll loop (PollLoop), which sits above this module: only what a switch tells it. */
  poll: { sourceChanged(lastSuccessMs: number | null): void }
}

/**
 * The data source swaps connection and cache together; at the swap (before the old ones close)
 * the poll forgets the old source's last poll, then the alert state follows the new source.
 */
export async function switchSource(o: SwitchOwners, baseUrl: string | null): Promise<void> {
  const swapped = await o.data.switchTo(baseUrl)
  o.poll.sourceChanged(o.data.lastFetchedMs())
  o.alerts.useSource(o.data.current().name)
  const alertsSaved = o.saves.save(o.alerts)
  await swapped.retire()
  await alertsSaved
}

/** A cycle that began on another source may not advance the alert state: its data is not this source's. */
export function alertsForSource(
  store: AlertStateStore,
  data: Pick<DataSource, 'current'>,
  source: string,
): CycleAlertStore {
  return {
    get state() {
      return store.state
    },
    label: store.label,
    path: store.path,
    newerVersion: store.newerVersion,
    advance: (state, events) => {
      if (data.current().name !== source)
        throw new LiquidityError('cancelled', 'The data source changed during the refresh.')
      store.advance(state, events)
    },
    save: () => store.save(),
  }
}
