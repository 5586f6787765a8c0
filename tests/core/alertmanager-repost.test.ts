// Alertmanager forgets a firing alert not posted again before its endsAt: after every poll, what
// still fires is re-posted to each Alertmanager contact point (not through the outbox). A receiver
// on 127.0.0.1 stands for Alertmanager's API here; tests/cli/contact-point-alertmanager.test.ts
// runs the real one.
import { afterEach, describe, expect, it } from 'vitest'
import { contactPointSchema } from '../../src/shared/contact-points'
import { channelFor } from '../../src/main/engine/delivery/channels/registry'
import { WebhookReceiver } from '../support/webhook-receiver'
import { cycleThenWait, harness } from './helpers'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

interface Posted {
  labels: Record<string, string>
  endsAt: string
}

describe('Alertmanager re-post', () => {
  it('a firing alert is posted once as news, then again after every poll while it fires', async () => {
    const am = await WebhookReceiver.start()
    cleanups.push(() => am.close())
    const point = contactPointSchema.parse({
      id: 'am',
      name: 'Team Alertmanager',
      kind: 'alertmanager',
      url: am.url,
      isDefault: true,
    })
    const h = await harness({
      settings: { watchlist: ['TSLA', 'NVDA'] },
      deps: {
        delivery: {
          channelFor,
          secrets: null,
          runContactPoints: [{ point, secret: null }],
        },
      },
    })
    cleanups.push(() => h.close())
    await cycleThenWait(h)
    h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
    await cycleThenWait(h)
    await h.core.delivery()!.settled()
    expect(am.log).toHaveLength(0)
    await cycleThenWait(h) // fires: the message, and the first re-post
    await h.core.delivery()!.settled()
    await cycleThenWait(h)
    await h.core.delivery()!.settled()
    expect(am.log.every((r) => r.path === '/api/v2/alerts')).toBe(true)
    const bodies = am.log.map((r) => JSON.parse(r.body) as Posted[])
    // Every post is about TSLA only; after the firing poll each poll posted it again.
    for (const b of bodies) expect(b.map((a) => a.labels.symbol)).toEqual(['TSLA'])
    expect(bodies.length).toBeGreaterThanOrEqual(3)
    const ends = bodies.map((b) => Date.parse(b[0]!.endsAt))
    expect(ends.at(-1)!).toBeGreaterThan(ends[0]!)
  })
})
