// The net-flow condition through the real core, the local service over HTTP and the app's own
// history on a fake clock: a price-move scenario (the underlying falls 20 % over 7 days, token count
// flat) makes a TVL rule fire but not a net-flow rule; a TVL drop with the price flat (tokens
// leaving) fires it, in plain words; until the app has a week of figures it is not judged.
import { afterEach, describe, expect, it } from 'vitest'
import { defaultRules, type AlertRule } from '../../src/shared/alert-rules'
import type { FlowSplit } from '../../src/shared/flow'
import { cycleThenWait, harness, MIN, row, type Harness } from './helpers'

const DAY = 24 * 60 * MIN
let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

function rule(id: string, condition: AlertRule['condition'], pendingCycles: number): AlertRule {
  return {
    ...defaultRules()[0]!,
    id,
    name: id,
    condition,
    pendingCycles,
    cooldownMinutes: 0,
  }
}

const sentTitles = (hh: Harness): string[] =>
  hh.notified.flatMap((d) => (d.status === 'sent' ? [d.title] : []))

async function flowInstance(hh: Harness) {
  const all = await hh.core.getAlertInstances()
  const i = all.find((x) => x.ruleId === 'flow')
  if (!i) throw new Error('no net-flow instance')
  return i
}

describe('net-flow rule', () => {
  it('a price fall alone fires the TVL rule, not the net-flow rule; tokens leaving fire it; short history is not judged', async () => {
    h = await harness({
      settings: {
        watchlist: ['TSLA'],
        rules: [
          rule('tvl', { kind: 'tvl-change', window: '7d', direction: 'down', thresholdPct: 15 }, 1),
          rule('flow', { kind: 'net-flow', window: '7d', direction: 'down', thresholdPct: 10 }, 2),
        ],
      },
    })
    // No history yet: not judged, with the reason (never 'ok', never an alert).
    await cycleThenWait(h)
    let flow = await flowInstance(h)
    expect(flow.state).toBe('nodata')
    expect(flow.detail).toBe(
      '7-day net flow of TSLA cannot be judged: not enough history to split the 7-day change into price and flow: Liquidity Watch records figures itself and it has no history of TSLA yet',
    )
    expect(row(h.core.lastCycle()!.rows, 'TSLA').problems).toContain(flow.detail)
    // Three days of history are still too short.
    h.clock.jump(3 * DAY)
    await cycleThenWait(h)
    flow = await flowInstance(h)
    expect(flow.state).toBe('nodata')
    expect(flow.detail).toMatch(
      /: Liquidity Watch records figures itself and its own history of TSLA starts /,
    )

    // A week on: judged, and the demo data's own week is clear of both rules.
    h.clock.jump(4 * DAY)
    await cycleThenWait(h)
    const base = h.core.lastCycle()!.flows.TSLA as FlowSplit
    expect(base.kind).toBe('split')
    expect((await flowInstance(h)).state).toBe('ok')
    expect(sentTitles(h)).toEqual([])

    // The underlying falls 20 % over the week, tokens flat: TVL falls 20 %, tokens did not move.
    const price = h.service.scenarios.add({
      kind: 'price-move',
      symbol: 'TSLA',
      pct: 20,
      windowDays: 7,
    })
    for (let i = 0; i < 3; i++) await cycleThenWait(h)
    expect(sentTitles(h)).toHaveLength(1)
    expect(sentTitles(h)[0]).toMatch(/^TSLA TVL down 1[5-9]\.\d % in 7 days$/)
    flow = await flowInstance(h)
    expect(flow.state).toBe('ok')
    expect(flow.detail).toMatch(
      /^TVL −1\d\.\d %: price −\d+\.\d %, net (out|in)flow [−+]?\d\.\d % over 7 days; alert at net outflow 10\.0 %$/,
    )

    // Now tokens leave too (15 % of the TVL over the week at a flat price on top of the fall).
    h.service.scenarios.remove(price)
    const exit = h.service.scenarios.add({
      kind: 'tvl-drop',
      symbol: 'TSLA',
      pct: 15,
      windowDays: 7,
    })
    await cycleThenWait(h)
    expect((await flowInstance(h)).state).toBe('pending')
    await cycleThenWait(h)
    expect((await flowInstance(h)).state).toBe('firing')
    const titles = sentTitles(h).filter((t) => t.includes('net outflow'))
    expect(titles).toHaveLength(1)
    // "TSLA net outflow −15.2 % in 7 days (TVL −15.9 %, price −0.8 %)"
    expect(titles[0]).toMatch(
      /^TSLA net outflow −1\d\.\d % in 7 days \(TVL −1\d\.\d %, price [−+]?\d\.\d %\)$/,
    )
    const fired = (await h.core.getAlertHistory({ type: 'fired' })).find((e) => e.ruleId === 'flow')
    const split = h.core.lastCycle()!.flows.TSLA as FlowSplit
    expect(fired).toMatchObject({ threshold: 10 })
    expect(fired!.value).toBeLessThan(-10)
    // The split it fired on is the one the row and check --json show.
    expect(fired!.message).toContain(`TVL ${split.text.match(/^TVL (\S+ %)/)![1]}`)

    // The tokens come back: resolved and told (re-armed for the next outflow).
    h.service.scenarios.remove(exit)
    await cycleThenWait(h)
    expect((await flowInstance(h)).state).toBe('resolved')
    const resolved = (await h.core.getAlertHistory({ type: 'resolved' })).find(
      (e) => e.ruleId === 'flow',
    )
    expect(resolved?.message).toMatch(/^TSLA 7-day net outflow recovered after \d+ min$/)
    const last = h.notified.at(-1)
    expect(last?.status === 'sent' && last.body).toContain(resolved!.message)
  })
})
