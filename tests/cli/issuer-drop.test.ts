// `check --rule` with the issuer-drop kind, and the migration-or-exit finding of `check --json`
// rows, in a child process against the built-in demo service with the data dir's real history:
// without a week of history the rule is not judged and the finding says why; with a snapshot from a
// week ago in which Backed held twice its TVL, Backed's own drop is judged (pending, then firing,
// exit 1) and the finding reads it as an exit.
import { describe, expect, it } from 'vitest'
import { HistoryStore, historyPath } from '../../src/main/engine/history/history-store'
import type { JsonReport } from '../../src/main/cli/json-report'
import { cli, dataDirs } from './run-cli'

const T = 120_000
const DAY = 86_400_000
const dirs = dataDirs()

describe('check --rule issuer-drop', () => {
  it(
    'not judged on a short history; judged and firing on Backed’s own drop with a week of it',
    { timeout: T },
    async () => {
      const dir = await dirs.make()
      const rule = { kind: 'issuer-drop', issuer: 'Backed', window: '7d', thresholdPct: 20 }
      const args = [
        'check',
        '--data-dir',
        dir,
        '--symbols',
        'TSLA',
        '--json',
        '--rule',
        JSON.stringify(rule),
      ]
      const first = await cli(args)
      expect(first.code).toBe(0)
      const a = JSON.parse(first.stdout) as JsonReport
      const row = a.rows[0]!
      expect(row.alertState).toBe('nodata')
      expect(row.problems).toContainEqual(
        expect.stringMatching(
          /^7-day drop of issuer Backed of TSLA cannot be judged: not enough history of each issuer's TVL over 7 days: Liquidity Watch records it itself and it has no history of TSLA yet$/,
        ),
      )
      expect(row.findings).toContainEqual(
        expect.stringMatching(
          /^issuers over 7 days: not enough history of each issuer's TVL over 7 days/,
        ),
      )

      // A week ago, by the app's own record, Backed held twice what it holds now.
      const store = HistoryStore.open({ path: historyPath(dir), now: () => new Date() })
      const now = store.reader('demo').snapshotAtOrBefore('TSLA', Date.now())!
      const issuers = now.issuers.map((i) => (i.issuer === 'Backed' ? { ...i, tvl: i.tvl * 2 } : i))
      const backed = now.issuers.find((i) => i.issuer === 'Backed')!.tvl
      store.record('demo', Date.now() - 7 * DAY - 60_000, [
        { ...now, tvl: now.tvl + backed, issuers },
      ])
      store.close()

      // The other issuers move as the demo series does on the day (how many, by how much):
      // summed as "1 other −$3" or "2 others +$1.2K", or not at all.
      const second = JSON.parse((await cli(args)).stdout) as JsonReport
      expect(second.rows[0]!.alertState).toBe('pending')
      expect(second.rows[0]!.findings).toContainEqual(
        expect.stringMatching(
          /^issuers over 7 days: Backed −\$\d+(\.\d+)?M(, \d+ others? [−+]?\$\d+(\.\d+)?[KMB]?)?: exit \(nothing offsets it\), net −\$\d+(\.\d+)?M$/,
        ),
      )
      const third = await cli(args)
      expect(third.code).toBe(1)
      const c = JSON.parse(third.stdout) as JsonReport
      const fired = c.events.find((e) => e.type === 'fired')
      expect(fired?.message).toMatch(
        /^TSLA: issuer Backed TVL down 50\.0 % in 7 days \(\$[\d.]+M → \$[\d.]+M\) \(issuers: Backed −\$\d+(\.\d+)?M(, \d+ others? [−+]?\$\d+(\.\d+)?[KMB]?)?: exit \(nothing offsets it\), net −\$\d+(\.\d+)?M\)$/,
      )
      await dirs.cleanup()
    },
  )

  it(
    'an issuer the asset does not list is said at once, with the issuers it has',
    { timeout: T },
    async () => {
      const rule = { kind: 'issuer-drop', issuer: 'Backed', window: '7d', thresholdPct: 20 }
      const r = await cli([
        'check',
        '--data-dir',
        await dirs.make(),
        '--symbols',
        'GOLD',
        '--json',
        '--rule',
        JSON.stringify(rule),
      ])
      const row = (JSON.parse(r.stdout) as JsonReport).rows[0]!
      expect(row.alertState).toBe('nodata')
      expect(row.problems).toContainEqual(
        expect.stringMatching(
          /^7-day drop of issuer Backed of GOLD cannot be judged: GOLD lists no issuer Backed \(its issuers: \w+(, \w+)* and \w+\)$/,
        ),
      )
      await dirs.cleanup()
    },
  )
})
