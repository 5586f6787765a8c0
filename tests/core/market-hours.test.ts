// Every notification on a stock or commodity says whether the underlying's market was open at the
// time of the data; a weekend drop of a tokenized stock is labelled so in the notification and in
// the alert history. Through the real core over the local service, on the fake clock.
import { afterEach, describe, expect, it } from 'vitest'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { cycleThenWait, harness, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

/** A baseline poll, then a 30 % one-day drop of `symbol` polled until it fires. */
async function dropFires(start: string, symbol: string): Promise<Harness> {
  const app = await harness({ clock: new FakeClock(start), settings: { watchlist: [symbol] } })
  await cycleThenWait(app)
  app.service.scenarios.add({ kind: 'tvl-drop', symbol, pct: 30, windowDays: 1 })
  await cycleThenWait(app)
  await cycleThenWait(app)
  expect(app.notified).toHaveLength(1)
  return app
}

describe('market hours on alerts', () => {
  it('labels a weekend drop of a tokenized stock in the notification and the history', async () => {
    h = await dropFires('2026-11-21T15:00:00Z', 'TSLA') // Saturday 10:00 New York
    const sent = h.notified[0]!
    expect(sent.status === 'sent' && sent.body).toContain(
      'While the US market was closed (weekend).',
    )
    const [fired] = await h.core.getAlertHistory({ type: 'fired' })
    expect(fired!.market).toMatchObject({
      market: 'us-equities',
      phase: 'closed',
      reason: 'weekend',
      label: 'US market closed (weekend)',
    })
  })

  it('says the US market was open for a drop during the session', async () => {
    h = await dropFires('2026-11-24T15:00:00Z', 'NVDA') // Tuesday 10:00 New York
    const sent = h.notified[0]!
    expect(sent.status === 'sent' && sent.body).toContain('While the US market was open.')
  })

  it('names a holiday and a commodity’s own session', async () => {
    h = await dropFires('2026-11-26T15:00:00Z', 'TSLA') // Thanksgiving
    const sent = h.notified[0]!
    expect(sent.status === 'sent' && sent.body).toContain(
      'While the US market was closed (holiday: Thanksgiving).',
    )
    await h.close()
    h = await dropFires('2026-11-24T22:10:00Z', 'GOLD') // Tuesday 17:10 New York
    const gold = h.notified[0]!
    expect(gold.status === 'sent' && gold.body).toContain(
      'While the CME metals market was closed (daily break).',
    )
  })
})
