// Quiet hours' held messages of a contact point, once their hold is over: one is simply let go,
// several are told as one digest message (written, and the held ones removed, in one transaction).
import type { DatabaseSync } from 'node:sqlite'
import { digestOf } from './digest'
import { readMessage, type Row } from './outbox-row'

export interface HeldDeps {
  tx: (fn: () => void) => void
  /** Marks a row that cannot be read as failed with a note. */
  skipDamaged: (r: Row) => void
}

export function releaseHeldRows(
  db: DatabaseSync,
  contactPoint: string,
  now: Date,
  d: HeldDeps,
): void {
  const due = db
    .prepare(
      `SELECT * FROM message WHERE contact_point = ? AND status = 'queued'
        AND hold_until IS NOT NULL AND hold_until <= ? ORDER BY seq`,
    )
    .all(contactPoint, now.getTime()) as unknown as Row[]
  const readable = due.flatMap((r) => {
    const m = readMessage(r.body)
    if (m === null) d.skipDamaged(r)
    return m === null ? [] : [{ r, m }]
  })
  if (readable.length === 0) return
  if (readable.length === 1) {
    db.prepare('UPDATE message SET hold_until = NULL WHERE seq = ?').run(readable[0]!.r.seq)
    return
  }
  const digest = digestOf(
    readable.map((x) => x.m),
    now,
  )
  d.tx(() => {
    db.prepare(
      `INSERT OR IGNORE INTO message (id, contact_point, kind, status, body, created_at,
        next_attempt_at) VALUES (?, ?, ?, 'queued', ?, ?, ?)`,
    ).run(
      digest.id,
      contactPoint,
      readable[0]!.r.kind,
      JSON.stringify(digest),
      digest.createdAt,
      now.getTime(),
    )
    const del = db.prepare('DELETE FROM message WHERE seq = ?')
    for (const { r } of readable) del.run(r.seq)
  })
}
