// Persists the alert engine's state and a bounded event history in one JSON file, atomically.
// A file that fails to parse or validate is quarantined and the engine starts fresh; a fresh state
// begins with a backfill cycle, so alerts that were firing are not notified again.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { AlertEvent, AlertEventType } from '../../../shared/alert-rules'
import { quarantine, readFileIfExists, writeFileAtomic } from '../atomic-file'
import {
  alertEventSchema,
  engineStateSchema,
  freshState,
  type AlertEngineState,
} from './engine-state'

export const ALERT_STATE_FILE = 'alert-state.json'
export const DEFAULT_MAX_HISTORY = 1000

const fileSchema = z.object({
  version: z.literal(1),
  /** Cache namespace of the data source the state was built from (absent before namespacing). */
  source: z.string().optional(),
  state: engineStateSchema,
  /** Oldest first. */
  history: z.array(alertEventSchema),
})

export interface HistoryFilter {
  symbol?: string
  ruleId?: string
  type?: AlertEventType
  limit?: number
}

export interface AlertStateStoreOptions {
  maxHistory?: number
  /** Names the quarantined file. */
  now?: () => Date
  /** The data source the engine reads now; a state built from another one is not continued. */
  source?: string
}

/**
 * A state for a different data source: instances, baselines and 'once' memory describe the old
 * source's data, so they go; a fresh state's first cycle is backfill and notifies nothing. Held
 * notifications are owed to the user whatever the source, and the id counter keeps counting.
 */
export function stateForNewSource(old: AlertEngineState): AlertEngineState {
  return { ...freshState(), seq: old.seq, held: old.held, heldOverflow: old.heldOverflow }
}

export class AlertStateStore {
  private writing: Promise<void> = Promise.resolve()

  private constructor(
    readonly path: string,
    private currentSource: string | undefined,
    private current: AlertEngineState,
    private log: AlertEvent[],
    private readonly maxHistory: number,
    /** Set when the file on disk was unreadable and moved aside. */
    readonly report: string | null,
  ) {}

  static async open(dir: string, opts: AlertStateStoreOptions = {}): Promise<AlertStateStore> {
    const maxHistory = opts.maxHistory ?? DEFAULT_MAX_HISTORY
    await mkdir(dir, { recursive: true })
    const path = join(dir, ALERT_STATE_FILE)
    const text = await readFileIfExists(path)
    const source = opts.source
    if (text === null) return new AlertStateStore(path, source, freshState(), [], maxHistory, null)
    const parsed = parseStateFile(text)
    if (parsed.ok) {
      // A file without a source predates namespacing: it belongs to the source the app starts with.
      const { state, source: was } = parsed.value
      const sameSource = source === undefined || was === undefined || was === source
      return new AlertStateStore(
        path,
        source ?? was,
        sameSource ? state : stateForNewSource(state),
        parsed.value.history.slice(-maxHistory),
        maxHistory,
        null,
      )
    }
    const aside = await quarantine(path, (opts.now ?? (() => new Date()))())
    const report =
      `The alert state file was unreadable (${parsed.reason}); it was moved to ${aside}. ` +
      'Alerts start fresh; ones already firing will not be notified again.'
    return new AlertStateStore(path, source, freshState(), [], maxHistory, report)
  }

  get state(): AlertEngineState {
    return this.current
  }

  get source(): string | undefined {
    return this.currentSource
  }

  /** The engine now reads another data source: its next cycle starts over (history is kept). */
  async switchSource(source: string): Promise<void> {
    if (source === this.currentSource) return
    this.currentSource = source
    this.current = stateForNewSource(this.current)
    await this.persist()
  }

  /** Newest first, optionally filtered. */
  history(filter: HistoryFilter = {}): AlertEvent[] {
    const out: AlertEvent[] = []
    const limit = filter.limit ?? this.maxHistory
    for (let i = this.log.length - 1; i >= 0 && out.length < limit; i--) {
      const e = this.log[i] as AlertEvent
      if (filter.symbol !== undefined && e.symbol !== filter.symbol) continue
      if (filter.ruleId !== undefined && e.ruleId !== filter.ruleId) continue
      if (filter.type !== undefined && e.type !== filter.type) continue
      out.push(e)
    }
    return out
  }

  /** Store a cycle's new state and its events with one write. */
  async commit(state: AlertEngineState, events: AlertEvent[]): Promise<void> {
    this.current = state
    this.push(events)
    await this.persist()
  }

  /** Log events made outside a cycle (e.g. the core's 'snoozed' entries). */
  async appendEvents(events: AlertEvent[]): Promise<void> {
    this.push(events)
    await this.persist()
  }

  private push(events: AlertEvent[]): void {
    this.log.push(...events)
    if (this.log.length > this.maxHistory)
      this.log = this.log.slice(this.log.length - this.maxHistory)
  }

  /** Resolves once every write asked for so far has landed (or failed). */
  settled(): Promise<void> {
    return this.writing.catch(() => undefined)
  }

  /** Writes are chained: a later write never lands before an earlier one. */
  private persist(): Promise<void> {
    const snapshot = JSON.stringify({
      version: 1,
      source: this.currentSource,
      state: this.current,
      history: this.log,
    })
    const next = this.writing
      .catch(() => undefined)
      .then(() => writeFileAtomic(this.path, snapshot))
    this.writing = next
    return next
  }
}

function parseStateFile(
  text: string,
): { ok: true; value: z.infer<typeof fileSchema> } | { ok: false; reason: string } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    return { ok: false, reason: `not JSON: ${(e as Error).message}` }
  }
  const r = fileSchema.safeParse(raw)
  if (r.success) return { ok: true, value: r.data }
  const first = r.error.issues[0]
  return {
    ok: false,
    reason: first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid',
  }
}
