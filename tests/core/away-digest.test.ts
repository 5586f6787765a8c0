// After sleep, a long offline spell or a restart, the first poll back says in ONE notification (and
// one panel) what crossed while the user was away, instead of nothing or a burst. Through the real
// core over the local service on the fake clock: sleep is the clock jumping between pause() and
// resume(), offline is the service resetting connections, a restart is a new core on the same dir.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defaultRules, type NotificationDecision } from '../../src/shared/alert-rules'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { startLocalService } from '../../src/dev-service/server'
import { cycleThenWait, harness, LIVE_KEY, MIN, tempDir, type Harness } from './helpers'

const HOUR = 60 * MIN
let h: Harness | null = null
let cleanup: (() => Promise<void>) | null = null
afterEach(async () => {
  await h?.close()
  h = null
  await cleanup?.()
  cleanup = null
})

const START = '2026-11-24T15:00:00Z' // a Tuesday, US market open

/**
 * GOLD firing (notified), TSLA and NVDA one breach short of firing: what the user left behind.
 * Returns the id of GOLD's drop, to end it while away.
 */
async function leaveWithAlertsUnderWay(app: Harness): Promise<string> {
  await cycleThenWait(app)
  const gold = app.service.scenarios.add({
    kind: 'tvl-drop',
    symbol: 'GOLD',
    pct: 30,
    windowDays: 1,
  })
  await cycleThenWait(app)
  await cycleThenWait(app)
  expect(app.notified.map((d) => d.status === 'sent' && d.title)).toEqual([
    expect.stringContaining('GOLD'),
  ])
  for (const symbol of ['TSLA', 'NVDA'])
    app.service.scenarios.add({ kind: 'tvl-drop', symbol, pct: 30, windowDays: 1 })
  await cycleThenWait(app)
  expect(app.notified).toHaveLength(1)
  return gold
}

const WATCH = { watchlist: ['TSLA', 'NVDA', 'GOLD', 'AAPL'] }
const sent = (ds: NotificationDecision[]): Extract<NotificationDecision, { status: 'sent' }>[] =>
  ds.filter((d): d is Extract<NotificationDecision, { status: 'sent' }> => d.status === 'sent')

/** The poll the clock started has finished (its history write runs in real time, in a worker). */
async function pollDone(h: Harness): Promise<void> {
  await vi.waitFor(async () => expect((await h.core.getStatus()).refreshing).toBe(false), {
    timeout: 10_000,
  })
}

