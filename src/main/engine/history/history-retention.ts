// Retention with downsampling: every poll for 7 days, one snapshot per symbol per hour up to 90
// days, one per day after that (UTC buckets; the newest of each bucket is kept). Run at most once
// an hour (the time is kept in the file, so one-shot CLI runs do not repeat it), in one transaction.
import type { DatabaseSync } from 'node:sqlite'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

export interface RetentionPolicy {
  /** Every poll is kept this long. */
  everyPollMs: number
  /** Then one per hour until this age; one per day after. */
  hourlyMs: number
}

export const DEFAULT_RETENTION: RetentionPolicy = { everyPollMs: 7 * DAY_MS, hourlyMs: 90 * DAY_MS }

/** How often the downsampling runs at most. */
export const RETENTION_EVERY_MS = HOUR_MS

const LAST_RUN = 'retention_at'

/** Keeps the newest snapshot per (source, symbol, bucket) among those in [from, to). */
function thin(db: DatabaseSync, bucketMs: number, from: number, to: number): number {
  const r = db
    .prepare(
      `DELETE FROM snapshot WHERE id IN (
         SELECT id FROM (
           SELECT id, ROW_NUMBER() OVER (
             PARTITION BY source, symbol, at / CAST(:bucket AS INTEGER) ORDER BY at DESC, id DESC) AS n
           FROM snapshot WHERE at >= :from AND at < :to)
         WHERE n > 1)`,
    )
    .run({ bucket: bucketMs, from, to })
  return Number(r.changes)
}

/** Runs the downsampling when it is due; returns the snapshots removed (null: not due). */
export function retainIfDue(
  db: DatabaseSync,
  nowMs: number,
  policy: RetentionPolicy = DEFAULT_RETENTION,
): number | null {
  const last = db.prepare('SELECT value FROM meta WHERE key = ?').get(LAST_RUN) as
    { value: string } | undefined
  // A clock set back makes the last run look in the future: run then too, or it would never run.
  const lastMs = last ? Number(last.value) : NaN
  if (Number.isFinite(lastMs) && nowMs - lastMs < RETENTION_EVERY_MS && nowMs >= lastMs) return null
  // Only what crossed an age limit since the last run (from the start of its bucket): what was
  // thinned before stays thinned, so an hourly run at 200 symbols touches an hour's rows, not 90 days'.
  const ran = Number.isFinite(lastMs) && lastMs <= nowMs
  const since = (ageMs: number, bucketMs: number): number =>
    ran ? Math.floor((lastMs - ageMs) / bucketMs) * bucketMs : Number.MIN_SAFE_INTEGER
  db.exec('BEGIN IMMEDIATE')
  try {
    const hourlyFrom = Math.max(nowMs - policy.hourlyMs, since(policy.everyPollMs, HOUR_MS))
    const removed =
      thin(db, HOUR_MS, hourlyFrom, nowMs - policy.everyPollMs) +
      thin(db, DAY_MS, since(policy.hourlyMs, DAY_MS), nowMs - policy.hourlyMs)
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
      LAST_RUN,
      String(nowMs),
    )
    db.exec('COMMIT')
    return removed
  } catch (e) {
    db.exec('ROLLBACK')
    throw e
  }
}
