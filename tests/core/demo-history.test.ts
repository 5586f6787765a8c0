// Demo mode's first start shows every view (issue 22, item 21): flow vs price, issuer moves over
// 7 days and the share charts need a week of the app's own polls, so demo mode starts with the
// demo service's past week in the history (under the demo source: never mixed with a live
// service's), and only into an empty history. Real history.sqlite, the embedded service, a fake clock.
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_HISTORY_HOURS } from '../../src/main/core/demo-history'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { harness, liveHarness, tempDir, type Harness } from './helpers'

let h: Harness | null = null
const dirs: (() => Promise<void>)[] = []
afterEach(async () => {
  await h?.close()
  h = null
  for (const c of dirs.splice(0)) await c()
})

const WATCH = ['TSLA', 'NVDA', 'GOLD']

describe('demo history on a first start', () => {
  it('flow vs price, issuer moves and share charts have a week to show before the first poll', async () => {
    const clock = new FakeClock(Date.UTC(2026, 2, 10, 15, 20))
    h = await harness({ clock, settings: { watchlist: WATCH }, deps: { seedDemoHistory: true } })

    const info = await h.core.getHistoryInfo()
    expect(info.snapshots).toBe(DEMO_HISTORY_HOURS * WATCH.length)
    expect(info.to).toBe('2026-03-10T14:00:00.000Z')

    for (const symbol of WATCH) {
      const flow = await h.core.getAssetFlow(symbol)
      expect(flow.flow, symbol).toMatchObject({ kind: 'split', windowDays: 7 })
      const shares = await h.core.getAssetShares(symbol)
      expect(shares.reason, symbol).toBeNull()
      expect(shares.snapshots, symbol).toBe(DEMO_HISTORY_HOURS)
      const moves = await h.core.getAssetMigration(symbol)
      expect(moves.moves.kind, symbol).not.toBe('unknown')
    }
  })

  it('is recorded only into an empty history, and never in live mode', async () => {
    const { dir, cleanup } = await tempDir()
    dirs.push(cleanup)
    const clock = new FakeClock(Date.UTC(2026, 2, 10, 15, 20))
    const opts = { clock, dir, settings: { watchlist: WATCH }, deps: { seedDemoHistory: true } }
    h = await harness(opts)
    await h.core.refreshNow()
    const first = await h.core.getHistoryInfo()
    expect(first.snapshots).toBe((DEMO_HISTORY_HOURS + 1) * WATCH.length)
    await h.core.stop()
    h = null

    clock.jump(3 * 24 * 3_600_000) // restarted three days later: nothing is added or replaced
    h = await harness(opts)
    expect((await h.core.getHistoryInfo()).snapshots).toBe(first.snapshots)
    await h.close()
    h = null

    h = await liveHarness({ settings: { watchlist: WATCH }, deps: { seedDemoHistory: true } })
    expect((await h.core.getHistoryInfo()).snapshots).toBe(0)
  })
})