describe('the away digest', () => {
  it('after sleep: one notification and a panel, "2 alerts fired, 1 resolved"', async () => {
    h = await harness({ clock: new FakeClock(START), settings: WATCH })
    h.core.start()
    await h.clock.advance(0)
    h.notified.length = 0
    // The poller's own polls: baseline done; now the set-up polls by hand, on its schedule.
    const gold = await leaveWithAlertsUnderWay(h)
    h.notified.length = 0
    h.core.pause() // powerMonitor 'suspend'
    h.service.scenarios.remove(gold)
    h.clock.jump(9 * HOUR)
    h.core.resume() // powerMonitor 'resume': one poll soon
    await h.clock.advance(10_000)
    // The poll records its history in a worker thread (real time): wait for it to finish.
    await pollDone(h)

    const out = sent(h.notified)
    expect(out).toHaveLength(1)
    expect(out[0]!.title).toBe('While you were away (9 h 5 min): 2 alerts fired, 1 resolved')
    expect(out[0]!.body.split('\n')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^• TSLA .* \(still firing\) — while the US market was /),
        expect.stringMatching(/^• NVDA .* \(still firing\)/),
        expect.stringMatching(
          /^• GOLD .*recovered.*: 7-day TVL back to [−+]\d+\.\d % \(threshold −10\.0 %\)/,
        ),
      ]),
    )
    // The data of the first poll back, in the user's zone (UTC here).
    const back = new Date(h.clock.now() - 10_000).toISOString().slice(11, 16)
    expect(out[0]!.body.split('\n').at(-1)).toBe(`Data as of ${back} UTC.`)
    // Each alert is still in the history on its own.
    const fired = await h.core.getAlertHistory({ type: 'fired' })
    expect(fired.map((e) => e.symbol).sort()).toEqual(['GOLD', 'NVDA', 'TSLA'])
    expect(await h.core.getAlertHistory({ type: 'resolved' })).toHaveLength(1)

    const panel = await h.core.getAwayDigest()
    expect(panel).toMatchObject({ fired: 2, resolved: 1, stillFiring: 0, title: out[0]!.title })
    expect(panel!.items.map((i) => [i.kind, i.symbol])).toEqual(
      expect.arrayContaining([
        ['fired', 'TSLA'],
        ['fired', 'NVDA'],
        ['resolved', 'GOLD'],
      ]),
    )
    // The next poll is back to normal: nothing more to say.
    await h.clock.advance(5 * MIN + 30_000)
    await pollDone(h)
    expect(sent(h.notified)).toHaveLength(1)
  })

  it('a short nap is not "away": alerts are notified as usual', async () => {
    h = await harness({ clock: new FakeClock(START), settings: WATCH })
    await leaveWithAlertsUnderWay(h)
    h.notified.length = 0
    h.clock.jump(20 * MIN) // 25 min since the last poll: under the 30 min floor
    await h.core.refreshNow()
    const out = sent(h.notified)
    expect(out).toHaveLength(1)
    expect(out[0]!.title).toBe('2 Liquidity Watch alerts')
    expect(await h.core.getAwayDigest()).toBeNull()
  })

  it('one alert found after being away is its own notification, saying so', async () => {
    const rules = defaultRules().map((r) => ({ ...r, pendingCycles: 1 }))
    h = await harness({ clock: new FakeClock(START), settings: { ...WATCH, rules } })
    await cycleThenWait(h)
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    h.clock.jump(2 * HOUR)
    await h.core.refreshNow()
    const out = sent(h.notified)
    expect(out).toHaveLength(1)
    expect(out[0]!.title).toMatch(/^TSLA TVL down/)
    expect(out[0]!.body).toMatch(
      /\nWhile you were away \(2 h 5 min\): found on the first check back\.$/,
    )
    expect(await h.core.getAwayDigest()).toMatchObject({ fired: 1, items: [{ symbol: 'TSLA' }] })
  })

  it('after a long offline spell, names an alert still firing as such', async () => {
    h = await harness({ clock: new FakeClock(START), settings: WATCH })
    await leaveWithAlertsUnderWay(h)
    h.notified.length = 0
    h.service.faults.inject({ kind: 'reset' })
    for (let i = 0; i < 8; i++) await cycleThenWait(h, 5 * MIN) // 40 min without an answer
    expect(h.notified).toEqual([])
    h.service.faults.clear()
    await h.core.refreshNow()
    const out = sent(h.notified)
    expect(out).toHaveLength(1)
    expect(out[0]!.title).toBe('While you were away (45 min): 2 alerts fired, 1 still firing')
    expect(out[0]!.body).toMatch(/• GOLD: “7-day TVL drop ≥ 10 %” still firing since 15:10/)
    const panel = await h.core.getAwayDigest()
    expect(panel).toMatchObject({ fired: 2, resolved: 0, stillFiring: 1 })
  })

  it('after a restart: the last-seen time is kept with the alert state; the panel until dismissed', async () => {
    const tmp = await tempDir()
    const clock = new FakeClock(START)
    // The service outlives the app (its scenarios too): a live core on the same clock.
    const live = await startLocalService({ now: () => clock.date(), apiKey: LIVE_KEY })
    cleanup = async () => {
      await live.close()
      await tmp.cleanup()
    }
    const app = (): Promise<Harness> => harness({ clock, dir: tmp.dir, live, settings: WATCH })
    h = await app()
    await leaveWithAlertsUnderWay(h)
    await h.close()
    clock.jump(12 * HOUR) // the app was not running
    h = await app()
    await h.core.refreshNow()
    const out = sent(h.notified)
    expect(out).toHaveLength(1)
    expect(out[0]!.title).toBe('While you were away (12 h 5 min): 2 alerts fired, 1 still firing')

    // The panel outlives another restart, and is gone once dismissed (saved).
    await h.close()
    h = await app()
    expect((await h.core.getAwayDigest())?.title).toBe(out[0]!.title)
    await h.core.dismissAwayDigest()
    expect(await h.core.getAwayDigest()).toBeNull()
    await h.close()
    h = await app()
    expect(await h.core.getAwayDigest()).toBeNull()
  })
})
