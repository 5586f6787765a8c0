// The alert engine's state and a bounded event history in one JSON file, saved atomically and
// apart from advancing (a failed save loses nothing in memory). An unusable file is kept aside and
// the engine starts fresh after a reset (its first cycle is backfill: nothing firing is told again);
// a newer version's file is left as it is, and the engine runs in memory only.
import { join } from 'node:path'
import { z } from 'zod'
import { alertEventSchema, type AlertEvent } from '../../../shared/alert-rules'
import type { historyFilterSchema } from '../../../shared/ipc-contract'
import { SnapshotFile } from './atomic-file'
import type { Saveable } from './save-health'
import { openStateFile } from './state-file'
import { engineStateSchema } from '../../../shared/alert-state'
import { freshState } from '../alerts/engine-state'
import type { AlertEngineState } from '../alerts/model'

export const ALERT_STATE_FILE = 'alert-state.json'
export const DEFAULT_MAX_HISTORY = 1000
const VERSION = 1

const fileSchema = z.object({
  version: z.literal(VERSION),
  /** Cache namespace of the data source the state was built from (absent before namespacing). */
  source: z.string().optional(),
  state: engineStateSchema,
  history: z.array(alertEventSchema), // oldest first
})

/** The history filter the app's IPC call takes. */
type HistoryFilter = z.infer<typeof historyFilterSchema>

interface AlertStateStoreOptions {
  maxHistory?: number
  /** Names the quarantined file. */
  now?: () => Date
  /** The data source the engine reads now; a state built from another one is not continued. */
  source?: string
}

/** A state for another data source keeps only what is not about the old one's data: held alerts
 *  (owed whatever the source) and the id counter. */
export function stateForNewSource(old: AlertEngineState): AlertEngineState {
  return { ...freshState(), seq: old.seq, held: old.held, heldOverflow: old.heldOverflow }
}

export class AlertStateStore implements Saveable {
  readonly label = 'the alert state'
  private readonly file: SnapshotFile

  private constructor(
    readonly path: string,
    private currentSource: string | undefined,
    private current: AlertEngineState,
    private log: AlertEvent[],
    private readonly maxHistory: number,
    /** Set when the file on disk could not be used: what happened and where the old file is. */
    readonly report: string | null,
    /** The version that wrote the file when a newer app did: then read-only. */
    readonly newerVersion: number | null = null,
  ) {
    const text = (): string => {
      const { source, state, log: history } = this
      return JSON.stringify({ version: VERSION, source, state, history })
    }
    this.file = new SnapshotFile(path, text, newerVersion !== null)
  }

  static async open(dir: string, opts: AlertStateStoreOptions = {}): Promise<AlertStateStore> {
    const maxHistory = opts.maxHistory ?? DEFAULT_MAX_HISTORY
    const path = join(dir, ALERT_STATE_FILE)
    const { source } = opts
    const opened = await openStateFile({
      path,
      schema: fileSchema,
      version: VERSION,
      label: 'The alert state file',
      consequence:
        'alerts start fresh: ones you were notified of in the last day are not notified again, and the alert history starts empty',
      whileNewer:
        'alerts start fresh and what they notify is not remembered once Liquidity Watch closes, and the alert history starts empty',
      now: (opts.now ?? (() => new Date()))(),
    })
    // A report means a file was there but could not be used: a reset, not a first run.
    const { report, newer } = opened
    const fresh = { state: freshState(report !== null), source: undefined, history: [] }
    // A file without a source predates namespacing: it belongs to the source the app starts with.
    const { state, source: was, history } = opened.value ?? fresh
    const sameSource = source === undefined || was === undefined || was === source
    const kept = sameSource ? state : stateForNewSource(state)
    const log = history.slice(-maxHistory)
    return new AlertStateStore(path, source ?? was, kept, log, maxHistory, report, newer)
  }

  get state(): AlertEngineState {
    return this.current
  }

  get source(): string | undefined {
    return this.currentSource
  }

  /** The engine now reads another data source: its next cycle starts over (history is kept). */
  useSource(source: string): void {
    if (source === this.currentSource) return
    this.currentSource = source
    this.current = stateForNewSource(this.current)
    this.file.changed()
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

  /** A cycle's new state and its events, in memory: what the next cycle continues from. */
  advance(state: AlertEngineState, events: AlertEvent[]): void {
    this.current = state
    this.addEvents(events)
  }

  /** The user dismissed the away digest; false when there was none. */
  dismissAway(): boolean {
    if (this.current.away === null) return false
    this.current = { ...this.current, away: null }
    this.file.changed()
    return true
  }

  /** Logs events, a cycle's or ones made outside a cycle (the core's 'snoozed' entries), in memory. */
  addEvents(events: AlertEvent[]): void {
    this.file.changed()
    this.log.push(...events)
    if (this.log.length > this.maxHistory)
      this.log = this.log.slice(this.log.length - this.maxHistory)
  }

  /** Writes state and history whole; after a failed save the next one catches up. */
  save(): Promise<void> {
    return this.file.save()
  }

  /** Resolves once every write asked for so far has landed (or failed). */
  settled(): Promise<void> {
    return this.file.settled()
  }
}
