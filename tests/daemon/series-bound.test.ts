// A 1000-symbol watchlist stays under 50 000 series: the metrics of every symbol of the generated
// universe (the service's own details: its issuers, networks and pools), each with both windows'
// changes, a flow split, a data date and the alert state of ten rules, counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AssetDetail } from '../../src/shared/liquidity-schemas'
import type { FlowSplit } from '../../src/shared/flow'
import type { WatchRow } from '../../src/shared/view-models'
import type { CycleResult } from '../../src/main/engine/poll/cycle'
import { startLocalService, type LocalService } from '../../src/dev-service/server'
import { DaemonMetrics } from '../../src/main/daemon/metrics'
import { setPollMetrics, setSymbolMetrics } from '../../src/main/daemon/poll-metrics'
import { universeSymbols } from '../../bench/scale-data'

const N = 1000
const KEY = 'lw-series-bound-key'
let svc: LocalService
const details = new Map<string, AssetDetail>()

beforeAll(async () => {
  svc = await startLocalService({ apiKey: KEY, universe: N })
  const symbols = universeSymbols(N)
  for (let i = 0; i < symbols.length; i += 50) {
    await Promise.all(
      symbols.slice(i, i + 50).map(async (s) => {
        const r = await fetch(`${svc.url}/api/v0/liquidity/asset/${s}`, {
          headers: { Authorization: `Bearer ${KEY}` },
        })
        details.set(s, (await r.json()) as AssetDetail)
      }),
    )
  }
}, 120_000)

afterAll(async () => {
  await svc?.close()
})

describe('series at 1000 symbols', () => {
  it('stays under 50 000 series with every figure and ten rules set', async () => {
    const change = { pct: -3, verified: true, reported: -0.03 }
    const rows = [...details.values()].map(
      (d) =>
        ({
          symbol: d.symbol,
          totalTvl: d.totalTvl,
          totalVolume: d.totalVolume,
          change7d: change,
          change30d: change,
          dataDate: '2026-11-23',
        }) as WatchRow,
    )
    // Ten rules on every symbol: more than a desk keeps (the default is one).
    const rules = Array.from({ length: 10 }, (_, i) => ({ id: `rule-${i + 1}` }))
    const instances = rows.flatMap((r) =>
      rules.map((rule) => ({ ruleId: rule.id, symbol: r.symbol, state: 'ok', phase: 'ok' })),
    )
    const flow = { kind: 'split', pricePct: -1, netFlowPct: -2 } as FlowSplit
    const m = new DaemonMetrics()
    setSymbolMetrics(m, {
      rows,
      cycle: { instances } as unknown as CycleResult,
      detail: (s) => details.get(s) ?? null,
      flows: new Map(rows.map((r) => [r.symbol, flow])),
      nowMs: Date.parse('2026-11-24T15:00:00Z'),
    })
    setPollMetrics(m, { failures: [], rows, retryAfterMs: null } as unknown as CycleResult, {
      ok: true,
      durationMs: 1000,
      lastSuccessMs: 0,
    })
    const series = (await m.registry.getMetricsAsJSON()).reduce((n, x) => n + x.values.length, 0)
    // Every symbol is there with its pools: the count is of a full set, not an empty one.
    expect(
      (await m.registry.getSingleMetric('liquidity_watch_tvl_usd')!.get()).values,
    ).toHaveLength(N)
    const pools = (await m.registry.getSingleMetric('liquidity_watch_pools')!.get()).values
    expect(pools.length).toBeGreaterThanOrEqual(N)
    console.info(`${series} series for ${N} symbols and ${rules.length} rules`)
    expect(series).toBeLessThan(50_000)
  })
})
