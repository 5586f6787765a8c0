// The service keeps answering, but a symbol's data stopped advancing three days ago (the service's
// 'frozen' scenario): our fetch is fresh, the service's data is not. The row says so, the instance
// is stale, and the drop in those old figures is never notified as a fresh change.
import { afterEach, describe, expect, it } from 'vitest'
import { cycleThenWait, harness, MIN, row, type Harness } from './helpers'

const DAY = 24 * 60 * MIN

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('source freshness', () => {
  it('data whose newest series point stopped advancing is source-stale and never fires', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
    await cycleThenWait(h)
    const asOf = h.clock.now() - 3 * DAY
    const day = new Date(asOf).toISOString().slice(0, 10)
    // A 30 % drop that was complete when the data froze: today's answer still shows it.
    h.service.scenarios.add({
      kind: 'tvl-drop',
      symbol: 'TSLA',
      pct: 30,
      windowDays: 1,
      endsAt: asOf - DAY,
    })
    h.service.scenarios.add({ kind: 'frozen', symbol: 'TSLA', asOf })
    for (let i = 0; i < 3; i++) await cycleThenWait(h)

    const rows = h.core.lastCycle()!.rows
    const tsla = row(rows, 'TSLA')
    expect(tsla.change7d!.pct).toBeLessThan(-20)
    expect(tsla.stale).toBe(false) // our fetch is fresh
    expect(tsla.problems).toContain(
      `source stale: the service's newest TVL point for TSLA is from ${day}`,
    )
    expect(tsla.alertState).toBe('stale')
    expect(row(rows, 'NVDA').problems).toEqual([])
    expect(h.notified).toEqual([])
    expect(await h.core.getAlertHistory({ type: 'fired' })).toEqual([])
    const [instance] = (await h.core.getAlertInstances()).filter((i) => i.symbol === 'TSLA')
    expect(instance).toMatchObject({ state: 'stale' })
    expect(instance!.detail).toMatch(/^source stale/)
  })

  it('a stale mark does not outlive the check: analytics failing for days, the fresh detail is judged', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    // The service's series for TSLA stopped three days ago: source-stale.
    const frozen = h.service.scenarios.add({
      kind: 'frozen',
      symbol: 'TSLA',
      asOf: h.clock.now() - 3 * DAY,
    })
    await cycleThenWait(h)
    expect(row(h.core.lastCycle()!.rows, 'TSLA').alertState).toBe('stale')
    // It recovers, but from now on the analytics request fails (cached analytics stand in and
    // say nothing new), while the asset detail answers fresh — and shows a real 30 % drop.
    h.service.scenarios.remove(frozen)
    h.service.faults.inject({ kind: 'status', status: 500, match: 'analytics' })
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    for (let i = 0; i < 12; i++) await cycleThenWait(h, 6 * 60 * MIN)

    const tsla = row(h.core.lastCycle()!.rows, 'TSLA')
    expect(tsla.problems.filter((p) => p.startsWith('source stale'))).toEqual([])
    expect(tsla.alertState).toBe('firing')
    expect(await h.core.getAlertHistory({ type: 'fired' })).toHaveLength(1)
    expect(h.notified[0]).toMatchObject({
      status: 'sent',
      title: expect.stringMatching(/^TSLA TVL down/),
    })
  })
})
