// The durable outbox: every message to a contact point is written here before it is sent, and
// marked sent only after the receiver said yes (a crash in between means one more attempt, which
// the message's stable id makes harmless where the receiver de-duplicates). Synchronous node:sqlite
// calls, each a transaction: a SIGKILL leaves every message either queued or settled, never lost.
import type { DatabaseSync } from 'node:sqlite'
import type { ContactPointKind } from '../../../shared/contact-points'
import type {
  DeliveryRecord,
  DeliveryState,
  OutboundMessage,
  QueuedMessage,
  SendAnswer,
} from './model'
import { describeSqliteError } from '../history/sqlite-error'
import { openOutboxDb } from './outbox-file'
import { failingPoints, type FailingContactPoint } from './outbox-health'
import { releaseHeldRows } from './outbox-held'
import { DAMAGED_NOTE, readMessage, record, type Row } from './outbox-row'
import {
  DEFAULT_RETENTION,
  isBusy,
  pruneFinished,
  type PruneOptions,
  type Retention,
} from './outbox-retention'
import { countOutcome, logAttempt, readCounters, type OutboxOutcome } from './outbox-tally'

export type { FailingContactPoint } from './outbox-health'
export type { OutboxOutcome } from './outbox-tally'
export type { PruneOptions } from './outbox-retention'

/** A queued message as the sender takes it. */
export interface OutboxEntry {
  seq: number
  kind: ContactPointKind
  message: OutboundMessage
  attempts: number
  nextAttemptAt: number
}

export class Outbox {
  readonly #db: DatabaseSync
  /** What was done with a file that could not be used, in plain words; null when all was well. */
  readonly report: string | null

  readonly #retention: Retention

  readonly #path: string
  /** The last prune failure said (said once until a prune succeeds). */
  #pruneSaid: string | null = null

  private constructor(db: DatabaseSync, report: string | null, retention: Retention, path: string) {
    this.#db = db
    this.report = report
    this.#retention = retention
    this.#path = path
  }

  /** Opens (or starts) the outbox; never throws (see outbox-file.ts). */
  static open(path: string, now: Date, retention: Retention = DEFAULT_RETENTION): Outbox {
    const { db, report } = openOutboxDb(path, now)
    return new Outbox(db, report, retention, path)
  }

