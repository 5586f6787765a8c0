// The known-drops scenario: a symbol's year of daily TVL is flat at one level except for drops
// whose dates and depths the test chose, so a backtest's episodes can be known in advance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAnalytics } from '../../src/shared/parse'
import type { LocalService } from '../../src/dev-service/server'
import { ANALYTICS, DAY, NOON, isoDate, ok, start, type TestClock } from './helpers'

let svc: LocalService & { clock: TestClock }
beforeAll(async () => {
  svc = await start()
})
afterAll(() => svc.close())

const MIDNIGHT = NOON - 12 * 3_600_000

async function year(symbol: string) {
  const a = parseAnalytics(
    'stock',
    await ok(svc, `${ANALYTICS}?groupBy=stock&symbol=${symbol}&days=365`),
  )
  return a.data[0]!.series
}

describe('known-drops', () => {
  it('flat at one level, a 30 % one-day drop on the chosen day, back up over 10 days', async () => {
    const bottom = MIDNIGHT - 100 * DAY
    svc.scenarios.add({
      kind: 'known-drops',
      symbol: 'TSLA',
      drops: [{ pct: 30, endsAt: bottom, windowDays: 1, recoverDays: 10 }],
    })
    const s = await year('TSLA')
    expect(s).toHaveLength(365)
    const level = s[0]!.tvl
    const at = (ms: number) => s.find((p) => p.date === isoDate(ms))!.tvl
    // Every day away from the drop is the same level (whole dollars per slice: within a few dollars).
    for (const p of s) {
      const ms = Date.parse(`${p.date}T00:00:00Z`)
      if (ms < bottom - DAY || ms > bottom + 10 * DAY)
        expect(Math.abs(p.tvl - level)).toBeLessThan(10)
    }
    expect(at(bottom - DAY) / level).toBeCloseTo(1, 5)
    expect(at(bottom) / level).toBeCloseTo(0.7, 5)
    expect(at(bottom + 5 * DAY) / level).toBeCloseTo(0.85, 5)
    expect(at(bottom + 10 * DAY) / level).toBeCloseTo(1, 5)
  })

  it('no drops: a flat history; an unknown symbol or a bad drop is refused', async () => {
    svc.scenarios.add({ kind: 'known-drops', symbol: 'NVDA', drops: [] })
    const s = await year('NVDA')
    expect(new Set(s.map((p) => p.tvl)).size).toBe(1)
    expect(() => svc.scenarios.add({ kind: 'known-drops', symbol: 'NOPE', drops: [] })).toThrow(
      /unknown symbol NOPE/,
    )
    expect(() =>
      svc.scenarios.add({
        kind: 'known-drops',
        symbol: 'NVDA',
        drops: [{ pct: 120, endsAt: NOON }],
      }),
    ).toThrow(/Invalid scenario: drops\.0\.pct/)
  })
})
