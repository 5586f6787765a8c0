// Flow vs price from the app's own history, over the real local service: a price-move scenario
// (the underlying falls 20 % over 7 days, token count flat) makes TVL fall with it and leaves the
// net flow what it was without the scenario; too little history is said, not guessed.
import { afterEach, describe, expect, it } from 'vitest'
import type { FlowResult, FlowSplit } from '../../src/shared/flow'
import { harness, MIN, type Harness } from './helpers'

const DAY = 24 * 60 * MIN
let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

async function flowNow(x: Harness): Promise<FlowResult> {
  await x.core.refreshNow()
  const f = x.core.lastCycle()?.flows.TSLA
  if (!f) throw new Error('no flow for TSLA')
  return f
}

describe('flow vs price', () => {
  it('a falling price alone shows as price, not as net outflow', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    const first = await flowNow(h)
    expect(first.kind).toBe('unknown')
    expect(first.kind === 'unknown' && first.reason).toMatch(
      /^not enough history to split the 7-day change into price and flow: Liquidity Watch records figures itself and it has no history of TSLA yet$/,
    )

    h.clock.jump(7 * DAY)
    const base = (await flowNow(h)) as FlowSplit
    expect(base.kind).toBe('split')
    // The same instant with the underlying down 20 % over the week, token count flat.
    h.service.scenarios.add({ kind: 'price-move', symbol: 'TSLA', pct: 20, windowDays: 7 })
    const moved = (await flowNow(h)) as FlowSplit
    expect(moved.kind).toBe('split')
    const ratio = (p: number): number => 1 + p / 100
    expect(ratio(moved.pricePct) / ratio(base.pricePct)).toBeCloseTo(0.8, 3)
    expect(ratio(moved.tvlPct) / ratio(base.tvlPct)).toBeCloseTo(0.8, 6)
    // The net flow is untouched (price rounded to cents: within 0.01 pp).
    expect(Math.abs(moved.netFlowPct - base.netFlowPct)).toBeLessThan(0.01)
    // The factors multiply back to the TVL change, and the line says so.
    expect(ratio(moved.pricePct) * ratio(moved.netFlowPct)).toBeCloseTo(ratio(moved.tvlPct), 9)
    expect(moved.text).toMatch(
      /^TVL −\d+\.\d %: price −\d+\.\d %, net (out|in)flow [−+]?\d+\.\d %$/,
    )
  })

  it('the asset view gets the split as of the last recorded figures, or the plain reason', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    const none = await h.core.getAssetFlow('TSLA')
    expect(none).toEqual({
      symbol: 'TSLA',
      asOf: null,
      flow: {
        kind: 'unknown',
        windowDays: 7,
        reason:
          'not enough history to split the 7-day change into price and flow: Liquidity Watch records figures itself and it has no history of TSLA yet',
      },
    })
    await flowNow(h)
    h.clock.jump(7 * DAY)
    h.service.scenarios.add({ kind: 'price-move', symbol: 'TSLA', pct: 20, windowDays: 7 })
    const polled = (await flowNow(h)) as FlowSplit
    const at = h.core.lastCycle()!.at
    // Later, between polls: still the split of the last poll's figures, the one its row shows.
    h.clock.jump(3 * MIN)
    const view = await h.core.getAssetFlow('TSLA')
    expect(view.asOf).toBe(at)
    expect(view.flow).toEqual(polled)
    expect(view.flow.kind === 'split' && view.flow.text).toMatch(
      /^TVL −\d+\.\d %: price −\d+\.\d %/,
    )
  })
})
