// Notification text with the underlying's market: one alert, a digest where every market stood the
// same way, a digest with different markets, and an asset without a market.
import { describe, expect, it } from 'vitest'
import type { AlertEvent } from '../../../src/shared/alert-rules'
import { marketSession } from '../../../src/shared/market-hours'
import { utcTime } from '../../../src/shared/local-time'
import { digestBody, single } from '../../../src/main/engine/alerts/text/notification-text'

const SATURDAY = new Date('2026-11-21T15:00:00Z')
const UTC = { now: SATURDAY, tz: utcTime }
const TUESDAY_SESSION = new Date('2026-11-24T15:00:00Z')

function event(symbol: string, assetType: string | null, at: Date): AlertEvent {
  const e: AlertEvent = {
    id: symbol,
    at: at.toISOString(),
    type: 'fired',
    ruleId: 'r',
    ruleName: '7-day drop',
    symbol,
    message: `${symbol} TVL down 12.0 % in 7 days`,
    value: -12,
    threshold: -10,
    verified: true,
  }
  if (assetType !== null) e.market = marketSession({ symbol, assetType }, at)
  return e
}

describe('notification text and market hours', () => {
  it('one alert says the market’s state on its own line', () => {
    const d = single(event('TSLA', 'stock', SATURDAY), null, UTC)
    expect(d.status === 'sent' && d.body).toBe(
      'Rule: 7-day drop\nWhile the US market was closed (weekend).',
    )
  })

  it('a digest says it once when every market stood the same way', () => {
    const body = digestBody(
      [event('TSLA', 'stock', SATURDAY), event('NVDA', 'stock', SATURDAY)],
      0,
      UTC,
    )
    expect(body).toBe(
      '• TSLA TVL down 12.0 % in 7 days\n• NVDA TVL down 12.0 % in 7 days\n' +
        'While the US market was closed (weekend).',
    )
  })

  it('a digest says it per line when markets differ, and nothing for assets without one', () => {
    const body = digestBody(
      [
        event('TSLA', 'stock', TUESDAY_SESSION),
        event('GOLD', 'commodity', SATURDAY),
        event('WHEAT', 'commodity', SATURDAY),
        event('BOND', null, SATURDAY),
      ],
      0,
      UTC,
    )
    expect(body.split('\n')).toEqual([
      '• TSLA TVL down 12.0 % in 7 days — while the US market was open',
      '• GOLD TVL down 12.0 % in 7 days — while the CME metals market was closed (weekend)',
      '• WHEAT TVL down 12.0 % in 7 days — market hours unknown',
      '• BOND TVL down 12.0 % in 7 days',
    ])
  })

  it('says how old the data is in the user’s zone: one time, or the span a digest’s data cover', () => {
    const at = (e: AlertEvent, asOf: string): AlertEvent => ({ ...e, asOf })
    const newYork = { now: SATURDAY, tz: () => -300 }
    const one = single(at(event('BOND', null, SATURDAY), '2026-11-21T14:05:00Z'), null, newYork)
    expect(one.body.split('\n')).toEqual(['Rule: 7-day drop', 'Data as of 09:05 UTC−5.'])
    expect(one.asOf).toBe('2026-11-21T14:05:00Z')
    const india = { now: SATURDAY, tz: () => 330 }
    const body = digestBody(
      [
        at(event('BOND', null, SATURDAY), '2026-11-21T14:05:00Z'),
        at(event('NOTE', null, SATURDAY), '2026-11-20T17:00:00Z'),
      ],
      0,
      india,
    )
    // Another local day than now is dated.
    expect(body.split('\n').at(-1)).toBe('Data from 2026-11-20 22:30 to 19:35 UTC+5:30.')
  })

  it('a recovery says the value it came back to: on its own line, and in a digest’s line', () => {
    const back: AlertEvent = {
      ...event('BOND', null, SATURDAY),
      type: 'resolved',
      message: 'BOND 7-day TVL drop recovered after 2 h',
      recovery: 'BOND 7-day TVL back to −3.1 % (threshold −10.0 %)',
    }
    expect(single(back, null, UTC).body.split('\n')[0]).toBe(
      'BOND 7-day TVL back to −3.1 % (threshold −10.0 %)',
    )
    expect(digestBody([back, event('NOTE', null, SATURDAY)], 0, UTC).split('\n')[0]).toBe(
      '• BOND 7-day TVL drop recovered after 2 h: 7-day TVL back to −3.1 % (threshold −10.0 %)',
    )
  })
})
