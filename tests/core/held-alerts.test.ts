// An alert held back by a pause or quiet hours meets the rules as they are when the hold ends:
// snoozed for the symbol or deleted meanwhile → not delivered, and the Notification log says why.
import { afterEach, describe, expect, it } from 'vitest'
import { cycleThenWait, harness, MIN, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

/** Baseline cycle, pause for 1 h, TSLA drops and fires while paused (held). */
async function firedWhilePaused(): Promise<Harness> {
  const app = await harness({ settings: { watchlist: ['TSLA'] } })
  await cycleThenWait(app)
  await app.core.pauseNotifications(60)
  app.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
  await cycleThenWait(app)
  await cycleThenWait(app)
  expect((await app.core.getNotificationLog())[0]!.decision).toMatchObject({
    status: 'held',
    reason: 'paused',
  })
  return app
}

describe('held alerts after the rule changed', () => {
  it('are not delivered after the rule was snoozed for that symbol', async () => {
    h = await firedWhilePaused()
    await h.core.snooze({ ruleId: 'default-7d-drop', symbol: 'TSLA', minutes: 180 })
    h.clock.jump(60 * MIN)
    await cycleThenWait(h)
    expect(h.notified).toEqual([])
    const [latest] = await h.core.getNotificationLog()
    expect(latest!.decision).toMatchObject({ status: 'suppressed', reason: 'snoozed' })
    expect(latest!.decision.status !== 'sent' && latest!.decision.note).toMatch(
      /paused.*not delivered.*snoozed for TSLA/,
    )
    expect(await h.core.getAlertHistory({ type: 'dropped' })).toHaveLength(1)
  })

  it('are not delivered after the rule was deleted', async () => {
    h = await firedWhilePaused()
    await h.core.deleteRule('default-7d-drop')
    h.clock.jump(60 * MIN)
    await cycleThenWait(h)
    expect(h.notified).toEqual([])
    const [latest] = await h.core.getNotificationLog()
    expect(latest!.decision).toMatchObject({ status: 'suppressed', reason: 'rule-deleted' })
    expect(latest!.decision.status !== 'sent' && latest!.decision.note).toMatch(/deleted/)
  })
})
