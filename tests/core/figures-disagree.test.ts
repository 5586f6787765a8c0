// A figure whose reported tvlChange contradicts the change its history gives is not judged and
// not notified: the reason shows in the instance and the row's problems; the rule does not move.
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

    // Neither figure can be trusted: the rule is not judged on them (issue 22 item 12), so the
    // drop neither goes pending nor fires; the instance says why.
    const [instance] = (await h.core.getAlertInstances()).filter((i) => i.symbol === 'TSLA')
    expect(instance).toMatchObject({
      state: 'nodata',
      phase: 'ok',
      breachCount: 0,
      verified: false,
    })
    expect(instance!.detail).toMatch(
      /^figures disagree: service says \+2\.0 %, history says −\d+\.\d %.*; not judged until the figures agree$/,
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
    expect(await h.core.getAlertHistory({ type: 'fired' })).toEqual([])
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

  it('do not move the rule: a pending drop is not confirmed by them, only by a trusted reading', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    await cycleThenWait(h)
    const pending = (await h.core.getAlertInstances())[0]!
    expect(pending).toMatchObject({ state: 'pending', breachCount: 1 })

    const id = h.service.scenarios.add({ kind: 'reported-change', symbol: 'TSLA', tvlChange: 0.02 })
    await cycleThenWait(h)
    await cycleThenWait(h)
    const untrusted = (await h.core.getAlertInstances())[0]!
    expect(untrusted).toMatchObject({ phase: 'pending', breachCount: 1, since: pending.since })
    expect(untrusted.state).not.toBe('firing')
    expect(untrusted.detail).toMatch(/^figures disagree: service says \+2\.0 %/)
    expect(await h.core.getAlertHistory({ type: 'fired' })).toEqual([])
    expect(h.notified).toEqual([])

    // Figures that agree again confirm the drop: the second trusted breach, notified once.
    h.service.scenarios.remove(id)
    await cycleThenWait(h)
    expect((await h.core.getAlertInstances())[0]).toMatchObject({ state: 'firing' })
    expect(h.notified).toMatchObject([{ status: 'sent', symbol: 'TSLA' }])
  })
})
