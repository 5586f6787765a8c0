// Persists the alert engine's state and a bounded event history in one JSON file, atomically.
// Memory first: a cycle advances the state in memory, and saving is a separate step that may fail
// (full or read-only disk) without losing the advance. A file that cannot be read or validated is
// kept aside and the engine starts fresh after a reset: its first cycle is backfill, so alerts
// that were firing are not notified again. A newer version's file is left as it is: the engine
// starts fresh the same way, in memory only, and nothing is written to it.
import { join } from 'node:path'
import { z } from 'zod'
import { alertEventSchema, type AlertEvent, type AlertEventType } from '../../../shared/alert-rules'
import { SnapshotFile } from '../storage/atomic-file'
import type { Saveable } from '../storage/save-health'
import { openStateFile } from '../storage/state-file'
import { engineStateSchema, freshState } from './engine-state'
import type { AlertEngineState } from './model'

export const ALERT_STATE_FILE = 'alert-state.json'
export const DEFAULT_MAX_HISTORY = 1000
const VERSION = 1

const fileSchema = z.object({
  version: z.literal(VERSION),
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
 * source's data, so they go; what is under way on the new source is told once, as such. Held
 * notifications are owed to the user whatever the source, and the id counter keeps counting.
 */
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
    /** The version that wrote the file when a newer app did: never written here (read-only). */
    readonly newerVersion: number | null = null,
  ) {
    this.file = new SnapshotFile(
      path,
      () =>
        JSON.stringify({
          version: VERSION,
          source: this.currentSource,
          state: this.current,
          history: this.log,
        }),
      newerVersion !== null,
    )
  }

  static async open(dir: string, opts: AlertStateStoreOptions = {}): Promise<AlertStateStore> {
    const maxHistory = opts.maxHistory ?? DEFAULT_MAX_HISTORY
    const path = join(dir, ALERT_STATE_FILE)
    const source = opts.source
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
    if (opened.value === null)
      // A report means a file was there but could not be used: a reset, not a first run.
      return new AlertStateStore(
        path,
        source,
        freshState(opened.report !== null),
        [],
        maxHistory,
        opened.report,
        opened.newer,
      )
    // A file without a source predates namespacing: it belongs to the source the app starts with.
    const { state, source: was, history } = opened.value
    const sameSource = source === undefined || was === undefined || was === source
    return new AlertStateStore(
      path,
      source ?? was,
      sameSource ? state : stateForNewSource(state),
      history.slice(-maxHistory),
      maxHistory,
      null,
    )
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
    this.push(events)
  }

  /** The user dismissed the away digest; false when there was none. */
  dismissAway(): boolean {
    if (this.current.away === null) return false
    this.current = { ...this.current, away: null }
    this.file.changed()
    return true
  }

  /** Logs events made outside a cycle (e.g. the core's 'snoozed' entries), in memory. */
  addEvents(events: AlertEvent[]): void {
    this.push(events)
  }

  private push(events: AlertEvent[]): void {
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
