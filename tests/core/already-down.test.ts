// A drop already under way when watching begins (a new user, or a symbol added during a crash) is
// notified once, saying it was already under way then: "Firing" with no notification is never right.
import { afterEach, describe, expect, it } from 'vitest'
import { defaultRules } from '../../src/shared/alert-rules'
import type { NotificationDecision } from '../../src/shared/alert-rules'
import { cycleThenWait, harness, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const ALREADY = /\(already under way when watching began\)/

function text(d: NotificationDecision | undefined): string {
  return d?.status === 'sent' ? `${d.title}\n${d.body}` : ''
}

describe('a drop already under way when watching begins', () => {
  it('is notified once, saying it was already under way, also on a rule that confirms at once', async () => {
    const rules = [{ ...defaultRules()[0]!, pendingCycles: 1 }]
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'], rules } })
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    for (let i = 0; i < 4; i++) await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('firing')
    expect(h.notified).toMatchObject([{ status: 'sent', symbol: 'TSLA' }])
    expect(text(h.notified[0])).toMatch(/^TSLA TVL down \d+\.\d % in 7 days/)
    expect(text(h.notified[0])).toMatch(ALREADY)
    const [fired] = await h.core.getAlertHistory({ type: 'fired' })
    expect(fired?.message).toMatch(ALREADY)
  })

  it('a symbol added while its drop is under way: notified once, saying so', async () => {
    h = await harness({ settings: { watchlist: ['NVDA'] } })
    await cycleThenWait(h)
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    await h.core.addSymbol('TSLA')
    for (let i = 0; i < 3; i++) await cycleThenWait(h)
    expect(h.notified).toMatchObject([{ status: 'sent', symbol: 'TSLA' }])
    expect(text(h.notified[0])).toMatch(ALREADY)
  })

  it('a drop that starts while watched says nothing of the start', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    for (let i = 0; i < 2; i++) await cycleThenWait(h)
    expect(h.notified).toMatchObject([{ status: 'sent', symbol: 'TSLA' }])
    expect(text(h.notified[0])).not.toMatch(/watching began/)
  })

  it('figures that disagree at first are no look at the condition: the drop measured once they agree was already under way', async () => {
    const rules = [{ ...defaultRules()[0]!, pendingCycles: 1 }]
    h = await harness({ settings: { watchlist: ['TSLA'], rules } })
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    // The service reports a 7-day change its own history contradicts: not judged.
    h.service.scenarios.add({
      kind: 'reported-change',
      symbol: 'TSLA',
      window: '7d',
      tvlChange: 0.5,
    })
    await cycleThenWait(h)
    expect(h.notified).toEqual([])
    h.service.scenarios.clear()
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    for (let i = 0; i < 2; i++) await cycleThenWait(h)
    expect(h.notified).toMatchObject([{ status: 'sent', symbol: 'TSLA' }])
    expect(text(h.notified[0])).toMatch(ALREADY)
  })
})
