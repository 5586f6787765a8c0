// Retry-After as a receiver sends it: delay-seconds or an HTTP date, read against an injected now.
import { describe, expect, it } from 'vitest'
import {
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
} from '../../../src/main/engine/delivery/channels/retry-after'
import { NOW } from './fixtures'

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, capped; a past date means now', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000)
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0)
    expect(parseRetryAfter('Mon, 02 Mar 2026 14:31:30 GMT', NOW)).toBe(90_000)
    expect(parseRetryAfter('Monday, 02-Mar-26 14:31:30 GMT', NOW)).toBe(90_000)
    expect(parseRetryAfter('Mon, 02 Mar 2026 14:00:00 GMT', NOW)).toBe(0)
    expect(parseRetryAfter('99999999', NOW)).toBe(MAX_RETRY_AFTER_MS)
  })

  it('absent or unreadable says nothing (null), never a guess', () => {
    for (const h of [null, '', '-5', '1.5', 'soon', 'in 5 minutes'])
      expect(parseRetryAfter(h, NOW)).toBeNull()
  })
})
