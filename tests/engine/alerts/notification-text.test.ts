// Notification text with the underlying's market: one alert, a digest where every market stood the
// same way, a digest with different markets, and an asset without a market.
import { describe, expect, it } from 'vitest'
import type { AlertEvent } from '../../../src/shared/alert-rules'
import { marketSession } from '../../../src/shared/market-hours'
import { digestBody, single } from '../../../src/main/engine/alerts/notification-text'

const SATURDAY = new Date('2026-11-21T15:00:00Z')
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
    const d = single(event('TSLA', 'stock', SATURDAY), null)
    expect(d.status === 'sent' && d.body).toBe(
      'Rule: 7-day drop\nWhile the US market was closed (weekend).',
    )
  })

  it('a digest says it once when every market stood the same way', () => {
    const body = digestBody([event('TSLA', 'stock', SATURDAY), event('NVDA', 'stock', SATURDAY)], 0)
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
    )
    expect(body.split('\n')).toEqual([
      '• TSLA TVL down 12.0 % in 7 days — while the US market was open',
      '• GOLD TVL down 12.0 % in 7 days — while the CME metals market was closed (weekend)',
      '• WHEAT TVL down 12.0 % in 7 days — market hours unknown',
      '• BOND TVL down 12.0 % in 7 days',
    ])
  })
})
