// One asset's daily TVL and volume series over a chosen range: reloaded when the range changes
// and after every poll.
import type { SeriesView } from '../../../shared/view-models'
import { api } from '../lib/api'
import type { PollSignal } from './polls'
import { Resource } from './resource.svelte'

export const SERIES_RANGES = [7, 30, 90, 180, 365] as const

export class SeriesStore {
  readonly series = new Resource<SeriesView>()
  #days = $state(90)

  constructor(
    readonly symbol: string,
    private readonly polls: PollSignal,
  ) {}

  get days(): number {
    return this.#days
  }

  setDays(days: number): void {
    if (days === this.#days) return
    this.#days = days
    void this.reload()
  }

  reload(): Promise<void> {
    const days = this.#days
    return this.series.load(() => api().getAssetSeries(this.symbol, days))
  }

  /** Loads now and after each poll; returns the stop. */
  start(): () => void {
    const off = this.polls.keepFresh(() => this.reload())
    return () => {
      off()
      this.series.cancel()
    }
  }
}
