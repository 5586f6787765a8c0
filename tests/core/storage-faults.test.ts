// Alerting survives storage faults: a poll fetches, evaluates and notifies before it saves, a
// failed save is said in plain words (status notice, every row) and caught up later, and nothing
// already on disk is lost. Faults are real: a folder in a file's place, or a small tmpfs that is
// full or read-only.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ALERT_STATE_FILE } from '../../src/main/engine/storage/alert-state-store'
import { CACHE_FILE_NAME } from '../../src/main/engine/storage/cache'
import { NOTIFICATION_LOG_FILE } from '../../src/main/core/notification-log'
import {
  mountSmallDisk,
  probeSmallDisk,
  type SmallDisk,
} from '../engine/storage/fixtures/small-disk'
import { cycleThenWait, harness, row, tempDir, type Harness } from './helpers'

const inCI = process.env.CI === 'true'
const noDisk = await probeSmallDisk()
if (noDisk !== null && !inCI) console.warn(`storage-faults: small-disk tests skipped: ${noDisk}`)

let h: Harness | null = null
let disk: SmallDisk | null = null
afterEach(async () => {
  await h?.close()
  h = null
  await disk?.unmount()
  disk = null
})

const cacheFile = (dir: string): string => join(dir, 'caches', 'demo', CACHE_FILE_NAME)

/** The files a poll saves, as text (null when absent). */
async function savedFiles(dir: string): Promise<Record<string, string | null>> {
  const read = (p: string): Promise<string | null> => readFile(p, 'utf8').catch(() => null)
  return {
    cache: await read(cacheFile(dir)),
    alerts: await read(join(dir, ALERT_STATE_FILE)),
    log: await read(join(dir, NOTIFICATION_LOG_FILE)),
  }
}

/** A 25 % TVL drop on TSLA after a backfill poll, then the two pending polls of the default rule. */
async function dropAndPoll(x: Harness): Promise<void> {
  x.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 25, windowDays: 1 })
  await cycleThenWait(x)
  expect(row(await x.core.getWatchlist(), 'TSLA').alertState).toBe('pending')
  await cycleThenWait(x)
}

async function expectSaveProblem(x: Harness, reason: RegExp, paths: string[]): Promise<void> {
  const status = await x.core.getStatus()
  expect(status.connection).toBe('online')
  const saving = status.notices.filter((n) => /cannot save its data/i.test(n))
  expect(saving).toHaveLength(1)
  expect(saving[0]).toMatch(reason)
  expect(saving[0]).not.toContain('\n')
  for (const p of paths) expect(saving[0]).toContain(p)
  for (const r of await x.core.getWatchlist()) {
    expect(r.problems.filter((p) => /^could not save/i.test(p))).toHaveLength(1)
    expect(r.problems.find((p) => /^could not save/i.test(p))).toMatch(reason)
    // A problem of the whole poll is not one of the row's own findings (the banner says it).
    expect(r.findings.filter((p) => /could not save/i.test(p))).toEqual([])
  }
  for (const r of x.core.lastCycle()!.rows)
    expect(r.problems.some((p) => /^could not save/i.test(p))).toBe(true)
}

async function expectNoSaveProblem(x: Harness): Promise<void> {
  expect((await x.core.getStatus()).notices.filter((n) => /cannot save its data/i.test(n))).toEqual(
    [],
  )
  for (const r of await x.core.getWatchlist())
    expect(r.problems.filter((p) => /could not save/i.test(p))).toEqual([])
}

