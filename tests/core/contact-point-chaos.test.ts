// Chaos through the whole core: the local service's drops on three symbols over successive polls
// while the receiver answers 500 for 10 minutes (injected time), then 429 with Retry-After, then
// OK. Every alert arrives once, in the order it was decided, and the desktop never waited.
import { afterEach, describe, expect, it } from 'vitest'
import { contactPointSchema } from '../../src/shared/contact-points'
import { channelFor } from '../../src/main/engine/delivery/channels/registry'
import { WebhookReceiver } from '../support/webhook-receiver'
import { harness, MIN, type Harness } from './helpers'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** Moves the clock on by `ms`, letting each delivery timer fire and its send finish. */
async function pass(h: Harness, ms: number): Promise<void> {
  const end = h.clock.now() + ms
  for (;;) {
    await h.core.delivery()!.settled()
    const next = h.clock.pending()[0]
    if (next === undefined || next > end) break
    await h.clock.advance(next - h.clock.now())
  }
  await h.clock.advance(end - h.clock.now())
  await h.core.delivery()!.settled()
}

describe('core → contact point under chaos', () => {
  it('500 for 10 minutes, then 429 Retry-After, then OK: each alert once, in order', async () => {
    const rx = await WebhookReceiver.start()
    cleanups.push(() => rx.close())
    const notifiedAt: number[] = []
    const h = await harness({
      settings: { watchlist: ['TSLA', 'NVDA', 'AAPL'] },
      deps: {
        notify: () => notifiedAt.push(h.clock.now()),
        delivery: {
          channelFor,
          secrets: null,
          random: () => 0.5,
          runContactPoints: [
            {
              point: contactPointSchema.parse({
                id: 'ops',
                name: 'ops',
                kind: 'webhook',
                isDefault: true,
              }),
              secret: rx.url,
            },
          ],
        },
      },
    })
    cleanups.push(() => h.close())
    let down: number | null = null
    let told429 = false
    rx.answer = () => {
      // Down for the 10 minutes from the first request on.
      down ??= h.clock.now()
      if (h.clock.now() < down + 10 * MIN) return { status: 500 }
      if (!told429) return ((told429 = true), { status: 429, retryAfter: '90' })
      return { status: 200 }
    }
    await h.core.refreshNow() // backfill
    for (const symbol of ['TSLA', 'NVDA', 'AAPL']) {
      await pass(h, 5 * MIN)
      h.service.scenarios.add({ kind: 'tvl-drop', symbol, pct: 30, windowDays: 1 })
      await h.core.refreshNow() // pending
      await pass(h, 5 * MIN)
      await h.core.refreshNow() // firing: decided, notified, queued
    }
    await pass(h, 60 * MIN)

    expect(notifiedAt).toHaveLength(3)
    const ok = rx.okBodies<{ id: string; events: { symbol: string; type: string }[] }>()
    expect(ok.map((b) => b.events.map((e) => `${e.type} ${e.symbol}`))).toEqual([
      ['fired TSLA'],
      ['fired NVDA'],
      ['fired AAPL'],
    ])
    expect(new Set(ok.map((b) => b.id)).size).toBe(3)
    expect(rx.log.filter((r) => r.status === 500).length).toBeGreaterThan(0)
    expect(rx.log.filter((r) => r.status === 429)).toHaveLength(1)
    const records = h.core.delivery()!.list(10)
    expect(records.map((r) => r.status)).toEqual(['sent', 'sent', 'sent'])
    expect(h.core.delivery()!.depth()).toBe(0)
  })
})
