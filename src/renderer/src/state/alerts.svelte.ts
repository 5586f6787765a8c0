// Alert rules, live instances, history and notification decisions for the Alerts view.
import type {
  AlertEvent,
  AlertEventType,
  AlertInstance,
  AlertRule,
} from '../../../shared/alert-rules'
import type { AwayDigest } from '../../../shared/away-digest'
import type { LoggedDecision } from '../../../shared/ipc-contract'
import { api, errorMessage } from '../lib/api'
import type { PollSignal } from './polls'

export interface HistoryFilter {
  symbol: string
  ruleId: string
  type: AlertEventType | ''
}

export class AlertsStore {
  #rules = $state.raw<AlertRule[]>([])
  #instances = $state.raw<AlertInstance[]>([])
  #history = $state.raw<AlertEvent[]>([])
  #log = $state.raw<LoggedDecision[]>([])
  #away = $state.raw<AwayDigest | null>(null)
  #error = $state<string | null>(null)
  #loaded = $state(false)
  filter = $state<HistoryFilter>({ symbol: '', ruleId: '', type: '' })

  constructor(private readonly polls: PollSignal) {}

  get rules(): AlertRule[] {
    return this.#rules
  }
  get instances(): AlertInstance[] {
    return this.#instances
  }
  get history(): AlertEvent[] {
    return this.#history
  }
  get log(): LoggedDecision[] {
    return this.#log
  }
  /** What crossed while the user was away, until dismissed. */
  get away(): AwayDigest | null {
    return this.#away
  }
  get error(): string | null {
    return this.#error
  }
  get loaded(): boolean {
    return this.#loaded
  }

  start(): () => void {
    void this.#run(async () => {
      this.#rules = await api().getRules()
      await this.reloadLive()
      this.#loaded = true
    })
    // Instances move with every poll (readings, pending counts), not only when an event fires.
    const reload = (): void => void this.#run(() => this.reloadLive())
    const offEvents = api().onAlertEvents(reload)
    const offPolls = this.polls.subscribe(reload)
    return () => {
      offEvents()
      offPolls()
    }
  }

  async reloadLive(): Promise<void> {
    const [instances, log, away] = await Promise.all([
      api().getAlertInstances(),
      api().getNotificationLog(),
      api().getAwayDigest(),
    ])
    this.#instances = instances
    this.#log = log
    this.#away = away
    await this.reloadHistory()
  }

  async dismissAway(): Promise<void> {
    await this.#run(async () => {
      await api().dismissAwayDigest()
      this.#away = null
    })
  }

  async reloadHistory(): Promise<void> {
    const f = this.filter
    this.#history = await api().getAlertHistory({
      limit: 300,
      ...(f.symbol.trim() ? { symbol: f.symbol.trim() } : {}),
      ...(f.ruleId ? { ruleId: f.ruleId } : {}),
      ...(f.type ? { type: f.type } : {}),
    })
  }

  applyFilter(f: HistoryFilter): Promise<string | null> {
    this.filter = f
    return this.#run(() => this.reloadHistory())
  }

  /** Resolves to an error message, or null. */
  save(rule: AlertRule): Promise<string | null> {
    return this.#run(async () => (this.#rules = await api().saveRule(rule)), false)
  }
  remove(id: string): Promise<string | null> {
    return this.#run(async () => (this.#rules = await api().deleteRule(id)))
  }
  snooze(ruleId: string, symbol: string | null, minutes: number): Promise<string | null> {
    return this.#run(async () => {
      this.#rules = await api().snooze({ ruleId, symbol, minutes })
      this.#instances = await api().getAlertInstances()
    })
  }

  async #run(fn: () => Promise<unknown>, showError = true): Promise<string | null> {
    try {
      await fn()
      if (showError) this.#error = null
      return null
    } catch (e) {
      const msg = errorMessage(e)
      if (showError) this.#error = msg
      return msg
    }
  }
}
