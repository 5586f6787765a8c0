// A damaged row in the outbox file (its body no longer reads as a message) must not stall its
// contact point: it is marked failed with a note in plain words and the messages behind it go out.
import { describe, expect, it } from 'vitest'
import { DatabaseSync } from 'node:sqlite'
import { drive, message, Outbox, pointsOf, sender, webhookPoint } from './delivery-fixtures'
import { outboxSetup, useCleanups } from './outbox-setup'

const cleanups = useCleanups()

const DAMAGED_NOTE = 'This message could not be read from the outbox (damaged); it was skipped.'

/** Overwrites a stored message's body through a second connection to the real file. */
function damage(path: string, id: string, body: string): void {
  const db = new DatabaseSync(path)
  db.prepare('UPDATE message SET body = ? WHERE id = ?').run(body, id)
  db.close()
}

describe('outbox: a damaged row', () => {
  it.each([
    ['cut short', '{"id":"lw-x","contactPointId":"ops","events":[{"id'],
    ['not a message', '{"hello":"world"}'],
  ])(
    'a row whose body is %s is marked failed with a note, and the messages behind it are delivered',
    async (_what, body) => {
      const { path, clock, rx } = await outboxSetup(cleanups)
      const first = Outbox.open(path, clock.date())
      const queued = [1, 2, 3].map((n) => message('ops', n, clock.date()))
      first.enqueue(queued)
      first.close()
      damage(path, queued[0]!.message.id, body)

      const outbox = Outbox.open(path, clock.date())
      cleanups.push(() => outbox.close())
      const lines: string[] = []
      const s = sender(outbox, clock, pointsOf([[webhookPoint('ops'), rx.url]]), {
        log: (l) => lines.push(l),
      })
      cleanups.push(() => s.stop())
      await drive(s, clock, outbox)

      expect(rx.okBodies<{ events: { id: string }[] }>().map((b) => b.events[0]!.id)).toEqual([
        'e2',
        'e3',
      ])
      expect(outbox.depth()).toBe(0)
      const log = outbox.list(10)
      expect(log.map((r) => r.status)).toEqual(['sent', 'sent', 'failed'])
      expect(log[2]).toMatchObject({
        id: queued[0]!.message.id,
        contactPoint: 'ops',
        status: 'failed',
        attempts: 0,
        lastError: DAMAGED_NOTE,
        eventIds: [],
      })
      expect(outbox.counters()).toContainEqual({ contactPoint: 'ops', outcome: 'failed', n: 1 })
      expect(lines).toEqual([])
    },
  )

  it('a damaged row held for quiet hours is skipped too, and the others are told in the digest', async () => {
    const { path, clock, rx } = await outboxSetup(cleanups, '2026-03-02T23:00:00Z')
    const until = Date.parse('2026-03-03T07:00:00Z')
    const first = Outbox.open(path, clock.date())
    const held = [1, 2, 3].map((n) => ({ ...message('ops', n, clock.date()), holdUntil: until }))
    first.enqueue(held)
    first.close()
    damage(path, held[1]!.message.id, 'not json at all')

    const outbox = Outbox.open(path, clock.date())
    cleanups.push(() => outbox.close())
    const s = sender(outbox, clock, pointsOf([[webhookPoint('ops'), rx.url]]))
    cleanups.push(() => s.stop())
    await drive(s, clock, outbox)

    const bodies = rx.okBodies<{ status: string; events: { id: string }[] }>()
    expect(bodies).toHaveLength(1)
    expect(bodies[0]!.events.map((e) => e.id)).toEqual(['e1', 'e3'])
    expect(outbox.list(10).map((r) => [r.status, r.lastError])).toEqual([
      ['sent', null],
      ['failed', DAMAGED_NOTE],
    ])
  })
})
