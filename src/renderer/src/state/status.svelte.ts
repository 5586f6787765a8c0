// Engine status (connection, polling, staleness) plus the latest alert events for the shell.
import type { AlertEvent } from '../../../shared/alert-rules'
import type { DemoStoryRequest } from '../../../shared/demo-stories'
import type { EngineStatus } from '../../../shared/view-models'
import { api, errorMessage } from '../lib/api'
import type { PollSignal } from './polls'

export class StatusStore {
  #status = $state.raw<EngineStatus | null>(null)
  #loadError = $state<string | null>(null)
  #refreshing = $state(false)
  #lastEvents = $state.raw<AlertEvent[]>([])
  #pausing = $state(false)
  #pauseError = $state<string | null>(null)
  #storyError = $state<string | null>(null)

  /** Every status received also tells `polls` whether a poll finished. */
  constructor(private readonly polls: PollSignal) {}

  get status(): EngineStatus | null {
    return this.#status
  }
  get loadError(): string | null {
    return this.#loadError
  }
  get refreshing(): boolean {
    return this.#refreshing || (this.#status?.refreshing ?? false)
  }
  get lastEvents(): AlertEvent[] {
    return this.#lastEvents
  }
  get pausing(): boolean {
    return this.#pausing
  }
  get pauseError(): string | null {
    return this.#pauseError
  }
  /** Why the last demo story could not be played (null: it was). */
  get storyError(): string | null {
    return this.#storyError
  }

  start(): () => void {
    const offStatus = api().onStatusChanged((s) => {
      this.#take(s)
      this.#loadError = null
    })
    const offEvents = api().onAlertEvents((events) => {
      if (events.length) this.#lastEvents = events
    })
    api()
      .getStatus()
      .then((s) => {
        if (!this.#status) this.#take(s)
      })
      .catch((e: unknown) => (this.#loadError = errorMessage(e)))
    return () => {
      offStatus()
      offEvents()
    }
  }

  async refreshNow(): Promise<void> {
    this.#refreshing = true
    try {
      this.#take(await api().refreshNow())
      this.#loadError = null
    } catch (e) {
      this.#loadError = errorMessage(e)
    } finally {
      this.#refreshing = false
    }
  }

  /** Silences alert notifications for `minutes` (0 resumes them). */
  async pauseNotifications(minutes: number): Promise<void> {
    this.#pausing = true
    try {
      this.#take(await api().pauseNotifications(minutes))
      this.#pauseError = null
    } catch (e) {
      this.#pauseError = errorMessage(e)
    } finally {
      this.#pausing = false
    }
  }

  /** Demo mode: plays a story on the demo data, or ends it. */
  async playDemoStory(story: DemoStoryRequest['story']): Promise<void> {
    try {
      this.#take(await api().playDemoStory({ story }))
      this.#storyError = null
    } catch (e) {
      this.#storyError = errorMessage(e)
    }
  }

  #take(s: EngineStatus): void {
    this.#status = s
    this.polls.observe(s)
  }
}
