// A figure whose reported tvlChange contradicts the change its history gives is held, not
// notified: the episode and the reason show in the instance, the row's problems and the log.
import { afterEach, describe, expect, it } from 'vitest'
import { cycleThenWait, harness, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

async function disagreeingDrop(app: Harness): Promise<void> {
  await cycleThenWait(app)
  app.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
  app.service.scenarios.add({ kind: 'reported-change', symbol: 'TSLA', tvlChange: 0.02 })
  await cycleThenWait(app)
  await cycleThenWait(app)
}

describe('figures that disagree', () => {
  it('are held by default: recorded, shown with the reason, never notified', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
    await disagreeingDrop(h)
    expect(h.notified).toEqual([])

    const [instance] = (await h.core.getAlertInstances()).filter((i) => i.symbol === 'TSLA')
    expect(instance).toMatchObject({
      state: 'firing',
      verified: false,
      heldBack: 'figures-disagree',
    })
    expect(instance!.detail).toMatch(
      /^figures disagree: service says \+2\.0 %, history says −\d+\.\d %/,
    )

    const tsla = row(h.core.lastCycle()!.rows, 'TSLA')
    expect(tsla.problems).toContainEqual(
      expect.stringMatching(
        /^figures disagree: service says \+2\.0 %, history says −\d+\.\d % \(7-day change\)$/,
      ),
    )
    expect(row(h.core.lastCycle()!.rows, 'NVDA').problems).toEqual([])
    // The watchlist the app shows between cycles says the same.
    expect(row(await h.core.getWatchlist(), 'TSLA').problems).toEqual(tsla.problems)

    const held = (await h.core.getNotificationLog()).find(
      (l) => l.decision.status === 'held' && l.decision.reason === 'figures-disagree',
    )
    expect(held?.decision).toMatchObject({ body: expect.stringMatching(/^figures disagree/) })
    const fired = await h.core.getAlertHistory({ type: 'fired' })
    expect(fired).toMatchObject([{ symbol: 'TSLA', verified: false }])
  })

  it('are notified, marked, when the user opted in', async () => {
    h = await harness({
      settings: { watchlist: ['TSLA'], notifications: { enabled: true, notifyUnverified: true } },
    })
    await disagreeingDrop(h)
    expect(h.notified).toHaveLength(1)
    const sent = h.notified[0]!
    expect(sent.status === 'sent' && sent.title).toMatch(/\(unverified\)$/)
    expect(sent.status === 'sent' && sent.body).toMatch(/figures disagree: service says \+2\.0 %/)
  })
})
