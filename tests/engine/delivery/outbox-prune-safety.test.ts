// Pruning the outbox never costs a message its "already sent": a finished row younger than the
// delivery age limit stays whatever the per-contact-point cap says, so a message decided again
// (same id) inside that limit is not sent a second time. And a prune that fails says why, unless
// the file is only busy (another process holds it; done next time). Real SQLite files, a real
// receiver, a FakeClock; the full disk a real tmpfs.
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { describe, expect, it } from 'vitest'
import { mountSmallDisk, probeSmallDisk } from '../storage/fixtures/small-disk'
import {
  drive,
  FakeClock,
  HOUR,
  message,
  Outbox,
  pointsOf,
  sender,
  webhookPoint,
} from './delivery-fixtures'
import { dirAndReceiver, useCleanups } from './outbox-setup'

const cleanups = useCleanups()
const DAY = 24 * HOUR
/** A cap small enough to reach: the newest 2 finished messages per contact point. */
const RETENTION = { maxAgeMs: 30 * DAY, keepPerPoint: 2 }

const titles = (bodies: { title?: string }[]): (string | undefined)[] => bodies.map((b) => b.title)

describe('outbox: pruning keeps what prevents a second send', () => {
  it('a message sent within the delivery age limit keeps its row past the cap: decided again, it is not sent twice', async () => {
    const { dir, rx } = await dirAndReceiver(cleanups)
    const path = join(dir, 'outbox.sqlite')
    const clock = new FakeClock('2026-03-02T12:00:00Z')
    const outbox = Outbox.open(path, clock.date(), RETENTION)
    cleanups.push(() => outbox.close())
    // The sender's age limit (deliveryMaxAgeHours) is 24 h.
    const s = sender(outbox, clock, pointsOf([[webhookPoint('ops'), rx.url]]))
    cleanups.push(() => s.stop())
    outbox.enqueue([1, 2, 3].map((n) => message('ops', n, clock.date())))
    await drive(s, clock, outbox)
    expect(titles(rx.okBodies())).toEqual(['TSLA alert 1', 'TSLA alert 2', 'TSLA alert 3'])

    // The first message is decided again an hour later (same id): the outbox knows it was sent.
    await clock.advance(HOUR)
    outbox.enqueue([message('ops', 1, clock.date())])
    await drive(s, clock, outbox)
    expect(titles(rx.okBodies())).toEqual(['TSLA alert 1', 'TSLA alert 2', 'TSLA alert 3'])
    expect(outbox.list(10).map((r) => r.status)).toEqual(['sent', 'sent', 'sent'])

    // Past the age limit the cap applies again (a decision that old is dropped, never sent).
    clock.jump(DAY)
    expect(outbox.prune(clock.date(), null, { keepYoungerThanMs: DAY })).toBe(1)
    expect(outbox.list(10)).toHaveLength(2)
  })

  it('a prune the disk refuses (full) is said in plain words, once; a busy file is not', async (ctx) => {
    const why = await probeSmallDisk()
    if (why !== null) {
      if (process.env['CI'] === 'true') throw new Error(why)
      ctx.skip()
    }
    const disk = await mountSmallDisk(4)
    cleanups.push(() => disk.unmount())
    const { rx } = await dirAndReceiver(cleanups)
    const clock = new FakeClock('2026-03-02T12:00:00Z')
    const path = join(disk.dir, 'outbox.sqlite')
    const outbox = Outbox.open(path, clock.date(), RETENTION)
    cleanups.push(() => outbox.close())
    const s = sender(outbox, clock, pointsOf([[webhookPoint('ops'), rx.url]]))
    cleanups.push(() => s.stop())
    outbox.enqueue([1, 2, 3].map((n) => message('ops', n, clock.date())))
    await drive(s, clock, outbox)
    clock.jump(2 * DAY)
    const lines: string[] = []
    const log = (l: string): void => void lines.push(l)

    // Busy: another process holds the file; left for next time, nothing said.
    const other = new DatabaseSync(path)
    other.exec('BEGIN IMMEDIATE')
    expect(outbox.prune(clock.date(), null, { log, keepYoungerThanMs: DAY })).toBe(0)
    other.exec('ROLLBACK')
    other.close()
    expect(lines).toEqual([])

    await disk.fill()
    expect(outbox.prune(clock.date(), null, { log, keepYoungerThanMs: DAY })).toBe(0)
    expect(outbox.prune(clock.date(), null, { log, keepYoungerThanMs: DAY })).toBe(0)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^Old messages could not be removed from the delivery outbox \(.*outbox\.sqlite\): The disk is full/i,
    )
    await disk.free()
    expect(outbox.prune(clock.date(), null, { log, keepYoungerThanMs: DAY })).toBe(1)
  })
})
