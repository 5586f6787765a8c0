// The renderer's state, made and started by main.ts before the shell is mounted: the first
// requests go out first, and the engine reads its cache while the shell renders.
import { api } from '../lib/api'
import { warmFormatters } from '../lib/format'
import { Clock } from './clock.svelte'
import { PollSignal } from './polls'
import { Router } from './router.svelte'
import { StatusStore } from './status.svelte'
import { Theme } from './theme.svelte'
import { WatchlistStore } from './watchlist.svelte'

export interface AppState {
  router: Router
  clock: Clock
  theme: Theme
  status: StatusStore
  watchlist: WatchlistStore
  /** Finished polls: the views' stores (asset, series, analytics, alerts) reload on each. */
  polls: PollSignal
}

export function createAppState(): AppState {
  const polls = new PollSignal()
  return {
    router: new Router(),
    clock: new Clock(),
    theme: new Theme(),
    status: new StatusStore(polls),
    watchlist: new WatchlistStore(),
    polls,
  }
}

/** Subscribes to the engine and sends the first requests; returns the function that stops it all. */
export function startAppState({ router, clock, theme, status, watchlist }: AppState): () => void {
  const stops = [
    watchlist.start(),
    status.start(),
    clock.start(),
    theme.start(),
    api().onNavigate((e) => router.open(e.view, e.symbol)),
  ]
  // The requests are out: load the number and time formats (ICU data) while they run.
  const warm = setTimeout(warmFormatters)
  return () => {
    clearTimeout(warm)
    stops.forEach((stop) => stop())
  }
}
