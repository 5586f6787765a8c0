// The outbox file: what survives a restart, what is done with a file it cannot use (kept aside,
// never deleted), and quiet hours' held messages told as one digest.
import { describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import {
  drive,
  FakeClock,
  message,
  Outbox,
  pointsOf,
  sender,
  webhookPoint,
} from './delivery-fixtures'
import { cleanDir, dirAndReceiver, MIN, useCleanups } from './outbox-setup'

const cleanups = useCleanups()

describe('outbox: durable across restarts', () => {
  it('what one run could not send, the next run sends, once each and in order', async () => {
    const { dir, rx } = await dirAndReceiver(cleanups)
    const path = join(dir, 'outbox.sqlite')
    const clock = new FakeClock('2026-03-02T12:00:00Z')
    rx.answer = () => ({ status: 502 })
    const first = Outbox.open(path, clock.date())
    const s1 = sender(first, clock, pointsOf([[webhookPoint('ops'), rx.url]]))
    first.enqueue([1, 2, 3].map((n) => message('ops', n, clock.date())))
    await drive(s1, clock, first, 1 * MIN)
    s1.stop()
    first.close()
    const failedTries = rx.log.length
    expect(failedTries).toBeGreaterThan(0)

    // A new process: the same file, the receiver back.
    rx.answer = () => ({ status: 200 })
    const second = Outbox.open(path, clock.date())
    cleanups.push(() => second.close())
    expect(second.depth()).toBe(3)
    const s2 = sender(second, clock, pointsOf([[webhookPoint('ops'), rx.url]]))
    cleanups.push(() => s2.stop())
    await drive(s2, clock, second)
    expect(rx.okBodies<{ events: { id: string }[] }>().map((b) => b.events[0]!.id)).toEqual([
      'e1',
      'e2',
      'e3',
    ])
    expect(second.list(10).map((r) => r.status)).toEqual(['sent', 'sent', 'sent'])
    expect(second.list(10)[2]!.attempts).toBe(failedTries + 1)
  })

  it('queuing the same message twice keeps one (the id is the key)', async () => {
    const dir = await cleanDir(cleanups)
    const clock = new FakeClock('2026-03-02T12:00:00Z')
    const o = Outbox.open(join(dir, 'outbox.sqlite'), clock.date())
    cleanups.push(() => o.close())
    o.enqueue([message('ops', 1, clock.date())])
    o.enqueue([message('ops', 1, clock.date()), message('ops', 2, clock.date())])
    expect(o.depth()).toBe(2)
  })
})

describe('outbox: a file it cannot use is kept aside, never deleted', () => {
  it('a damaged file is moved aside with a plain message and a new outbox starts', async () => {
    const dir = await cleanDir(cleanups)
    const path = join(dir, 'outbox.sqlite')
    writeFileSync(path, 'this is not a database, but it is somebody’s file'.repeat(100))
    const o = Outbox.open(path, new Date('2026-03-02T12:00:00Z'))
    cleanups.push(() => o.close())
    expect(o.report).toMatch(
      /^The delivery outbox .*outbox\.sqlite could not be read \(.+\), so a new one was started; the old file was kept as .*outbox\.sqlite\.corrupt-2026-03-02T12-00-00-000Z/,
    )
    const aside = readdirSync(dir).find((f) => f.startsWith('outbox.sqlite.corrupt-'))!
    expect(readFileSync(join(dir, aside), 'utf8')).toContain('somebody’s file')
    o.enqueue([message('ops', 1, new Date())])
    expect(o.depth()).toBe(1)
  })

  it('a file from a newer version is kept aside as it is, and said so', async () => {
    const dir = await cleanDir(cleanups)
    const path = join(dir, 'outbox.sqlite')
    const db = new DatabaseSync(path)
    db.exec('CREATE TABLE future (x INTEGER); PRAGMA user_version = 7')
    db.close()
    const o = Outbox.open(path, new Date('2026-03-02T12:00:00Z'))
    cleanups.push(() => o.close())
    expect(o.report).toMatch(
      /was written by a newer version of Liquidity Watch \(schema 7\), so a new one was started; the old file was kept as .*outbox\.sqlite\.rejected-/,
    )
    const aside = readdirSync(dir).find((f) => f.startsWith('outbox.sqlite.rejected-'))!
    const old = new DatabaseSync(join(dir, aside))
    expect(old.prepare('PRAGMA user_version').get()).toEqual({ user_version: 7 })
    old.close()
    expect(existsSync(path)).toBe(true)
    expect(o.depth()).toBe(0)
  })
})

describe('outbox: quiet hours of a contact point', () => {
  it('messages held until the end are told as one digest with all their events', async () => {
    const { dir, rx } = await dirAndReceiver(cleanups)
    const clock = new FakeClock('2026-03-02T23:00:00Z')
    const o = Outbox.open(join(dir, 'outbox.sqlite'), clock.date())
    cleanups.push(() => o.close())
    const until = Date.parse('2026-03-03T07:00:00Z')
    const held = (n: number): ReturnType<typeof message> => ({
      ...message('ops', n, clock.date()),
      holdUntil: until,
    })
    o.enqueue([held(1), held(2), held(3)])
    const s = sender(o, clock, pointsOf([[webhookPoint('ops'), rx.url]]))
    cleanups.push(() => s.stop())
    await drive(s, clock, o, 2 * MIN)
    expect(rx.log).toHaveLength(0)
    await drive(s, clock, o)
    expect(clock.now()).toBe(until)
    const bodies = rx.okBodies<{ status: string; title: string; events: { id: string }[] }>()
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({
      status: 'digest',
      title: '3 notifications during quiet hours',
    })
    expect(bodies[0]!.events.map((e) => e.id)).toEqual(['e1', 'e2', 'e3'])
    expect(o.list(10)).toHaveLength(1)
  })
})
