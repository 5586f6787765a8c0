// The core hands a poll's notifications to contact points through the outbox: a real drop in the
// local service reaches a real HTTP receiver once, after the desktop; a dead contact point holds
// neither the desktop nor the poll.
import { afterEach, describe, expect, it } from 'vitest'
import { contactPointSchema } from '../../src/shared/contact-points'
import { channelFor } from '../../src/main/engine/delivery/channels/registry'
import { WebhookReceiver } from '../support/webhook-receiver'
import { cycleThenWait, harness, type Harness } from './helpers'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const hook = (id: string, isDefault = true) =>
  contactPointSchema.parse({ id, name: id, kind: 'webhook', isDefault })

async function withReceivers(n: number): Promise<WebhookReceiver[]> {
  const rx = await Promise.all(Array.from({ length: n }, () => WebhookReceiver.start()))
  for (const r of rx) cleanups.push(() => r.close())
  return rx
}

async function drop(h: Harness): Promise<void> {
  await cycleThenWait(h) // backfill
  h.service.scenarios.add({ kind: 'tvl-drop', symbol: 'TSLA', pct: 30, windowDays: 1 })
  await cycleThenWait(h) // pending
  await cycleThenWait(h) // firing: notified
}

describe('core → contact points', () => {
  it('a drop reaches the desktop first, then the webhook, once, with its event', async () => {
    const [rx] = await withReceivers(1)
    const order: string[] = []
    rx!.answer = () => (order.push('webhook'), { status: 200 })
    const h = await harness({
      settings: { watchlist: ['TSLA', 'NVDA'] },
      deps: {
        notify: () => order.push('desktop'),
        delivery: {
          channelFor,
          secrets: null,
          runContactPoints: [{ point: hook('ops'), secret: rx!.url }],
        },
      },
    })
    cleanups.push(() => h.close())
    await drop(h)
    await h.core.delivery()!.settled()
    expect(order).toEqual(['desktop', 'webhook'])
    const [body] = rx!.okBodies<{
      id: string
      status: string
      events: { symbol: string; ruleId: string; link: string }[]
    }>()
    expect(body).toMatchObject({ status: 'firing' })
    expect(body!.events).toEqual([
      expect.objectContaining({
        symbol: 'TSLA',
        ruleId: 'default-7d-drop',
        link: 'liquidity-watch://asset/TSLA',
        dataDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ])
    expect(h.core.delivery()!.list(10)).toEqual([
      expect.objectContaining({
        id: body!.id,
        contactPoint: 'ops',
        kind: 'webhook',
        status: 'sent',
        attempts: 1,
      }),
    ])
    // Later polls of the same episode send nothing more anywhere.
    await cycleThenWait(h)
    await h.core.delivery()!.settled()
    expect(rx!.log).toHaveLength(1)
  })

  it('a dead contact point delays neither the desktop, nor the poll, nor a live contact point', async () => {
    const [dead, live] = await withReceivers(2)
    const order: string[] = []
    dead!.answer = () => (order.push('dead asked'), { status: 200, delayMs: Infinity })
    live!.answer = () => (order.push('live'), { status: 200 })
    const h = await harness({
      settings: { watchlist: ['TSLA'] },
      deps: {
        notify: () => order.push('desktop'),
        delivery: {
          channelFor,
          secrets: null,
          sendTimeoutMs: 600_000,
          runContactPoints: [
            { point: hook('dead'), secret: dead!.url },
            { point: hook('live'), secret: live!.url },
          ],
        },
      },
    })
    cleanups.push(() => h.close())
    await drop(h)
    // The poll is over (refreshNow returned) and the desktop was told before any contact point.
    expect(order[0]).toBe('desktop')
    expect(h.notified).toHaveLength(0) // notify was replaced by the ordering probe
    while (
      live!.log.length === 0 ||
      h.core
        .delivery()!
        .list(5)
        .every((r) => r.status === 'queued')
    )
      await new Promise((r) => setTimeout(r, 5))
    const states = Object.fromEntries(
      h.core
        .delivery()!
        .list(5)
        .map((r) => [r.contactPoint, r.status]),
    )
    expect(states).toEqual({ dead: 'queued', live: 'sent' })
    expect(dead!.log).toHaveLength(1) // asked, never answered
  })
})
