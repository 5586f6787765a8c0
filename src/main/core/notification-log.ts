// Recent notification decisions (sent, held, suppressed) for the Alerts view; bounded, newest first,
// kept in one JSON file in the data dir so a restart does not forget what was (not) notified.
// Each record is checked on load; a file that cannot be read is set aside and the log starts empty
// (a newer version's is left as it is, and this version lists in memory only).
// Memory first: a decision is listed at once, and saving it is a separate step that may fail.
import { join } from 'node:path'
import { z } from 'zod'
import { notificationDecisionSchema, type NotificationDecision } from '../../shared/alert-rules'
import type { LoggedDecision } from '../../shared/ipc-contract'
import { SnapshotFile } from '../engine/storage/atomic-file'
import type { Saveable } from '../engine/storage/save-health'
import { openStateFile } from '../engine/storage/state-file'

export const NOTIFICATION_LOG_SIZE = 200
export const NOTIFICATION_LOG_FILE = 'notification-log.json'
const VERSION = 1

const fileSchema = z.object({
  version: z.literal(VERSION),
  /** Newest first. */
  items: z.array(z.object({ at: z.string().datetime(), decision: notificationDecisionSchema })),
})

export interface NotificationLogOptions {
  max?: number
  /** Names a quarantined file. */
  now?: () => Date
}

export class NotificationLog implements Saveable {
  readonly label = 'the notification log'
  /** A plain sentence when the file on disk could not be used and was set aside, else null. */
  report: string | null = null
  private readonly file: SnapshotFile

  private constructor(
    readonly path: string,
    private items: LoggedDecision[],
    private readonly max: number,
    keptAsIs: boolean,
  ) {
    const text = (): string => JSON.stringify({ version: VERSION, items: this.items })
    this.file = new SnapshotFile(path, text, keptAsIs)
  }

  static async open(dir: string, opts: NotificationLogOptions = {}): Promise<NotificationLog> {
    const max = opts.max ?? NOTIFICATION_LOG_SIZE
    const path = join(dir, NOTIFICATION_LOG_FILE)
    const opened = await openStateFile({
      path,
      schema: fileSchema,
      version: VERSION,
      label: 'The notification log',
      consequence: 'the list of recent notifications starts empty (alerts are not affected)',
      whileNewer:
        'the list of recent notifications starts empty and is not kept once Liquidity Watch closes',
      now: (opts.now ?? (() => new Date()))(),
    })
    const items = opened.value?.items.slice(0, max) ?? []
    const log = new NotificationLog(path, items, max, opened.newer !== null)
    log.report = opened.report
    return log
  }

  /** Adds a batch in memory: list() shows it at once; save() writes it. */
  add(at: Date, decisions: NotificationDecision[]): void {
    if (decisions.length === 0) return
    const stamp = at.toISOString()
    for (const decision of decisions) this.items.unshift({ at: stamp, decision })
    if (this.items.length > this.max) this.items.length = this.max
    this.file.changed()
  }

  /** Symbols of notifications sent at or after sinceMs. */
  symbolsSentSince(sinceMs: number): Set<string> {
    const out = new Set<string>()
    for (const { at, decision } of this.list()) {
      if (decision.status === 'sent' && decision.symbol !== null && Date.parse(at) >= sinceMs)
        out.add(decision.symbol)
    }
    return out
  }

  list(): LoggedDecision[] {
    return this.items.map((x) => ({ ...x }))
  }

  /** Writes the log whole; nothing happens when nothing changed since the last write that landed. */
  save(): Promise<void> {
    return this.file.save()
  }

  /** Resolves once every write asked for so far has landed (or failed). */
  settled(): Promise<void> {
    return this.file.settled()
  }
}
