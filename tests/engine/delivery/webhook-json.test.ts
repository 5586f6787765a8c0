// The webhook channel's generic JSON body v1 and its transport rules, against a real local receiver.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { channelFor } from '../../../src/main/engine/delivery/channels/registry'
import type { SendAnswer } from '../../../src/main/engine/delivery/model'
import { ctx, message, NOW, point } from './fixtures'
import { startReceiver, type Receiver } from './receiver'

// v1 as documented in docs/delivery.md: strict, so a field added without documenting it fails here.
const eventV1 = z
  .object({
    id: z.string(),
    type: z.string(),
    symbol: z.string(),
    ruleId: z.string(),
    ruleName: z.string(),
    value: z.number().nullable(),
    threshold: z.number().nullable(),
    direction: z.enum(['down', 'up']).nullable(),
    unit: z.string(),
    asOf: z.string().nullable(),
    dataDate: z.string().nullable(),
    link: z.string().nullable(),
  })
  .strict()
const bodyV1 = z
  .object({
    version: z.literal(1),
    id: z.string(),
    contactPoint: z.string(),
    status: z.enum(['firing', 'resolved', 'held', 'digest']),
    title: z.string(),
    body: z.string(),
    events: z.array(eventV1),
    sentAt: z.iso.datetime(),
  })
  .strict()

const channel = channelFor('webhook')!
const hook = point({ kind: 'webhook' })

function expectNoSecret(answer: SendAnswer, secret: string): void {
  const text = JSON.stringify(answer)
  expect(text).not.toContain(secret)
  expect(text).not.toContain('/T0/B0/tok3n')
}

let rx: Receiver
beforeEach(async () => {
  rx = await startReceiver()
})
afterEach(async () => {
  await rx.close()
})