describe('a poll whose data cannot be saved', () => {
  it('with a folder in the cache file’s place, a 25 % drop still notifies after the pending polls; the next save catches up', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
    await cycleThenWait(h) // backfill
    await rm(cacheFile(h.dir))
    await mkdir(cacheFile(h.dir))
    await dropAndPoll(h)

    expect(h.notified).toHaveLength(1)
    expect(h.notified[0]).toMatchObject({ status: 'sent', symbol: 'TSLA' })
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('firing')
    await expectSaveProblem(h, /a folder is in its place/, [cacheFile(h.dir)])
    // The alert state was saved (its file is fine): only the cache is named.
    expect((await h.core.getStatus()).notices.join(' ')).not.toContain(ALERT_STATE_FILE)

    // The rows keep this poll's data in memory.
    const tsla = row(await h.core.getWatchlist(), 'TSLA')
    expect(tsla.fetchedAt).toBe(h.core.lastCycle()!.at)
    expect(tsla.change7d!.pct).toBeLessThan(-10)

    await rm(cacheFile(h.dir), { recursive: true })
    await cycleThenWait(h)
    await expectNoSaveProblem(h)
    expect(h.notified).toHaveLength(1)
    const saved = JSON.parse((await savedFiles(h.dir)).cache!) as {
      entries: Record<string, { fetchedAt: string }>
    }
    expect(saved.entries['asset?symbol=TSLA']!.fetchedAt).toBe(h.core.lastCycle()!.at)
  })

  it('a data folder that cannot be made at start is tried again at every save: once it can be made, the next poll saves everything and the notice clears', async () => {
    const { dir: root, cleanup } = await tempDir()
    try {
      const blocked = join(root, 'blocked')
      await writeFile(blocked, 'a file where a folder should be')
      const dir = join(blocked, 'data')
      h = await harness({ dir })
      const files = [cacheFile(dir), join(dir, ALERT_STATE_FILE)]
      // Said from the start, before any poll.
      const atStart = (await h.core.getStatus()).notices.filter((n) => /offline cache/i.test(n))
      expect(atStart).toHaveLength(1)
      expect(atStart[0]).toContain(cacheFile(dir))
      await cycleThenWait(h)
      await expectSaveProblem(h, /part of its path is a file/, files)

      await rm(blocked)
      await cycleThenWait(h)
      await expectNoSaveProblem(h)
      expect(
        (await h.core.getStatus()).notices.filter((n) => /offline cache|alert state/i.test(n)),
      ).toEqual([])
      const saved = await savedFiles(dir)
      expect(saved.cache).toContain('"asset?symbol=TSLA"')
      expect(saved.alerts).toContain('"initialized":true')
    } finally {
      await h?.close()
      h = null
      await cleanup()
    }
  })

  it.skipIf(noDisk !== null && !inCI)(
    'on a full disk: notifies once, keeps the files already saved intact, catches up when space is back, and a restart does not notify again',
    async () => {
      if (noDisk !== null) throw new Error(`CI needs a small disk: ${noDisk}`)
      disk = await mountSmallDisk()
      h = await harness({ dir: disk.dir, settings: { watchlist: ['TSLA', 'NVDA'] } })
      await cycleThenWait(h) // backfill
      await h.core.sendTestNotification() // so a notification log is on disk too
      h.notified.length = 0
      const before = await savedFiles(h.dir)
      expect(Object.values(before).every((t) => t !== null)).toBe(true)

      await disk.fill()
      await dropAndPoll(h)
      expect(h.notified).toHaveLength(1)
      expect(h.notified[0]).toMatchObject({ status: 'sent', symbol: 'TSLA' })
      await expectSaveProblem(h, /the disk is full/, [
        cacheFile(h.dir),
        join(h.dir, ALERT_STATE_FILE),
        join(h.dir, NOTIFICATION_LOG_FILE),
      ])
      // The alert state advanced in memory: the next poll does not notify the same drop again.
      await cycleThenWait(h)
      expect(h.notified).toHaveLength(1)
      expect((await h.core.getAlertHistory({ type: 'fired' })).length).toBe(1)
      expect((await h.core.getNotificationLog())[0]!.decision.status).toBe('sent')

      // What was saved before is still there, whole and readable; no temp files are left behind.
      const during = await savedFiles(h.dir)
      expect(during).toEqual(before)
      for (const text of Object.values(during))
        expect(() => JSON.parse(text!) as unknown).not.toThrow()
      const names = [...(await readdir(h.dir)), ...(await readdir(join(h.dir, 'caches', 'demo')))]
      expect(names.filter((n) => n.includes('.tmp') || /\.\d+$/.test(n))).toEqual([])

      await disk.free()
      await cycleThenWait(h)
      await expectNoSaveProblem(h)
      const after = await savedFiles(h.dir)
      const alerts = JSON.parse(after.alerts!) as { history: { type: string; symbol: string }[] }
      expect(alerts.history.filter((e) => e.type === 'fired')).toMatchObject([{ symbol: 'TSLA' }])
      const log = JSON.parse(after.log!) as { items: { decision: { status: string } }[] }
      expect(log.items.filter((i) => i.decision.status === 'sent')).toHaveLength(2)

      const { dir, clock } = h
      await h.core.stop()
      h = await harness({ dir, clock })
      h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 25, windowDays: 1 })
      await cycleThenWait(h)
      await cycleThenWait(h)
      expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('firing')
      expect(h.notified).toEqual([])
    },
  )

  it.skipIf(noDisk !== null && !inCI)(
    'on a read-only disk: notifies, says the disk is read-only, leaves the files as they were',
    async () => {
      if (noDisk !== null) throw new Error(`CI needs a small disk: ${noDisk}`)
      disk = await mountSmallDisk()
      h = await harness({ dir: disk.dir, settings: { watchlist: ['TSLA'] } })
      await cycleThenWait(h)
      const before = await savedFiles(h.dir)
      await disk.readOnly()
      await dropAndPoll(h)
      expect(h.notified).toHaveLength(1)
      await expectSaveProblem(h, /read-only/, [cacheFile(h.dir), join(h.dir, ALERT_STATE_FILE)])
      expect(await savedFiles(h.dir)).toEqual(before)
      await disk.writable()
      await cycleThenWait(h)
      await expectNoSaveProblem(h)
      expect((await savedFiles(h.dir)).alerts).toContain('"fired"')
    },
  )
})
