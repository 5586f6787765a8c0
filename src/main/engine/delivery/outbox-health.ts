// Which contact points "keep failing": their last attempts all failed, or their oldest message has
// waited too long. Read by the tray, the status bar and the delivery log (through Outbox).
import type { DatabaseSync } from 'node:sqlite'
import type { ContactPointKind } from '../../../shared/contact-points'

export interface FailingContactPoint {
  contactPoint: string
  kind: ContactPointKind
  /** Since when (ISO): the first of the failed attempts in a row, or the waiting message's time. */
  since: string
  lastError: string
}

/** Failed attempts in a row that make a contact point "keep failing". */
export const FAILING_AFTER_ATTEMPTS = 3
/** A message waiting longer than this (not held by quiet hours) makes it "keep failing" too. */
export const FAILING_AFTER_WAIT_MS = 15 * 60 * 1000

interface Attempt {
  at: number
  ok: number
  said: string
}

export function failingPoints(db: DatabaseSync, now: Date): FailingContactPoint[] {
  const points = db
    .prepare(
      `SELECT contact_point AS cp, MIN(kind) AS kind FROM message GROUP BY contact_point
        ORDER BY contact_point`,
    )
    .all() as { cp: string; kind: ContactPointKind }[]
  const attempts = db.prepare(
    'SELECT at, ok, said FROM attempt WHERE contact_point = ? ORDER BY id DESC LIMIT 20',
  )
  const oldest = db.prepare(
    `SELECT created_at, last_error FROM message WHERE contact_point = ? AND status = 'queued'
      AND hold_until IS NULL ORDER BY seq LIMIT 1`,
  )
  const out: FailingContactPoint[] = []
  for (const { cp, kind } of points) {
    const recent = attempts.all(cp) as unknown as Attempt[]
    const run: Attempt[] = []
    for (const a of recent) {
      if (a.ok === 1) break
      run.push(a)
    }
    if (run.length >= FAILING_AFTER_ATTEMPTS) {
      out.push({
        contactPoint: cp,
        kind,
        since: new Date(run[run.length - 1]!.at).toISOString(),
        lastError: run[0]!.said,
      })
      continue
    }
    const waiting = oldest.get(cp) as { created_at: string; last_error: string | null } | undefined
    if (waiting && now.getTime() - Date.parse(waiting.created_at) > FAILING_AFTER_WAIT_MS)
      out.push({
        contactPoint: cp,
        kind,
        since: waiting.created_at,
        lastError: waiting.last_error ?? 'Not sent yet.',
      })
  }
  return out
}
