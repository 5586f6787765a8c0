// The outbox's message table is pruned: finished rows (sent, failed, dropped) beyond the newest N
// per contact point, or older than the age limit (on the injected clock), are deleted; queued rows
// never are, and the delivery log keeps its recent history. Real file, real receiver, FakeClock.
import { describe, expect, it } from 'vitest'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { DEFAULT_RETENTION } from '../../../src/main/engine/delivery/outbox-retention'
import {
  drive,
  FakeClock,
  message,
  Outbox,
  pointsOf,
  sender,
  webhookPoint,
} from './delivery-fixtures'
import { dirAndReceiver, useCleanups } from './outbox-setup'

const cleanups = useCleanups()
const DAY = 24 * 3_600_000
const RETENTION = { maxAgeMs: 30 * DAY, keepPerPoint: 20 }

/** Rows of the message table by contact point and status, read from the file itself. */
function rowsIn(path: string): Record<string, number> {
  const db = new DatabaseSync(path)
  const rows = db
    .prepare(
      "SELECT contact_point || ':' || status AS k, COUNT(*) AS n FROM message GROUP BY k ORDER BY k",
    )
    .all() as { k: string; n: number }[]
  db.close()
  return Object.fromEntries(rows.map((r) => [r.k, r.n]))
}

describe('outbox: retention of finished messages', () => {
  it('keeps 30 days and the newest 500 finished messages per contact point by default', () => {
    expect(DEFAULT_RETENTION).toEqual({ maxAgeMs: 30 * DAY, keepPerPoint: 500 })
  })

  it('finished rows beyond the per-contact-point cap are deleted; queued rows and other points stay', async () => {
    const { dir, rx } = await dirAndReceiver(cleanups)
    const path = join(dir, 'outbox.sqlite')
    const clock = new FakeClock('2026-03-02T12:00:00Z')
    rx.answer = ({ body }) => ({ status: body.includes('"refused"') ? 404 : 200 })
    const outbox = Outbox.open(path, clock.date(), RETENTION)
    cleanups.push(() => outbox.close())
    const points = pointsOf([
      [webhookPoint('ops'), rx.url],
      [webhookPoint('desk'), rx.url],
    ])
    const s = sender(outbox, clock, points)
    cleanups.push(() => s.stop())
    const sent = Array.from({ length: 30 }, (_, i) => message('ops', i + 1, clock.date()))
    const refused = message('ops', 99, clock.date(), 'refused')
    // Not set up here: these stay queued however many finished rows there are.
    const waiting = [1, 2].map((n) => message('elsewhere', n, clock.date()))
    outbox.enqueue([...sent, refused, ...waiting, message('desk', 1, clock.date())])
    await drive(s, clock, outbox)

    expect(rx.log).toHaveLength(32)
    // Younger than the delivery age limit (24 h): kept whatever the cap, so a message decided
    // again is known as sent (tests/engine/delivery/outbox-prune-safety.test.ts).
    expect(rowsIn(path)).toMatchObject({ 'ops:sent': 30, 'ops:failed': 1 })
    clock.jump(DAY + 60_000)
    outbox.prune(clock.date(), null, { keepYoungerThanMs: DAY })
    expect(rowsIn(path)).toEqual({
      'desk:sent': 1,
      'elsewhere:queued': 2,
      'ops:sent': 19,
      'ops:failed': 1,
    })
    // The delivery log still shows the newest ones.
    const log = outbox.list(5)
    expect(log.filter((r) => r.contactPoint === 'ops').map((r) => r.eventIds[0])).toContain('e99')
    const opsEvents = outbox
      .list(100)
      .filter((r) => r.contactPoint === 'ops')
      .map((r) => r.eventIds[0])
    expect(opsEvents).toContain('e30')
    expect(opsEvents).not.toContain('e1')
    // The counters (metrics) still count every message ever sent.
    expect(outbox.counters()).toContainEqual({ contactPoint: 'ops', outcome: 'sent', n: 30 })
  })

  it('finished rows older than the age limit are deleted at the next session; queued ones stay', async () => {
    const { dir, rx } = await dirAndReceiver(cleanups)
    const path = join(dir, 'outbox.sqlite')
    const clock = new FakeClock('2026-03-02T12:00:00Z')
    const first = Outbox.open(path, clock.date(), RETENTION)
    const s1 = sender(first, clock, pointsOf([[webhookPoint('ops'), rx.url]]))
    first.enqueue([1, 2, 3].map((n) => message('ops', n, clock.date())))
    first.enqueue([message('elsewhere', 1, clock.date())])
    await drive(s1, clock, first, 60_000)
    s1.stop()
    first.close()
    expect(rowsIn(path)).toEqual({ 'elsewhere:queued': 1, 'ops:sent': 3 })

    // 29 days on: still kept.
    clock.jump(29 * DAY)
    const second = Outbox.open(path, clock.date(), RETENTION)
    second.startSession(clock.date())
    second.close()
    expect(rowsIn(path)).toEqual({ 'elsewhere:queued': 1, 'ops:sent': 3 })

    // 31 days after they were queued: gone; the queued one is kept, a new message is logged.
    clock.jump(2 * DAY)
    const third = Outbox.open(path, clock.date(), RETENTION)
    cleanups.push(() => third.close())
    third.startSession(clock.date())
    expect(rowsIn(path)).toEqual({ 'elsewhere:queued': 1 })
    const s3 = sender(third, clock, pointsOf([[webhookPoint('ops'), rx.url]]), {
      maxAgeMs: () => 90 * DAY,
    })
    cleanups.push(() => s3.stop())
    third.enqueue([message('ops', 4, clock.date())])
    await drive(s3, clock, third, 60_000)
    expect(third.list(10).map((r) => [r.contactPoint, r.status])).toEqual([
      ['ops', 'sent'],
      ['elsewhere', 'queued'],
    ])
  })

  it('pruning a file another process has locked is left for next time, never an error', async () => {
    const { dir } = await dirAndReceiver(cleanups)
    const path = join(dir, 'outbox.sqlite')
    const clock = new FakeClock('2026-03-02T12:00:00Z')
    const outbox = Outbox.open(path, clock.date(), RETENTION)
    cleanups.push(() => outbox.close())
    const other = new DatabaseSync(path)
    cleanups.push(() => other.close())
    other.exec('BEGIN IMMEDIATE')
    expect(outbox.prune(clock.date())).toBe(0)
    other.exec('ROLLBACK')
  })

  it('the file stops growing: round after round of sent messages, its size stays bounded', async () => {
    const { dir, rx } = await dirAndReceiver(cleanups)
    const path = join(dir, 'outbox.sqlite')
    const clock = new FakeClock('2026-03-02T12:00:00Z')
    const sizes: number[] = []
    let n = 0
    for (let round = 0; round < 6; round++) {
      const outbox = Outbox.open(path, clock.date(), RETENTION)
      // A 1-hour delivery age limit: the rounds before are past it, so the cap applies to them.
      const s = sender(outbox, clock, pointsOf([[webhookPoint('ops'), rx.url]]), {
        maxAgeMs: () => 3_600_000,
      })
      const batch = Array.from({ length: 30 }, () => {
        const q = message('ops', ++n, clock.date())
        return { ...q, message: { ...q.message, body: `${n} `.padEnd(3000, 'x') } }
      })
      outbox.enqueue(batch)
      await drive(s, clock, outbox)
      s.stop()
      outbox.close()
      sizes.push(statSync(path).size)
      clock.jump(DAY)
    }
    expect(rx.okBodies()).toHaveLength(180)
    // The cap's 20, or the last round's 30 while they are younger than the age limit.
    expect(rowsIn(path)).toEqual({ 'ops:sent': 30 })
    // Without pruning the sixth round's file would be three times the second's.
    expect(sizes[5]!).toBeLessThanOrEqual(sizes[1]! * 1.25)
  })
})
