// How long the outbox keeps finished messages (sent, failed, dropped): the delivery log shows
// recent history, and a daemon running for months does not grow outbox.sqlite without bound.
// Queued messages are never pruned here (the sender's age limit drops those, with a note), nor
// finished ones younger than that limit (their id prevents a second send).
import type { DatabaseSync } from 'node:sqlite'

export interface Retention {
  /** Finished messages queued longer ago than this (ms, on the injected clock) are deleted. */
  maxAgeMs: number
  /** At most this many finished messages are kept per contact point (the newest). */
  keepPerPoint: number
}

export const DEFAULT_RETENTION: Retention = { maxAgeMs: 30 * 24 * 3_600_000, keepPerPoint: 500 }

/** How a prune treats young rows and where it says why it failed. */
export interface PruneOptions {
  /** Finished rows queued less than this ago stay (the delivery age limit; default the longest). */
  keepYoungerThanMs?: number
  log?: (line: string) => void
}

/** Another connection holds the file (SQLITE_BUSY, SQLITE_LOCKED): try again next time. */
export function isBusy(e: unknown): boolean {
  const err = e as { code?: string; errcode?: number } | null
  if (err?.code !== 'ERR_SQLITE_ERROR' || typeof err.errcode !== 'number') return false
  const primary = err.errcode & 0xff
  return primary === 5 || primary === 6
}

/** The longest delivery age limit settings allow (deliveryMaxAgeHours at most 7 days). */
export const LONGEST_DELIVERY_AGE_MS = 7 * 24 * 3_600_000

/**
 * Deletes the finished messages past the retention (of one contact point, or of all); returns how
 * many. Ages count from when a message was queued (created_at), on the caller's clock.
 *
 * A row queued less than `keepYoungerThanMs` ago (the delivery age limit) is kept whatever the cap
 * says: its id is what tells a message decided again (the same id) from a new one, and without the
 * row a message still young enough to send would be sent a second time.
 */
export function pruneFinished(
  db: DatabaseSync,
  now: Date,
  retention: Retention,
  contactPoint: string | null = null,
  keepYoungerThanMs: number = LONGEST_DELIVERY_AGE_MS,
): number {
  const iso = (ms: number): string => new Date(now.getTime() - ms).toISOString()
  const r = db
    .prepare(
      `DELETE FROM message WHERE seq IN (
        SELECT seq FROM (
          SELECT seq, created_at,
            ROW_NUMBER() OVER (PARTITION BY contact_point ORDER BY seq DESC) AS newest
          FROM message WHERE status IN ('sent', 'failed', 'dropped')
            AND (? IS NULL OR contact_point = ?)
        ) WHERE (newest > ? OR julianday(created_at) < julianday(?))
          AND julianday(created_at) < julianday(?)
      )`,
    )
    .run(
      contactPoint,
      contactPoint,
      Math.max(0, Math.floor(retention.keepPerPoint)),
      iso(retention.maxAgeMs),
      iso(Math.max(0, keepYoungerThanMs)),
    )
  return Number(r.changes)
}
