import { afterEach, describe, expect, it } from 'vitest'
import { cycleThenWait, harness, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('AppCore alert flow (demo service over HTTP)', () => {
  it('a TVL drop goes pending, then firing, with exactly one notification', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
    const status = await h.core.getStatus()
    expect(status.mode).toBe('demo')
    expect(status.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)

    await cycleThenWait(h) // first cycle: baseline (backfill), nothing notified
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('ok')

    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('pending')
    expect(h.notified).toHaveLength(0)

    await cycleThenWait(h)
    const rows = await h.core.getWatchlist()
    expect(row(rows, 'TSLA').alertState).toBe('firing')
    expect(row(rows, 'TSLA').change7d!.pct).toBeLessThan(-10)
    expect(row(rows, 'NVDA').alertState).toBe('ok')
    expect(h.notified).toHaveLength(1)
    expect(h.notified[0]).toMatchObject({ status: 'sent', symbol: 'TSLA' })
    expect(h.alertEvents.filter((e) => e.type === 'fired')).toHaveLength(1)

    // Still firing on later cycles: no second notification before repeatHours.
    await cycleThenWait(h)
    await cycleThenWait(h)
    expect(h.notified).toHaveLength(1)
    const s = await h.core.getStatus()
    expect(s).toMatchObject({ firingCount: 1, worstState: 'firing', connection: 'online' })
    expect((await h.core.getNotificationLog())[0]!.decision.status).toBe('sent')
  })
})
