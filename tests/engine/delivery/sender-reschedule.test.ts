// An unexpected error in the sender's drain (here the outbox file locked by another process, so
// the answer cannot be written) must not leave the queue until the next poll: the drain schedules
// itself again with back-off, and the message goes out without a new kick.
import { describe, expect, it } from 'vitest'
import { DatabaseSync } from 'node:sqlite'
import { message, pointsOf, sender, webhookPoint } from './delivery-fixtures'
import { MIN, outboxSetup, useCleanups } from './outbox-setup'

const cleanups = useCleanups()

describe('sender: an error in the drain', () => {
  it('the drain reschedules itself after an unexpected error and sends without a new poll', async () => {
    const { path, clock, outbox, rx } = await outboxSetup(cleanups)
    const lines: string[] = []
    const s = sender(outbox, clock, pointsOf([[webhookPoint('ops'), rx.url]]), {
      log: (l) => lines.push(l),
    })
    cleanups.push(() => s.stop())
    outbox.enqueue([message('ops', 1, clock.date())])

    // Another process holds the file's write lock: the answer cannot be recorded (after the
    // outbox's 2 s busy wait, SQLite says the database is locked).
    const other = new DatabaseSync(path)
    other.exec('BEGIN IMMEDIATE')
    s.kick()
    await s.settled()
    other.exec('ROLLBACK')
    other.close()
    expect(lines).toEqual([expect.stringMatching(/^Delivery to ops stopped: .*locked/)])
    expect(outbox.list(1)[0]!.status).toBe('queued')
    expect(clock.pending()).toHaveLength(1)

    // No kick, no poll: only time passes.
    await clock.advance(10 * MIN)
    await s.settled()
    expect(outbox.list(1)[0]).toMatchObject({ status: 'sent' })
    expect(outbox.depth()).toBe(0)
    // Sent twice (the first answer was not recorded), with one id: a de-duplicating receiver shows it once.
    expect(rx.accepted).toHaveLength(1)
    expect(clock.pending()).toEqual([])
  })

  it('a drain that keeps failing backs off: each wait is longer than the one before', async () => {
    const { path, clock, outbox, rx } = await outboxSetup(cleanups)
    const s = sender(outbox, clock, pointsOf([[webhookPoint('ops'), rx.url]]), {
      log: () => undefined,
    })
    cleanups.push(() => s.stop())
    outbox.enqueue([message('ops', 1, clock.date())])
    const other = new DatabaseSync(path)
    cleanups.push(() => other.close())
    other.exec('BEGIN IMMEDIATE')
    s.kick()
    await s.settled()
    const waits: number[] = []
    for (let i = 0; i < 2; i++) {
      const at = clock.pending()[0]!
      waits.push(at - clock.now())
      await clock.advance(at - clock.now())
      await s.settled()
    }
    other.exec('ROLLBACK')
    expect(waits[1]).toBeGreaterThan(waits[0]!)
  }, 30_000)
})
