// One asset's detail for the asset view: loaded when opened, again after every poll and on Reload.
import type { AssetView } from '../../../shared/view-models'
import { api, errorKind, errorMessage } from '../lib/api'
import type { PollSignal } from './polls'
import { Resource } from './resource.svelte'

export class AssetStore {
  readonly detail: Resource<AssetView>

  constructor(
    readonly symbol: string,
    private readonly polls: PollSignal,
  ) {
    this.detail = new Resource((e) =>
      errorKind(e) === 'not-found'
        ? `${symbol} is not known to the service. ${errorMessage(e)}`
        : errorMessage(e),
    )
  }

  reload(): Promise<void> {
    return this.detail.load(() => api().getAsset(this.symbol))
  }

  /** Loads now and after each poll; returns the stop. */
  start(): () => void {
    const off = this.polls.keepFresh(() => this.reload())
    return () => {
      off()
      this.detail.cancel()
    }
  }
}
