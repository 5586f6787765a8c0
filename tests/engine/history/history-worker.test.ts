// The history in its worker thread (history-client.ts → history-worker.ts) on a real SQLite file:
// from source (loaded through tsx, as tests and the CLI run it) and as built by electron-vite
// (out/main/history-worker.js under plain Node, as the app runs it). What the store guarantees
// holds across the thread: one transaction per poll, a failed write said and the next one landing,
// a file it cannot use set aside, and close() only after the last posted write landed.
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, rmdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  defaultWorkerEntry,
  HistoryClient,
  type HistoryClientOptions,
} from '../../../src/main/engine/history/history-client'
import { HistoryStore, historyPath } from '../../../src/main/engine/history/history-store'
import { entry } from './history-fixtures'

const T0 = Date.parse('2026-03-01T12:00:00Z')
const DAY = 24 * 60 * 60_000
const BUILT = resolve('out/main/history-worker.js')

let dir: string
let reports: string[]
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lw-history-worker-'))
  reports = []
})
afterEach(() => rm(dir, { recursive: true, force: true }))

function open(extra: Partial<HistoryClientOptions> = {}): Promise<HistoryClient> {
  return HistoryClient.open({ path: historyPath(dir), onReport: (r) => reports.push(r), ...extra })
}

function countRows(): number {
  const store = HistoryStore.open({ path: historyPath(dir), now: () => new Date() })
  const n = store.reader('demo').series('TSLA', 0, T0 * 2).length
  store.close()
  return n
}

describe('history worker', () => {
  it('records polls posted without waiting, answers reads in order, and closes after the last write', async () => {
    const h = await open()
    h.record('demo', T0 - 7 * DAY, [entry('TSLA', 1, 100), entry('NVDA')])
    // Asked right after the write was posted: answered after it landed (one queue).
    const flow = await h.flow('demo', 'TSLA', { at: T0, tvl: 2700, price: 99 }, 7)
    expect(flow).toMatchObject({ kind: 'split', windowDays: 7 })
    h.record('demo', T0, [entry('TSLA', 0.9, 99)])
    expect(await h.assetFlow('demo', 'TSLA', T0, 7)).toMatchObject({
      asOf: new Date(T0).toISOString(),
      flow: { kind: 'split' },
    })
    h.record('demo', T0 + 60_000, [entry('TSLA', 0.9, 99)])
    await h.close() // no settled() first: close lets the last write land
    expect(countRows()).toBe(3)
    expect(h.notice()).toBeNull()
  })

  it('a write that fails loses that poll only and says so; the next poll records', async () => {
    const h = await open()
    h.record('demo', T0, [entry('TSLA')])
    await h.settled()
    // The write-ahead log cannot be created (a folder in its place): the poll's write fails.
    await mkdir(`${historyPath(dir)}-wal`)
    h.record('demo', T0 + 60_000, [entry('TSLA')])
    await h.settled()
    expect(h.notice()).toMatch(/^The history of figures .*history\.sqlite could not be/)
    await rmdir(`${historyPath(dir)}-wal`)
    h.record('demo', T0 + 120_000, [entry('TSLA')])
    await h.settled()
    expect(h.notice()).toBeNull()
    await h.close()
    expect(countRows()).toBe(2)
  })

  it('a damaged file is set aside and a new one started; Settings can still read and clear it', async () => {
    await writeFile(historyPath(dir), 'this is not a database '.repeat(64))
    const h = await open()
    expect(reports.join('\n')).toContain(`kept as ${historyPath(dir)}.corrupt-`)
    h.record('demo', T0, [entry('TSLA')])
    expect(await h.info()).toMatchObject({ path: historyPath(dir), snapshots: 1 })
    await h.clear()
    expect(await h.info()).toMatchObject({ snapshots: 0, from: null })
    await h.close()
  })

  it('as built (out/main), the app finds its worker beside the bundle and it runs without tsx', async () => {
    // Built by `npx electron-vite build` (npm test builds before it runs the tests).
    expect(existsSync(BUILT), `${BUILT} is missing: run npx electron-vite build`).toBe(true)
    const entry_ = defaultWorkerEntry(pathToFileURL(resolve('out/main/index.js')).href)
    expect(entry_).toEqual({ url: pathToFileURL(BUILT) })
    const h = await open({ worker: entry_ })
    h.record('demo', T0, [entry('TSLA')])
    h.record('demo', T0 + 60_000, [entry('TSLA', 0.5)])
    expect(await h.info()).toMatchObject({ snapshots: 2 })
    await h.close()
    expect(countRows()).toBe(2)
  })
})
