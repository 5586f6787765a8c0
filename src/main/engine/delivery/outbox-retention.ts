// How long the outbox keeps finished messages (sent, failed, dropped): the delivery log shows
// recent history, and a daemon running for months does not grow outbox.sqlite without bound.
// Queued messages are never pruned here (the sender's age limit drops those, with a note).
import type { DatabaseSync } from 'node:sqlite'

export interface Retention {
  /** Finished messages queued longer ago than this (ms, on the injected clock) are deleted. */
  maxAgeMs: number
  /** At most this many finished messages are kept per contact point (the newest). */
  keepPerPoint: number
}

export const DEFAULT_RETENTION: Retention = { maxAgeMs: 30 * 24 * 3_600_000, keepPerPoint: 500 }

/**
 * Deletes the finished messages past the retention (of one contact point, or of all); returns how
 * many. Ages count from when a message was queued (created_at), on the caller's clock.
 */
export function pruneFinished(
  db: DatabaseSync,
  now: Date,
  retention: Retention,
  contactPoint: string | null = null,
): number {
  const cutoff = new Date(now.getTime() - retention.maxAgeMs).toISOString()
  const r = db
    .prepare(
      `DELETE FROM message WHERE seq IN (
        SELECT seq FROM (
          SELECT seq, created_at,
            ROW_NUMBER() OVER (PARTITION BY contact_point ORDER BY seq DESC) AS newest
          FROM message WHERE status IN ('sent', 'failed', 'dropped')
            AND (? IS NULL OR contact_point = ?)
        ) WHERE newest > ? OR julianday(created_at) < julianday(?)
      )`,
    )
    .run(contactPoint, contactPoint, Math.max(0, Math.floor(retention.keepPerPoint)), cutoff)
  return Number(r.changes)
}
