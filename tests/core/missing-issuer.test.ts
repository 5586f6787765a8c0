// An issuer vanishes from the service's answer while its history still counts it (the service's
// issuer-missing scenario with keepInHistory): the row says it is missing for as long as it is,
// and the smaller total never fires as a drop; a rule that asks is told which issuer left.
import { afterEach, describe, expect, it } from 'vitest'
import { cycleThenWait, harness, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('an issuer that vanishes from the data', () => {
  it('is reported as missing for as long as it is, and its absence fires no drop', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    h.service.scenarios.add({
      kind: 'issuer-missing',
      symbol: 'TSLA',
      issuer: 'Ondo',
      keepInHistory: true,
    })
    for (let i = 0; i < 6; i++) {
      await cycleThenWait(h)
      const tsla = row(h.core.lastCycle()!.rows, 'TSLA')
      // The service's own figures show a drop of more than 25 % (Ondo was over a quarter).
      expect(tsla.change7d!.pct).toBeLessThan(-25)
      expect(tsla.problems).toContainEqual(
        expect.stringMatching(/^issuer Ondo missing from the latest data since \d\d:\d\d UTC/),
      )
      expect(tsla.alertState).not.toBe('firing')
    }
    expect(h.notified).toEqual([])
    expect(await h.core.getAlertHistory({ type: 'fired' })).toEqual([])
    const [instance] = await h.core.getAlertInstances()
    expect(instance!.detail).toMatch(/without issuer Ondo/)
  })

  it('names the issuer that left when the rule asks and the absence persists', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    const [rule] = await h.core.getRules()
    await h.core.saveRule({ ...rule!, notifyMissingIssuers: true })
    await cycleThenWait(h)
    h.service.scenarios.add({ kind: 'issuer-missing', symbol: 'TSLA', issuer: 'Ondo' })
    for (let i = 0; i < 4; i++) await cycleThenWait(h)
    expect(h.notified).toHaveLength(1)
    const sent = h.notified[0]!
    expect(sent.status === 'sent' && sent.title).toMatch(
      /^TSLA: issuer Ondo has been missing from the data since/,
    )
  })
})
