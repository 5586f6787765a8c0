// The ntfy channel against a local receiver that checks ntfy's JSON publish API (docs.ntfy.sh/publish).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { channelFor } from '../../../src/main/engine/delivery/channels/registry'
import { ctx, message, point } from './fixtures'
import { startReceiver, type Receiver } from './receiver'

// ntfy's publish-as-JSON body: topic required; priority 1–5; tags strings; click a URL.
const publish = z
  .object({
    topic: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    title: z.string().min(1),
    message: z.string().min(1).max(4096),
    priority: z.number().int().min(1).max(5),
    tags: z.array(z.string().min(1)),
    click: z.string().url().optional(),
  })
  .strict()

let rx: Receiver
beforeAll(async () => {
  rx = await startReceiver()
})
afterAll(async () => {
  await rx.close()
})
beforeEach(() => {
  rx.received.length = 0
})

const ntfy = (server: string) => point({ kind: 'ntfy', server, topic: 'desk_alerts' })

describe('ntfy channel', () => {
  it('publishes the JSON body to the server root: priority from severity, tags, click link', async () => {
    const answer = await channelFor('ntfy')!.send(message(), ntfy(`${rx.url}/`), ctx(null))
    expect(answer).toMatchObject({ ok: true, httpStatus: 200 })
    const req = rx.received[0]!
    expect([req.method, req.path]).toEqual(['POST', '/'])
    expect(req.headers.authorization).toBeUndefined()
    expect(publish.parse(JSON.parse(req.body))).toEqual({
      topic: 'desk_alerts',
      title: 'TSLA: 7-day TVL drop ≥ 10 %',
      message: message().body,
      priority: 5,
      tags: ['rotating_light', 'critical', 'TSLA'],
      click: 'liquidity-watch://asset/TSLA',
    })
  })

  it('a recovery is default priority with a check mark; a warning is high', async () => {
    await channelFor('ntfy')!.send(message({ status: 'resolved' }), ntfy(rx.url), ctx(null))
    await channelFor('ntfy')!.send(message({ severity: 'warning' }), ntfy(rx.url), ctx(null))
    const [resolved, warning] = rx.received.map((r) => publish.parse(JSON.parse(r.body)))
    expect(resolved).toMatchObject({ priority: 3, tags: ['white_check_mark', 'critical', 'TSLA'] })
    expect(warning).toMatchObject({ priority: 4, tags: ['warning', 'warning', 'TSLA'] })
  })

  it('sends the access token as a bearer token and never says it back', async () => {
    const token = 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2'
    rx.reply((_q, res) => {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(`{"code":40101,"error":"unauthorized: ${token}"}`)
    })
    const answer = await channelFor('ntfy')!.send(message(), ntfy(rx.url), ctx(token))
    expect(rx.received[0]!.headers.authorization).toBe(`Bearer ${token}`)
    expect(answer).toMatchObject({ ok: false, retryable: false, httpStatus: 401 })
    expect(answer.said).toMatch(/unauthorized/)
    expect(JSON.stringify(answer)).not.toContain(token)
    rx.reply((_q, res) => {
      res.writeHead(200)
      res.end('{}')
    })
  })

  it('plain http to a remote ntfy server is refused', async () => {
    const answer = await channelFor('ntfy')!.send(
      message(),
      ntfy('http://ntfy.example.org'),
      ctx(null),
    )
    expect(answer).toMatchObject({ ok: false, retryable: false })
    expect(answer.said).toMatch(/The ntfy server uses plain http:\/\/ to ntfy\.example\.org/)
  })
})
