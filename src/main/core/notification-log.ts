// Recent notification decisions (sent, held, suppressed) for the Alerts view; bounded, newest first,
// kept in one JSON file in the data dir so a restart does not forget what was (not) notified.
// Each record is checked on load; a file that cannot be read is set aside and the log starts empty.
import { mkdir } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { z } from 'zod'
import type { NotificationDecision } from '../../shared/alert-rules'
import type { LoggedDecision } from '../../shared/ipc-contract'
import { notificationDecisionSchema } from '../engine/alerts/decision-schema'
import { quarantine, readFileIfExists, writeFileAtomic } from '../engine/atomic-file'

export const NOTIFICATION_LOG_SIZE = 200
export const NOTIFICATION_LOG_FILE = 'notification-log.json'

const fileSchema = z.object({
  version: z.literal(1),
  /** Newest first. */
  items: z.array(z.object({ at: z.string().datetime(), decision: notificationDecisionSchema })),
})

export interface NotificationLogOptions {
  max?: number
  /** Names a quarantined file. */
  now?: () => Date
}

export class NotificationLog {
  /** A plain sentence when the file on disk was unreadable and set aside, else null. */
  report: string | null = null
  private writing: Promise<void> = Promise.resolve()

  private constructor(
    readonly path: string,
    private items: LoggedDecision[],
    private readonly max: number,
  ) {}

  static async open(dir: string, opts: NotificationLogOptions = {}): Promise<NotificationLog> {
    const max = opts.max ?? NOTIFICATION_LOG_SIZE
    await mkdir(dir, { recursive: true })
    const path = join(dir, NOTIFICATION_LOG_FILE)
    let reason: string
    try {
      const text = await readFileIfExists(path)
      if (text === null) return new NotificationLog(path, [], max)
      const parsed = fileSchema.safeParse(JSON.parse(text))
      if (parsed.success) return new NotificationLog(path, parsed.data.items.slice(0, max), max)
      const first = parsed.error.issues[0]
      reason = first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'
    } catch (e) {
      reason =
        e instanceof SyntaxError
          ? 'not valid JSON'
          : ((e as NodeJS.ErrnoException).code ?? (e as Error).message)
    }
    const log = new NotificationLog(path, [], max)
    let where: string
    try {
      where = `it was kept as ${basename(await quarantine(path, (opts.now ?? (() => new Date()))()))}`
    } catch (e) {
      where = `it could not be moved aside (${(e as Error).message}) and will be replaced`
    }
    log.report = `The notification log could not be read (${reason}), so it starts empty; ${where}.`
    return log
  }

  /** Adds a batch (one write for all of it). Memory first: list() shows it even if the write fails. */
  record(at: Date, decisions: NotificationDecision[]): Promise<void> {
    if (decisions.length === 0) return Promise.resolve()
    const stamp = at.toISOString()
    for (const decision of decisions) this.items.unshift({ at: stamp, decision })
    if (this.items.length > this.max) this.items.length = this.max
    return this.persist()
  }

  list(): LoggedDecision[] {
    return this.items.map((x) => ({ ...x }))
  }

  /** Resolves once every write asked for so far has landed (or failed). */
  settled(): Promise<void> {
    return this.writing.catch(() => undefined)
  }

  /** Writes are chained: a later one never lands before an earlier one. */
  private persist(): Promise<void> {
    const snapshot = JSON.stringify({ version: 1, items: this.items })
    const next = this.writing
      .catch(() => undefined)
      .then(() => writeFileAtomic(this.path, snapshot))
    this.writing = next
    return next
  }
}
