// The outbox's short attempt log (what "keeps failing" is judged on, outbox-health.ts) and its
// counters that only grow (the daemon's metrics). Called inside the outbox's transactions.
import type { DatabaseSync } from 'node:sqlite'

/** Counters that only grow, per contact point (the daemon's metrics). */
export type OutboxOutcome = 'sent' | 'attempt-failed' | 'failed' | 'dropped'

/** Attempts kept per contact point for "keeps failing" (older ones are pruned). */
const ATTEMPTS_KEPT = 20

export function logAttempt(
  db: DatabaseSync,
  cp: string,
  at: Date,
  ok: boolean,
  said: string,
): void {
  db.prepare('INSERT INTO attempt (contact_point, at, ok, said) VALUES (?, ?, ?, ?)').run(
    cp,
    at.getTime(),
    ok ? 1 : 0,
    said,
  )
  db.prepare(
    `DELETE FROM attempt WHERE contact_point = ? AND id NOT IN
      (SELECT id FROM attempt WHERE contact_point = ? ORDER BY id DESC LIMIT ?)`,
  ).run(cp, cp, ATTEMPTS_KEPT)
}

export function countOutcome(db: DatabaseSync, cp: string, outcome: OutboxOutcome): void {
  db.prepare(
    `INSERT INTO counter (contact_point, outcome, n) VALUES (?, ?, 1)
      ON CONFLICT (contact_point, outcome) DO UPDATE SET n = n + 1`,
  ).run(cp, outcome)
}

/** Per contact point, how often each outcome happened since the file began. */
export function readCounters(
  db: DatabaseSync,
): { contactPoint: string; outcome: OutboxOutcome; n: number }[] {
  const rows = db
    .prepare('SELECT contact_point, outcome, n FROM counter ORDER BY contact_point, outcome')
    .all() as { contact_point: string; outcome: OutboxOutcome; n: number }[]
  return rows.map((r) => ({ contactPoint: r.contact_point, outcome: r.outcome, n: r.n }))
}
