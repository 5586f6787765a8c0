import { afterEach, describe, expect, it } from 'vitest'
import { cycleThenWait, dropFor, harness, MIN, row, type Harness } from './helpers'

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

describe('AppCore alert flow: flapping, restart, snooze, quiet hours', () => {
  it('a value flapping around the threshold does not notify twice', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    const base = row(await h.core.getWatchlist(), 'TSLA').change7d!.pct
    const setChange = (target: number): void => {
      h!.service.scenarios.clear()
      h!.service.scenarios.add({
        kind: 'tvl-drop',
        symbol: 'TSLA',
        pct: dropFor(base, target),
        windowDays: 1,
      })
    }
    setChange(-10.6)
    await cycleThenWait(h)
    await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('firing')
    for (const target of [-9.6, -10.6, -9.4, -10.8, -9.5, -10.4]) {
      setChange(target)
      await cycleThenWait(h)
      expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('firing')
    }
    expect(h.notified).toHaveLength(1)
    const history = await h.core.getAlertHistory({})
    expect(history.filter((e) => e.type === 'fired')).toHaveLength(1)
    expect(history.filter((e) => e.type === 'resolved')).toHaveLength(0)
  })

  it('a new core on the same data dir does not re-notify an alert that was already firing', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    await cycleThenWait(h)
    await cycleThenWait(h)
    expect(h.notified).toHaveLength(1)
    const { dir, clock } = h
    await h.core.stop() // keep the directory: a restart
    const second = await harness({ dir, clock })
    try {
      second.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
      expect(row(await second.core.getWatchlist(), 'TSLA')).toMatchObject({ alertState: 'firing' })
      await cycleThenWait(second)
      await cycleThenWait(second)
      expect(row(await second.core.getWatchlist(), 'TSLA').alertState).toBe('firing')
      expect(second.notified).toHaveLength(0)
      expect((await second.core.getAlertHistory({ type: 'fired' })).length).toBe(1)
    } finally {
      await second.close()
    }
  })

  it('snoozing a rule for a symbol suppresses its notification and logs a snoozed event', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
    await cycleThenWait(h)
    const rules = await h.core.snooze({ ruleId: 'default-7d-drop', symbol: 'TSLA', minutes: 120 })
    expect(rules[0]!.overrides.TSLA!.snoozedUntil).toBe(
      new Date(h.clock.now() + 120 * MIN).toISOString(),
    )
    expect(h.alertEvents.map((e) => e.type)).toEqual(['snoozed'])
    expect(row(await h.core.getWatchlist(), 'TSLA').snoozed).toBe(true)
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    await cycleThenWait(h)
    await cycleThenWait(h)
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('firing')
    expect(h.notified).toHaveLength(0)
    const log = await h.core.getNotificationLog()
    expect(
      log.some((l) => l.decision.status === 'suppressed' && l.decision.reason === 'snoozed'),
    ).toBe(true)
    expect((await h.core.getAlertHistory({ type: 'snoozed' }))[0]).toMatchObject({ symbol: 'TSLA' })
    // The snooze is persisted with the rules.
    expect((await h.core.getSettings()).rules[0]!.overrides.TSLA!.snoozedUntil).not.toBeNull()
  })

  it('alerts during quiet hours are held, then delivered as one digest', async () => {
    // Fake clock starts 12:00 UTC; the harness reads local time as UTC.
    h = await harness({
      settings: {
        watchlist: ['TSLA', 'NVDA'],
        quietHours: { enabled: true, start: '11:00', end: '12:30' },
      },
    })
    await cycleThenWait(h)
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'NVDA', pct: 30, windowDays: 1 })
    await cycleThenWait(h)
    await cycleThenWait(h) // 12:10 both fire, inside quiet hours
    expect(row(await h.core.getWatchlist(), 'TSLA').alertState).toBe('firing')
    expect(h.notified).toHaveLength(0)
    expect((await h.core.getNotificationLog())[0]!.decision).toMatchObject({
      status: 'held',
      reason: 'quiet-hours',
    })
    h.clock.jump(20 * MIN) // 12:35
    await cycleThenWait(h)
    expect(h.notified).toHaveLength(1)
    expect(h.notified[0]!.status).toBe('sent')
    const body = (h.notified[0] as { body: string }).body
    expect(body).toContain('TSLA')
    expect(body).toContain('NVDA')
    await cycleThenWait(h)
    expect(h.notified).toHaveLength(1)
  })

  it('pauseNotifications holds alerts until the pause ends', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    const status = await h.core.pauseNotifications(60)
    expect(status.notificationsPausedUntil).toBe(new Date(h.clock.now() + 60 * MIN).toISOString())
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    await cycleThenWait(h)
    await cycleThenWait(h)
    expect(h.notified).toHaveLength(0)
    expect((await h.core.getNotificationLog())[0]!.decision).toMatchObject({
      status: 'held',
      reason: 'paused',
    })
    h.clock.jump(60 * MIN)
    await cycleThenWait(h)
    expect(h.notified).toHaveLength(1)
  })
})
