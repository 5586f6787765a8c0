// The volume-change kind in a tiered poll (1000 watched symbols): the bulk daily series carries
// volume, so a collapse is screened 'near' and its detail fetched in the same poll, where the
// alert is judged; symbols far from the rule stay screened on the series.
import { afterEach, describe, expect, it } from 'vitest'
import { defaultRules, type AlertRule } from '../../src/shared/alert-rules'
import { MIN, row } from './helpers'
import { universeHarness, type UniverseHarness } from './tiered-helpers'

let h: UniverseHarness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const volumeRule: AlertRule = {
  ...defaultRules()[0]!,
  id: 'volume',
  name: 'Volume drying up',
  condition: { kind: 'volume-change', direction: 'down', thresholdPct: 90, baselineDays: 30 },
  pendingCycles: 1,
}

describe('volume-change in a tiered poll (1000 watched symbols)', { timeout: 60_000 }, () => {
  it('a volume collapse seen in the bulk series fetches that detail in the same poll and fires', async () => {
    h = await universeHarness({ universe: 1000, rules: [volumeRule] })
    for (let i = 0; i < 2; i++) {
      await h.poll()
      h.clock.jump(5 * MIN)
    }
    const rows = await h.core.getWatchlist()
    const screened = rows.find((r) => r.checkedBy === 'series' && r.alertState === 'ok')
    if (!screened) throw new Error('no symbol screened on the series')
    const symbol = screened.symbol
    const today = Math.floor(h.clock.now() / 86_400_000) * 86_400_000
    h.service.scenarios.add({ kind: 'volume-collapse', symbol, pct: 95, from: today + 1 })
    const poll = await h.poll()
    expect(poll.assets).toContain(symbol)
    const events = h.core.lastCycle()!.events.filter((e) => e.symbol === symbol)
    expect(events).toMatchObject([{ type: 'fired', ruleId: 'volume' }])
    expect(events[0]!.message).toMatch(
      // Its TVL keeps its own noise: the day against the average is about −95 %.
      new RegExp(`^${symbol} trading volume down 9\\d\\.\\d % against its 30-day average`),
    )
    expect(row(await h.core.getWatchlist(), symbol)).toMatchObject({
      alertState: 'firing',
      checkedBy: 'detail',
    })
    // The poll still fetched far fewer details than symbols: the rest were screened on the series.
    expect(poll.assets.length).toBeLessThan(500)
  })
})
