// Engine status (connection, polling, staleness) plus the latest alert events for the shell.
import type { AlertEvent } from '../../../shared/alert-rules'
import type { EngineStatus } from '../../../shared/view-models'
import { api, errorMessage } from '../lib/api'

export class StatusStore {
  #status = $state.raw<EngineStatus | null>(null)
  #loadError = $state<string | null>(null)
  #refreshing = $state(false)
  #lastEvents = $state.raw<AlertEvent[]>([])

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

  start(): () => void {
    const offStatus = api().onStatusChanged((s) => {
      this.#status = s
      this.#loadError = null
    })
    const offEvents = api().onAlertEvents((events) => {
      if (events.length) this.#lastEvents = events
    })
    api()
      .getStatus()
      .then((s) => {
        this.#status ??= s
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
      this.#status = await api().refreshNow()
      this.#loadError = null
    } catch (e) {
      this.#loadError = errorMessage(e)
    } finally {
      this.#refreshing = false
    }
  }
}
