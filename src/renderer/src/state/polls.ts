// "A poll finished": read off the engine's status events (the IPC contract has no event of its
// own for it). Stores that show polled data subscribe and reload after each.
import type { EngineStatus } from '../../../shared/view-models'

export class PollSignal {
  /** lastAttemptAt of the last finished poll seen; undefined before the first status. */
  #last: string | undefined = undefined
  /** Not reactive: called directly, in order. */
  #listeners: (() => void)[] = []

  /** Fed every status the renderer receives (event or reply); tells subscribers once per finished poll. */
  observe(s: EngineStatus): void {
    if (s.refreshing || s.lastAttemptAt === null) return
    // ISO instants order as text; a reply that arrives after a newer event is not a new poll.
    if (this.#last !== undefined && s.lastAttemptAt <= this.#last) return
    this.#last = s.lastAttemptAt
    for (const fn of this.#listeners) fn()
  }

  /** Calls `fn` after each finished poll; returns the unsubscribe. */
  subscribe(fn: () => void): () => void {
    this.#listeners = [...this.#listeners, fn]
    return () => void (this.#listeners = this.#listeners.filter((f) => f !== fn))
  }

  /** Runs `reload` now and after each finished poll; returns the stop. */
  keepFresh(reload: () => Promise<void>): () => void {
    void reload()
    return this.subscribe(() => void reload())
  }
}
