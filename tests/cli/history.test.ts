// `check` records its poll in the data dir's history.sqlite, as the app does (a child process,
// real files, the built-in demo service), and node:sqlite loads without a flag or a warning.
import { describe, expect, it } from 'vitest'
import { HistoryStore, historyPath } from '../../src/main/engine/history/history-store'
import type { JsonReport } from '../../src/main/cli/json-report'
import { cli, dataDirs } from './run-cli'

const T = 90_000
const dirs = dataDirs()

describe('cli check and history', () => {
  it('each run records the symbols it checked', { timeout: T }, async () => {
    const dir = await dirs.make()
    for (let run = 0; run < 2; run++) {
      const r = await cli(['check', '--data-dir', dir, '--symbols', 'TSLA,GOLD', '--json'])
      expect(r.code).toBe(0)
      expect(r.stderr).not.toMatch(/ExperimentalWarning|SQLite/)
      // Each row says why its 7-day change is not split yet (two runs are not a week of history).
      const doc = JSON.parse(r.stdout) as JsonReport
      expect(doc.rows.map((x) => x.flow)).toEqual([
        expect.objectContaining({
          kind: 'unknown',
          reason: expect.stringMatching(/^not enough history to split the 7-day change/) as string,
        }),
        expect.objectContaining({ kind: 'unknown' }),
      ])
      // And says so among its findings, in the words the human output prints.
      expect(doc.rows[0]!.findings).toContainEqual(
        expect.stringMatching(/^7-day flow vs price: not enough history/),
      )
    }
    const store = HistoryStore.open({ path: historyPath(dir), now: () => new Date() })
    const r = store.reader('demo')
    expect(r.series('TSLA', 0, Date.now() + 60_000)).toHaveLength(2)
    expect(r.series('GOLD', 0, Date.now() + 60_000)).toHaveLength(2)
    expect(r.series('NVDA', 0, Date.now() + 60_000)).toHaveLength(0)
    store.close()
    await dirs.cleanup()
  })
})