  /**
   * Deletes finished messages past the retention (outbox-retention.ts); queued ones, and finished
   * ones younger than the delivery age limit, stay. Never throws: a file another process holds is
   * pruned next time, silently; any other failure (a read-only or full disk, a damaged file) is
   * said once through `log`, in plain words, until a prune succeeds again.
   */
  prune(now: Date, contactPoint: string | null = null, o: PruneOptions = {}): number {
    try {
      const n = pruneFinished(this.#db, now, this.#retention, contactPoint, o.keepYoungerThanMs)
      this.#pruneSaid = null
      return n
    } catch (e) {
      if (isBusy(e)) return 0
      const said = `Old messages could not be removed from the delivery outbox (${this.#path}): ${describeSqliteError(e, this.#path)}. They stay until a later try succeeds.`
      if (said !== this.#pruneSaid) o.log?.(said)
      this.#pruneSaid = said
      return 0
    }
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close()
  }

  #tx<T>(fn: () => T): T {
    this.#db.exec('BEGIN IMMEDIATE')
    try {
      const r = fn()
      this.#db.exec('COMMIT')
      return r
    } catch (e) {
      this.#db.exec('ROLLBACK')
      throw e
    }
  }

  /** Writes the messages in one transaction; one already there (same id) is left as it is. */
  enqueue(items: readonly QueuedMessage[]): void {
    if (items.length === 0) return
    const insert = this.#db.prepare(
      `INSERT OR IGNORE INTO message (id, contact_point, kind, status, body, created_at,
        next_attempt_at, hold_until) VALUES (?, ?, ?, 'queued', ?, ?, ?, ?)`,
    )
    this.#tx(() => {
      for (const { message: m, kind, holdUntil } of items)
        insert.run(
          m.id,
          m.contactPointId,
          kind,
          JSON.stringify(m),
          m.createdAt,
          Date.parse(m.createdAt),
          holdUntil,
        )
    })
  }

  /**
   * Messages held (quiet hours) whose hold is over become one digest message, in one transaction
   * (outbox-held.ts); a held row that cannot be read is skipped with a note.
   */
  releaseHeld(contactPoint: string, now: Date): void {
    releaseHeldRows(this.#db, contactPoint, now, {
      tx: (fn) => this.#tx(fn),
      skipDamaged: (r) => this.#skipDamaged(r),
    })
  }

  /**
   * A new session (app start, a check) tries queued messages at once: its own back-off starts
   * afresh. Only a wait the receiver asked for (Retry-After) still holds.
   */
  startSession(now: Date, prune: PruneOptions = {}): void {
    this.prune(now, null, prune)
    this.#db
      .prepare(
        `UPDATE message SET next_attempt_at = MAX(COALESCE(asked_until, 0), ?)
          WHERE status = 'queued' AND next_attempt_at > ?`,
      )
      .run(now.getTime(), now.getTime())
  }

  /** Contact points with messages still to send (held or not). */
  queuedContactPoints(): string[] {
    const rows = this.#db
      .prepare(`SELECT DISTINCT contact_point FROM message WHERE status = 'queued'`)
      .all() as { contact_point: string }[]
    return rows.map((r) => r.contact_point)
  }

  /**
   * The oldest message of a contact point not held: sending keeps each contact point's order. A
   * row that cannot be read is marked failed with a note and passed over, so its queue goes on.
   */
  head(contactPoint: string): OutboxEntry | null {
    const get = this.#db.prepare(
      `SELECT * FROM message WHERE contact_point = ? AND status = 'queued' AND hold_until IS NULL
        ORDER BY seq LIMIT 1`,
    )
    for (;;) {
      const r = get.get(contactPoint) as Row | undefined
      if (r === undefined) return null
      const message = readMessage(r.body)
      if (message === null) {
        this.#skipDamaged(r)
        continue
      }
      return {
        seq: r.seq,
        kind: r.kind as ContactPointKind,
        message,
        attempts: r.attempts,
        nextAttemptAt: r.next_attempt_at,
      }
    }
  }

  #skipDamaged(r: Row): void {
    this.#tx(() => {
      this.#db
        .prepare(
          `UPDATE message SET status = 'failed', last_error = ?, hold_until = NULL WHERE seq = ?`,
        )
        .run(DAMAGED_NOTE, r.seq)
      countOutcome(this.#db, r.contact_point, 'failed')
    })
  }

  /** When a held message of the contact point is due (ms), or null. */
  nextHoldEnd(contactPoint: string): number | null {
    const r = this.#db
      .prepare(
        `SELECT MIN(hold_until) AS t FROM message WHERE contact_point = ? AND status = 'queued'`,
      )
      .get(contactPoint) as { t: number | null }
    return r.t
  }

  /**
   * One attempt's answer: sent, failed for good, or queued again for `retryAt` (ms). The message,
   * the attempt log and the counters change in one transaction.
   */
  settleAttempt(entry: OutboxEntry, answer: SendAnswer, at: Date, retryAt: number | null): void {
    const cp = entry.message.contactPointId
    // A wait the receiver asked for (Retry-After) holds across restarts; our own back-off does not.
    const askedUntil =
      !answer.ok && answer.retryAfterMs !== null && retryAt !== null
        ? Math.min(retryAt, at.getTime() + answer.retryAfterMs)
        : null
    const status: DeliveryState = answer.ok ? 'sent' : retryAt === null ? 'failed' : 'queued'
    this.#tx(() => {
      this.#db
        .prepare(
          `UPDATE message SET status = ?, attempts = attempts + 1, last_error = ?, last_answer = ?,
            next_attempt_at = ?, asked_until = ?, sent_at = ? WHERE seq = ?`,
        )
        .run(
          status,
          answer.ok ? null : answer.said,
          answer.said,
          retryAt ?? entry.nextAttemptAt,
          askedUntil,
          answer.ok ? at.toISOString() : null,
          entry.seq,
        )
      logAttempt(this.#db, cp, at, answer.ok, answer.said)
      countOutcome(this.#db, cp, answer.ok ? 'sent' : 'attempt-failed')
      if (status === 'failed') countOutcome(this.#db, cp, 'failed')
    })
  }

  /** Notes why a message waits without an attempt (no channel, no secret); it stays queued. */
  noteWaiting(entry: OutboxEntry, why: string): void {
    this.#db.prepare('UPDATE message SET last_error = ? WHERE seq = ?').run(why, entry.seq)
  }

  /** Gives a message up with a visible note (too old): kept in the log as dropped, never silently. */
  drop(entry: OutboxEntry, note: string): void {
    this.#tx(() => {
      this.#db
        .prepare(`UPDATE message SET status = 'dropped', last_error = ? WHERE seq = ?`)
        .run(note, entry.seq)
      countOutcome(this.#db, entry.message.contactPointId, 'dropped')
    })
  }

  /** The delivery log, newest first. */
  list(limit: number): DeliveryRecord[] {
    const rows = this.#db
      .prepare('SELECT * FROM message ORDER BY seq DESC LIMIT ?')
      .all(Math.max(0, Math.floor(limit))) as unknown as Row[]
    return rows.map(record)
  }

  /** The records of these message ids (a check's own deliveries), in the order given. */
  records(ids: readonly string[]): DeliveryRecord[] {
    const get = this.#db.prepare('SELECT * FROM message WHERE id = ?')
    return ids.flatMap((id) => {
      const r = get.get(id) as Row | undefined
      return r === undefined ? [] : [record(r)]
    })
  }

  /** Messages still to send (held ones included). */
  depth(): number {
    const r = this.#db
      .prepare(`SELECT COUNT(*) AS n FROM message WHERE status = 'queued'`)
      .get() as { n: number }
    return r.n
  }

  /** Per contact point, how often each outcome happened since the file began. */
  counters(): { contactPoint: string; outcome: OutboxOutcome; n: number }[] {
    return readCounters(this.#db)
  }

  /** Failed attempts per contact point since the file began (the daemon's failure counter). */
  failuresByContactPoint(): Record<string, number> {
    const out: Record<string, number> = {}
    for (const c of this.counters()) if (c.outcome === 'attempt-failed') out[c.contactPoint] = c.n
    return out
  }

  /** Contact points that keep failing (outbox-health.ts), for the tray, status bar and log. */
  failingContactPoints(now: Date): FailingContactPoint[] {
    return failingPoints(this.#db, now)
  }
}