describe('webhook channel, generic JSON v1', () => {
  it('posts the documented v1 body with the message id as Idempotency-Key', async () => {
    const url = `${rx.url}/T0/B0/tok3n`
    const answer = await channel.send(message(), hook, ctx(url))
    expect(answer).toMatchObject({ ok: true, httpStatus: 200 })
    expect(rx.received).toHaveLength(1)
    const req = rx.received[0]!
    expect(req.method).toBe('POST')
    expect(req.path).toBe('/T0/B0/tok3n')
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.headers['idempotency-key']).toBe('msg-1f3a')
    const body = bodyV1.parse(JSON.parse(req.body))
    expect(body).toMatchObject({
      version: 1,
      id: 'msg-1f3a',
      contactPoint: 'desk-hook',
      status: 'firing',
      title: 'TSLA: 7-day TVL drop ≥ 10 %',
      sentAt: NOW.toISOString(),
    })
    expect(body.events[0]).toMatchObject({
      symbol: 'TSLA',
      value: -12.3,
      threshold: -10,
      unit: '%',
    })
    expectNoSecret(answer, url)
  })

  it('a retried message carries the same id in body and header', async () => {
    const url = `${rx.url}/T0/B0/tok3n`
    await channel.send(message(), hook, ctx(url))
    await channel.send(message(), hook, ctx(url, new Date(NOW.getTime() + 60_000)))
    const ids = rx.received.map((r) => [r.headers['idempotency-key'], JSON.parse(r.body).id])
    expect(ids).toEqual([
      ['msg-1f3a', 'msg-1f3a'],
      ['msg-1f3a', 'msg-1f3a'],
    ])
  })

  it('429 and 5xx are retryable with Retry-After; 4xx is not; the secret is never in the answer', async () => {
    const url = `${rx.url}/T0/B0/tok3n`
    rx.reply((_q, res) => {
      res.writeHead(429, { 'retry-after': '120' })
      res.end(`slow down, ${url} is rate limited`)
    })
    const limited = await channel.send(message(), hook, ctx(url))
    expect(limited).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 120_000,
      httpStatus: 429,
    })
    expect(limited.said).toContain('slow down')
    expectNoSecret(limited, url)

    rx.reply((_q, res) => {
      res.writeHead(503, { 'retry-after': new Date(NOW.getTime() + 30_000).toUTCString() })
      res.end('maintenance')
    })
    expect(await channel.send(message(), hook, ctx(url))).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 30_000,
      httpStatus: 503,
    })

    rx.reply((_q, res) => {
      res.writeHead(404)
      res.end(`no such hook /T0/B0/tok3n ${'x'.repeat(5000)}`)
    })
    const gone = await channel.send(message(), hook, ctx(url))
    expect(gone).toMatchObject({ ok: false, retryable: false, retryAfterMs: null, httpStatus: 404 })
    expect(gone.said.length).toBeLessThanOrEqual(300)
    expectNoSecret(gone, url)
  })

  it('a receiver echoing only a token part of the URL (a path segment, a query value) has it cut out', async () => {
    const url = `${rx.url}/services/T0AB12CD/B0EF34GH/xoxTOKEN42abc?key=QUERYkey9876`
    rx.reply((_q, res) => {
      res.writeHead(403)
      res.end('bad token xoxTOKEN42abc for team T0AB12CD (key QUERYkey9876) of services')
    })
    const answer = await channel.send(message(), hook, ctx(url))
    expect(answer).toMatchObject({ ok: false, httpStatus: 403 })
    expect(answer.said).toMatch(/^HTTP 403 Forbidden: bad token \[secret\] for team \[secret\]/)
    for (const part of ['xoxTOKEN42abc', 'T0AB12CD', 'QUERYkey9876'])
      expect(answer.said).not.toContain(part)
  })

  it('a network error is retryable, in plain words without the URL', async () => {
    const url = `${rx.url}/T0/B0/tok3n`
    await rx.close()
    const answer = await channel.send(message(), hook, ctx(url))
    expect(answer).toMatchObject({ ok: false, retryable: true, httpStatus: null })
    expect(answer.said).toMatch(/refused the connection/)
    expectNoSecret(answer, url)
    rx = await startReceiver()
  })

  it('plain http to a host other than this computer is refused before sending', async () => {
    const url = 'http://hooks.example.com/T0/B0/tok3n'
    const answer = await channel.send(message(), hook, ctx(url))
    expect(answer).toMatchObject({ ok: false, retryable: false, httpStatus: null })
    expect(answer.said).toMatch(/plain http:\/\/ to hooks\.example\.com.*https:\/\//)
    expectNoSecret(answer, url)
    const other = await channel.send(message(), hook, ctx('ftp://hooks.example.com/x'))
    expect(other).toMatchObject({ ok: false, retryable: false })
    expect(other.said).toMatch(/must start with https:\/\//)
  })

  it('a redirect to another origin is not followed; one within the origin is', async () => {
    const other = await startReceiver()
    try {
      rx.reply((req, res) => {
        if (req.path === '/old') {
          res.writeHead(308, { location: '/new' })
          res.end()
        } else if (req.path === '/away') {
          res.writeHead(307, { location: `${other.url}/stolen` })
          res.end()
        } else {
          res.writeHead(200)
          res.end('ok')
        }
      })
      const moved = await channel.send(message(), hook, ctx(`${rx.url}/old`))
      expect(moved).toMatchObject({ ok: true, httpStatus: 200 })
      expect(rx.received.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /old', 'POST /new'])
      expect(JSON.parse(rx.received[1]!.body).id).toBe('msg-1f3a')

      const away = await channel.send(message(), hook, ctx(`${rx.url}/away`))
      expect(away).toMatchObject({ ok: false, retryable: false })
      expect(away.said).toMatch(/redirected to another site/)
      expect(other.received).toHaveLength(0)
    } finally {
      await other.close()
    }
  })

  it('a 301/302 is not re-posted (the address moved: the user updates it); a 303 means it was taken', async () => {
    rx.reply((req, res) => {
      if (req.path === '/moved') res.writeHead(301, { location: '/T0/B0/tok3n-new' })
      else if (req.path === '/seeother') res.writeHead(303, { location: '/status/1' })
      else res.writeHead(200)
      res.end()
    })
    const moved = await channel.send(message(), hook, ctx(`${rx.url}/moved`))
    expect(moved).toMatchObject({ ok: false, retryable: false, httpStatus: 301 })
    expect(moved.said).toBe(
      'The webhook address has moved (HTTP 301); update it to the new address.',
    )
    expect(moved.said).not.toContain('tok3n-new')
    const taken = await channel.send(message(), hook, ctx(`${rx.url}/seeother`))
    expect(taken).toMatchObject({ ok: true, httpStatus: 303 })
    expect(rx.received.map((r) => r.path)).toEqual(['/moved', '/seeother'])
  })

  it('a webhook without its URL says so and sends nothing', async () => {
    const answer = await channel.send(message(), hook, ctx(null))
    expect(answer).toMatchObject({ ok: false, retryable: false })
    expect(answer.said).toMatch(/has no URL/)
  })

  it('a broken template sends the default text and says why', async () => {
    const templated = point({
      kind: 'webhook',
      template: { title: '{{ symbol | shout }}', body: '{{ change }}' },
    })
    const answer = await channel.send(message(), templated, ctx(`${rx.url}/h`))
    expect(answer.ok).toBe(true)
    expect(answer.templateError).toMatch(/filter that does not exist: shout.*default text was sent/)
    // What the delivery log keeps (the receiver's words) says it too.
    expect(answer.said).toMatch(
      /^HTTP 200 OK: ok — The title template uses a filter that does not exist: shout/,
    )
    const body = bodyV1.parse(JSON.parse(rx.received[0]!.body))
    expect(body.title).toBe(message().title)
    expect(body.body).toBe(message().body)
  })

  it('the caller aborting (its own timeout, a shutdown) rejects the send, so the caller says why', async () => {
    rx.reply(() => {
      // never answers
    })
    const controller = new AbortController()
    const sending = channel.send(message(), hook, {
      ...ctx(`${rx.url}/slow`),
      signal: controller.signal,
    })
    while (rx.received.length === 0) await new Promise((r) => setTimeout(r, 10))
    controller.abort()
    await expect(sending).rejects.toThrow()
  })
})
