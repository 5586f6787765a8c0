// The API key is cut from messages where it stands as a token (a header value, a URL part, a whole
// word), not out of the middle of other words; and a key too short to be real is never stored.
import { afterEach, describe, expect, it } from 'vitest'
import { redactKey } from '../../src/main/client/redact-key'
import { harness, liveHarness, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('API key redaction and length', () => {
  it('a key that is also part of a word leaves the word whole in messages', async () => {
    // "navailab" is a key of real length and sits inside "unavailable".
    h = await liveHarness({
      apiKey: 'navailab',
      settings: { watchlist: ['TSLA'] },
      deps: { client: { retry: { maxAttempts: 1 } } },
    })
    h.service.faults.inject({ kind: 'status', status: 503, match: 'asset' })
    await h.core.refreshNow()
    const [row] = await h.core.getWatchlist()
    expect(row!.error!.message).toMatch(/temporarily unavailable/)
    expect(row!.error!.message).not.toContain('[API key]')
  })

  it('the key is cut where it stands as a token: header value, URL part, whole word', () => {
    const key = 'sk_live_0123456789'
    expect(redactKey(`Authorization: Bearer ${key}`, key)).toBe('Authorization: Bearer [API key]')
    expect(redactKey(`GET /a?apiKey=${key}&x=1`, key)).toBe('GET /a?apiKey=[API key]&x=1')
    expect(redactKey(`key "${key}" is revoked`, key)).toBe('key "[API key]" is revoked')
    expect(redactKey(`${key}.`, key)).toBe('[API key].')
  })

  it('a key too short to be real is refused with a reason and not stored', async () => {
    h = await harness({ key: null })
    await expect(h.core.setApiKey('x')).rejects.toMatchObject({
      kind: 'invalid-argument',
      message: expect.stringMatching(/1 character.*at least 8/),
    })
    expect(await h.core.getKeyStatus()).toMatchObject({ stored: false })
  })
})
