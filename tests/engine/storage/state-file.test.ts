// The generic state-file reader (storage/state-file.ts) and every store built on it: a file written
// by a newer version of the app is not damaged, only not ours. It is never renamed or written
// over; the store runs in memory, and its report names the version that wrote it and what to do.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import { RateGates } from '../../../src/main/client/rate-gate'
import { NOTIFICATION_LOG_FILE, NotificationLog } from '../../../src/main/core/notification-log'
import {
  ALERT_STATE_FILE,
  AlertStateStore,
} from '../../../src/main/engine/storage/alert-state-store'
import { freshState } from '../../../src/main/engine/alerts/engine-state'
import {
  DETAIL_ATTEMPTS_FILE,
  DetailAttemptsFile,
} from '../../../src/main/engine/poll/detail-attempts-file'
import { RATE_HOLDS_FILE, RateHoldFile } from '../../../src/main/engine/storage/rate-hold-file'
import { openStateFile } from '../../../src/main/engine/storage/state-file'

const NOW = new Date('2026-03-02T12:00:00Z')
let dir = ''
afterEach(() => rm(dir, { recursive: true, force: true }))

const schema = z.object({ version: z.literal(1), items: z.array(z.string()) })
const spec = (path: string): Parameters<typeof openStateFile>[0] => ({
  path,
  schema,
  version: 1,
  label: 'The test file',
  consequence: 'it starts empty',
  whileNewer: 'it starts empty and is not kept',
  now: NOW,
})
const aside = async (): Promise<string[]> =>
  (await readdir(dir)).filter((n) => n.includes('.corrupt-'))

describe('openStateFile', () => {
  it('a newer version’s file is left as it is, with a report naming its version and what to do', async () => {
    dir = await mkdtemp(join(tmpdir(), 'lw-state-'))
    const path = join(dir, 'x.json')
    // A newer version may have changed every field: only `version` is read.
    const text = JSON.stringify({ version: 9, entries: { a: 1 } })
    await writeFile(path, text)
    const opened = await openStateFile(spec(path))
    expect(opened).toMatchObject({ value: null, newer: 9 })
    expect(opened.report).toContain(path)
    expect(opened.report).toMatch(/newer version of Liquidity Watch \(file version 9;/)
    expect(opened.report).toMatch(/it starts empty and is not kept/)
    expect(opened.report).toMatch(/update Liquidity Watch; to start afresh .*move .*x\.json aside/)
    expect(await readFile(path, 'utf8')).toBe(text)
    expect(await aside()).toEqual([])
  })

  it.each([
    ['a version that is not a number', { version: '9', items: [] }],
    ['our version, damaged', { version: 1, items: [5] }],
    ['an older, unknown version', { version: 0, items: [] }],
  ])('%s is damage: kept aside, not taken for a newer version’s file', async (_what, doc) => {
    dir = await mkdtemp(join(tmpdir(), 'lw-state-'))
    const path = join(dir, 'x.json')
    await writeFile(path, JSON.stringify(doc))
    const opened = await openStateFile(spec(path))
    expect(opened).toMatchObject({ value: null, newer: null })
    expect(opened.report).toMatch(/could not be read/)
    expect(await aside()).toHaveLength(1)
  })

  it('our version is read as it is', async () => {
    dir = await mkdtemp(join(tmpdir(), 'lw-state-'))
    const path = join(dir, 'x.json')
    await writeFile(path, JSON.stringify({ version: 1, items: ['a'] }))
    expect(await openStateFile(spec(path))).toEqual({
      value: { version: 1, items: ['a'] },
      report: null,
      newer: null,
    })
  })
})

/** Opens the store on the newer file, changes it in memory, saves: its report, for the test. */
type Exercise = (dir: string) => Promise<string | null>

const stores: [string, string, Exercise][] = [
  [
    'the alert state',
    ALERT_STATE_FILE,
    async (d) => {
      const s = await AlertStateStore.open(d, { now: () => NOW })
      s.advance({ ...freshState(), seq: 7 }, [])
      await s.save()
      return s.report
    },
  ],
  [
    'the notification log',
    NOTIFICATION_LOG_FILE,
    async (d) => {
      const log = await NotificationLog.open(d, { now: () => NOW })
      log.add(NOW, [{ status: 'suppressed', reason: 'disabled', note: 'off', eventIds: [] }])
      await log.save()
      return log.report
    },
  ],
  [
    'the detail attempts',
    DETAIL_ATTEMPTS_FILE,
    async (d) => {
      const f = await DetailAttemptsFile.openBeside(join(d, 'response-cache.json'), NOW)
      f.attempts.set('TSLA', { at: NOW.toISOString(), error: null })
      await f.save()
      return f.report
    },
  ],
  [
    'the rate-limit holds',
    RATE_HOLDS_FILE,
    async (d) => {
      const gates = new RateGates()
      const f = await RateHoldFile.open(d, gates, { now: () => NOW.getTime(), log: () => {} })
      gates.for('https://api.example.com').hold(NOW.getTime(), 60_000, 429)
      await f.save()
      return f.report
    },
  ],
]

describe('stores on a newer version’s file', () => {
  it.each(stores)(
    '%s: never renamed or written, and says which version wrote it',
    async (_what, file, exercise) => {
      dir = await mkdtemp(join(tmpdir(), 'lw-state-'))
      const path = join(dir, file)
      const text = JSON.stringify({ version: 9, whatever: { the: 'newer version keeps' } })
      await writeFile(path, text)
      const report = await exercise(dir)
      expect(await readFile(path, 'utf8')).toBe(text)
      expect(await aside()).toEqual([])
      expect(report).toContain(path)
      expect(report).toMatch(/newer version of Liquidity Watch \(file version 9;/)
    },
  )
})
