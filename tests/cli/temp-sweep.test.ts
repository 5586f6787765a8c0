// Temp files of atomic writes left by a killed run (`<name>.<number>` from write-file-atomic,
// `<name>.tmp-<stamp>` from conf's writer) are swept at the next start: only beside our own files,
// only old ones (a fresh one may be a live writer's, e.g. the app's beside this run), nothing else.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cli, dataDirs } from './run-cli'

const T = 60_000
const dirs = dataDirs()
afterAll(() => dirs.cleanup())

describe('temp files of atomic writes at start', () => {
  it(
    'old ones beside our files are removed; fresh ones and other files are kept',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const cacheDir = join(dir, 'caches', 'demo')
      mkdirSync(cacheDir, { recursive: true })
      const old = [
        join(dir, 'settings.json.tmp-1764300000123abc'),
        join(dir, 'settings.last-good.json.3345678901'),
        join(dir, 'alert-state.json.12345'),
        join(dir, 'rate-holds.json.4294967295'),
        join(dir, 'notification-log.json.77'),
        join(cacheDir, 'detail-attempts.json.998877'),
        join(cacheDir, 'response-cache.json.31337'),
      ]
      const kept = [
        join(dir, 'alert-state.json.555'), // fresh: maybe a live writer's
        join(dir, 'notes.txt.12345'), // not ours
        join(dir, 'alert-state.json.corrupt-2026-01-01T00-00-00-000Z'), // kept aside on purpose
        join(dir, 'alert-state.json.bak'), // not the temp pattern
      ]
      const hourAgo = new Date(Date.now() - 60 * 60_000)
      for (const p of [...old, ...kept]) writeFileSync(p, '{"half": ')
      for (const p of [...old, ...kept.slice(1)]) utimesSync(p, hourAgo, hourAgo)
      // Times on the test's clock (the suite's pinned one), as the CLI reads them: the file system
      // would stamp the wall clock's.
      utimesSync(kept[0]!, new Date(), new Date())
      const r = await cli(['check', '--data-dir', dir, '--symbols', 'TSLA'])
      expect(r.code, r.stderr).not.toBe(2)
      for (const p of old) expect(existsSync(p), p).toBe(false)
      for (const p of kept) expect(existsSync(p), p).toBe(true)
    },
  )
})
