// A minimal JSON-POST channel for delivery tests (until the channels helper's webhook channel is on
// main): the receiver side's counterpart, not the thing under test. Real HTTP: it POSTs the
// message as JSON to the contact point's secret URL with an Idempotency-Key header, and reads the
// answer the way a channel must (2xx ok; 429/5xx retryable with Retry-After; others final).
import type { Channel, SendAnswer } from '../../src/main/engine/delivery/model'
import type { ContactPointKind } from '../../src/shared/contact-points'

function retryAfterMs(h: string | null, now: Date): number | null {
  if (h === null) return null
  const s = Number(h)
  if (Number.isFinite(s)) return Math.max(0, s * 1000)
  const at = Date.parse(h)
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime())
}

export const jsonPostChannel: Channel = {
  kind: 'webhook',
  async send(message, _point, ctx): Promise<SendAnswer> {
    if (ctx.secret === null)
      return { ok: false, retryable: false, retryAfterMs: null, httpStatus: null, said: 'No URL.' }
    const res = await fetch(ctx.secret, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': message.id },
      body: JSON.stringify({ version: 1, ...message, sentAt: ctx.now().toISOString() }),
      signal: ctx.signal,
      redirect: 'manual',
    })
    const text = (await res.text()).slice(0, 200)
    const said = `HTTP ${res.status}${text ? `: ${text}` : ''}`
    if (res.ok) return { ok: true, httpStatus: res.status, said }
    const retryable = res.status === 429 || res.status >= 500 || res.status === 408
    return {
      ok: false,
      retryable,
      retryAfterMs: retryAfterMs(res.headers.get('retry-after'), ctx.now()),
      httpStatus: res.status,
      said,
    }
  },
}

/** channelFor for tests: webhook contact points through jsonPostChannel. */
export function testChannels(kind: ContactPointKind): Channel | null {
  return kind === 'webhook' ? jsonPostChannel : null
}
