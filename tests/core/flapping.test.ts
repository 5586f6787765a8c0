// A value that keeps crossing the threshold and the whole re-arm margin (the service's 'oscillate'
// scenario) for 2 h: one notification for the first episode, one that it is flapping, never two
// within the rule's cooldown; the flapping shows on the instance and the watchlist row.
import { afterEach, describe, expect, it } from 'vitest'
import { cycleThenWait, harness, MIN, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('a value flapping across the re-arm margin', () => {
  it('notifies once per cooldown at most, says it is flapping, and shows it', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    const base = row(await h.core.getWatchlist(), 'TSLA').change7d!.pct
    // Low half: a 14 % drop (fires at 10 %); high half: its own level (past the 2-point margin).
    expect(base).toBeGreaterThan(-6)
    const pct = (1 - 0.86 / (1 + base / 100)) * 100
    h.service.scenarios.add({ kind: 'oscillate', symbol: 'TSLA', pct, periodMinutes: 20 })
    for (let i = 0; i < 24; i++) await cycleThenWait(h) // 2 h of 5-minute polls

    const history = await h.core.getAlertHistory({})
    expect(history.filter((e) => e.type === 'fired').length).toBeGreaterThanOrEqual(4)
    const sent = (await h.core.getNotificationLog()).filter((l) => l.decision.status === 'sent')
    expect(h.notified).toHaveLength(sent.length)
    expect(sent.length).toBeLessThanOrEqual(2)
    const times = sent.map((l) => Date.parse(l.at)).sort((a, b) => a - b)
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(60 * MIN)
    expect(sent.map((l) => l.decision.status === 'sent' && l.decision.title)).toContainEqual(
      expect.stringMatching(/^TSLA 7-day TVL drop is flapping/),
    )

    const [instance] = await h.core.getAlertInstances()
    expect(instance).toMatchObject({ symbol: 'TSLA', flapping: true })
    expect(row(await h.core.getWatchlist(), 'TSLA').flapping).toBe(true)
  })
})

describe('flapping that starts inside the cooldown (U6)', () => {
  it('is recorded and shown at once, and notified once, when the cooldown ends', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    const base = row(await h.core.getWatchlist(), 'TSLA').change7d!.pct
    const pct = (1 - 0.86 / (1 + base / 100)) * 100
    h.service.scenarios.add({ kind: 'oscillate', symbol: 'TSLA', pct, periodMinutes: 20 })
    let flaggedAt: number | null = null
    let seenInPoll = false
    for (let i = 0; i < 30; i++) {
      await h.core.refreshNow()
      const [instance] = await h.core.getAlertInstances()
      if (instance?.flapping && flaggedAt === null) {
        flaggedAt = h.clock.now()
        // This scenario flags flapping while the first episode's cooldown still runs.
        expect(instance.cooldownUntil).not.toBeNull()
        // The poll that found it says so (the CLI prints it: "FLAPPING: …"), and why it waits.
        const cycle = h.core.lastCycle()!
        seenInPoll = cycle.events.some((e) => e.type === 'flapping')
        const why = cycle.decisions.find(
          (d) => d.status === 'suppressed' && d.reason === 'cooldown',
        )
        expect(why?.status === 'suppressed' && why.note).toMatch(/told when the cooldown ends/)
      }
      h.clock.jump(5 * MIN)
    }
    expect(flaggedAt).not.toBeNull()
    expect(seenInPoll).toBe(true)
    const notices = (await h.core.getNotificationLog()).filter(
      (l) => l.decision.status === 'sent' && /is flapping/.test(l.decision.title),
    )
    expect(notices).toHaveLength(1)
    const firstSent = (await h.core.getNotificationLog())
      .filter((l) => l.decision.status === 'sent')
      .map((l) => Date.parse(l.at))
      .sort((a, b) => a - b)[0]!
    expect(Date.parse(notices[0]!.at) - firstSent).toBeGreaterThanOrEqual(60 * MIN)
    // In the history twice, no more: when found (held by the cooldown) and when notified.
    const history = await h.core.getAlertHistory({ type: 'flapping' })
    expect(history).toHaveLength(2)
  })
})
