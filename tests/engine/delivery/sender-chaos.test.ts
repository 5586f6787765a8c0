// The outbox's sender against a real HTTP receiver on 127.0.0.1, time injected (FakeClock): the
// receiver fails for 10 minutes, then asks to wait (429 Retry-After), then takes everything.
import { describe, expect, it } from 'vitest'
import { WebhookReceiver } from '../../support/webhook-receiver'
import { drive, HOUR, message, pointsOf, sender, webhookPoint } from './delivery-fixtures'
import { MIN, outboxSetup, useCleanups, type OutboxSetup } from './outbox-setup'

const cleanups = useCleanups()
const setup = (): Promise<OutboxSetup> => outboxSetup(cleanups)

describe('sender: chaos at the receiver', () => {
  it('500 for 10 minutes, then 429 with Retry-After, then OK: every alert arrives once, in order', async () => {
    const { clock, outbox, rx } = await setup()
    const start = clock.now()
    const asked: number[] = []
    let told429 = false
    rx.answer = () => {
      asked.push(clock.now())
      if (clock.now() < start + 10 * MIN) return { status: 500, body: 'upstream down' }
      if (!told429) {
        told429 = true
        return { status: 429, retryAfter: '120' }
      }
      return { status: 200 }
    }
    const cp = webhookPoint('ops')
    const s = sender(outbox, clock, pointsOf([[cp, `${rx.url}/hook`]]))
    cleanups.push(() => s.stop())
    // Alerts keep coming while the receiver is down: three polls' worth.
    outbox.enqueue([message('ops', 1, clock.date()), message('ops', 2, clock.date())])
    await drive(s, clock, outbox, 3 * MIN)
    outbox.enqueue([message('ops', 3, clock.date())])
    await drive(s, clock, outbox, 4 * MIN)
    outbox.enqueue([message('ops', 4, clock.date()), message('ops', 5, clock.date())])
    await drive(s, clock, outbox)

    const ok = rx.okBodies<{ id: string; events: { id: string }[] }>()
    expect(ok.map((b) => b.events[0]!.id)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5'])
    expect(new Set(ok.map((b) => b.id)).size).toBe(5)
    expect(rx.log.filter((r) => r.status === 500).length).toBeGreaterThan(2)
    // The 429's Retry-After was honoured: the next request came 120 s later or more.
    const i429 = rx.log.findIndex((r) => r.status === 429)
    expect(asked[i429 + 1]! - asked[i429]!).toBeGreaterThanOrEqual(120_000)
    // Each request carried its message's id as Idempotency-Key, the same on every retry.
    for (const r of rx.log) expect(r.headers['idempotency-key']).toBe(JSON.parse(r.body).id)
    expect(outbox.depth()).toBe(0)
    expect(outbox.list(10).every((r) => r.status === 'sent')).toBe(true)
    expect(outbox.list(10).find((r) => r.eventIds[0] === 'e1')!.attempts).toBeGreaterThan(2)
  })

  it('a refusal that cannot pass (404) fails at once and the next message still goes', async () => {
    const { clock, outbox, rx } = await setup()
    rx.answer = ({ n }) => (n === 0 ? { status: 404, body: 'no such hook' } : { status: 200 })
    const s = sender(outbox, clock, pointsOf([[webhookPoint('ops'), rx.url]]))
    cleanups.push(() => s.stop())
    outbox.enqueue([message('ops', 1, clock.date()), message('ops', 2, clock.date())])
    await drive(s, clock, outbox)
    const [second, first] = outbox.list(10)
    expect(first).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'HTTP 404 Not Found: no such hook',
    })
    expect(second).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
    expect(rx.log).toHaveLength(2)
  })

  it('a message older than the age limit is dropped with a visible note, not silently', async () => {
    const { clock, outbox, rx } = await setup()
    rx.answer = () => ({ status: 503 })
    const s = sender(outbox, clock, pointsOf([[webhookPoint('ops'), rx.url]]), {
      maxAgeMs: () => 2 * HOUR,
    })
    cleanups.push(() => s.stop())
    outbox.enqueue([message('ops', 1, clock.date())])
    await drive(s, clock, outbox, 3 * HOUR)
    const [r] = outbox.list(1)
    expect(r!.status).toBe('dropped')
    expect(r!.lastError).toMatch(/^Dropped: not delivered within 2 hours \(after \d+ attempts\)/)
    expect(outbox.depth()).toBe(0)
    expect(outbox.counters()).toContainEqual({ contactPoint: 'ops', outcome: 'dropped', n: 1 })
  })

  it('a contact point that keeps failing is listed, with since when and its last answer', async () => {
    const { clock, outbox, rx } = await setup()
    rx.answer = () => ({ status: 500, body: 'boom' })
    const s = sender(outbox, clock, pointsOf([[webhookPoint('ops'), rx.url]]))
    cleanups.push(() => s.stop())
    outbox.enqueue([message('ops', 1, clock.date())])
    await drive(s, clock, outbox, 2 * MIN)
    const failing = outbox.failingContactPoints(clock.date())
    expect(failing).toEqual([
      {
        contactPoint: 'ops',
        kind: 'webhook',
        since: '2026-03-02T12:00:00.000Z',
        lastError: 'HTTP 500 Internal Server Error: boom',
      },
    ])
    expect(outbox.failuresByContactPoint().ops).toBeGreaterThanOrEqual(3)
    rx.answer = () => ({ status: 200 })
    await drive(s, clock, outbox)
    expect(outbox.failingContactPoints(clock.date())).toEqual([])
  })

  it('one dead contact point does not hold another: its message is sent while the dead one hangs', async () => {
    const { clock, outbox, rx } = await setup()
    const dead = await WebhookReceiver.start()
    cleanups.push(() => dead.close())
    dead.answer = () => ({ status: 200, delayMs: Infinity })
    const s = sender(
      outbox,
      clock,
      pointsOf([
        [webhookPoint('dead'), dead.url],
        [webhookPoint('ops'), rx.url],
      ]),
      { timeoutMs: 60_000 },
    )
    cleanups.push(() => s.stop())
    outbox.enqueue([message('dead', 1, clock.date()), message('ops', 1, clock.date())])
    s.kick()
    while (rx.log.length === 0 || outbox.depth() > 1) await new Promise((r) => setTimeout(r, 5))
    // The live one is delivered and recorded while the dead one has not answered at all.
    expect(dead.log).toHaveLength(1)
    expect(outbox.list(10).map((r) => [r.contactPoint, r.status])).toEqual([
      ['ops', 'sent'],
      ['dead', 'queued'],
    ])
  })
})
