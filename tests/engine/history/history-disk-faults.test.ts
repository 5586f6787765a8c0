// The history on a real disk that turns read-only or fills up: its notice says what the other
// files' notices say of the same disk ("the disk is read-only", "the disk is full"), once.
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { HistoryStore } from '../../../src/main/engine/history/history-store'
import { describeFsError } from '../../../src/main/engine/storage/fs-error'
import { mountSmallDisk, probeSmallDisk, type SmallDisk } from '../storage/fixtures/small-disk'
import { entry } from './history-fixtures'

const noDisk = await probeSmallDisk()
const inCI = process.env.CI === 'true'

let disk: SmallDisk | null = null
afterEach(async () => {
  await disk?.unmount()
  disk = null
})

const fsWords = (code: string): string => describeFsError(Object.assign(new Error(code), { code }))

describe.skipIf(noDisk !== null && !inCI)('history on a faulty disk', () => {
  it('a read-only disk: "the disk is read-only", not "could not be opened: it could not be opened"', async () => {
    disk = await mountSmallDisk(1)
    const path = join(disk.dir, 'history.sqlite')
    const store = HistoryStore.open({ path, now: () => new Date() })
    expect(store.record('demo', 1, [entry('TSLA')])).toBe(true)
    await disk.readOnly()
    expect(store.record('demo', 2, [entry('TSLA')])).toBe(false)
    const notice = store.notice()!
    expect(notice).toContain(fsWords('EROFS'))
    expect(notice).not.toMatch(/could not be opened: it could not be opened/)
    // A start on the read-only disk says the same.
    const again = HistoryStore.open({ path, now: () => new Date() })
    expect(again.notice()).toContain(fsWords('EROFS'))
  })

  it('a full disk: "the disk is full", as the other files say of it', async () => {
    disk = await mountSmallDisk(1)
    const path = join(disk.dir, 'history.sqlite')
    const store = HistoryStore.open({ path, now: () => new Date() })
    expect(store.record('demo', 1, [entry('TSLA')])).toBe(true)
    await disk.fill()
    const many = Array.from({ length: 2000 }, (_, i) => entry(`S${i}`))
    expect(store.record('demo', 2, many)).toBe(false)
    expect(store.notice()).toContain(fsWords('ENOSPC'))
    expect(store.notice()).not.toMatch(/reported an error/)
  })
})
