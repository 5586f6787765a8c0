import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { marketSession, newYorkTime, whileMarket } from '../../src/shared/market-hours'
import {
  NYSE_EARLY_CLOSES,
  NYSE_FIRST_YEAR,
  NYSE_HOLIDAYS,
  NYSE_LAST_YEAR,
} from '../../src/shared/nyse-calendar'

const TSLA = { symbol: 'TSLA', assetType: 'stock' }
const GOLD = { symbol: 'GOLD', assetType: 'commodity' }
const at = (iso: string): Date => new Date(iso)
const us = (iso: string) => marketSession(TSLA, at(iso))
const gold = (iso: string) => marketSession(GOLD, at(iso))

describe('US equities: the NYSE regular session', () => {
  it('is open 09:30–16:00 New York time, pre-market from 04:00 and after hours until 20:00', () => {
    // Tuesday 2026-11-24, EST (UTC−5).
    expect(us('2026-11-24T08:59:00Z').label).toBe('US market closed (overnight)')
    expect(us('2026-11-24T09:00:00Z').phase).toBe('pre-market')
    expect(us('2026-11-24T14:29:00Z').label).toBe('US market pre-market')
    expect(us('2026-11-24T14:30:00Z').label).toBe('US market open')
    expect(us('2026-11-24T20:59:00Z').phase).toBe('open')
    expect(us('2026-11-24T21:00:00Z').label).toBe('US market after hours')
    expect(us('2026-11-25T00:59:00Z').phase).toBe('after-hours')
    expect(us('2026-11-25T01:00:00Z').reason).toBe('overnight')
  })

  it('follows daylight saving through Intl: the same UTC instant is pre-market in winter, open in summer', () => {
    // DST began Sunday 2026-03-08: 14:00Z is 09:00 EST on Friday the 6th, 10:00 EDT on Monday the 9th.
    expect(us('2026-03-06T14:00:00Z').phase).toBe('pre-market')
    expect(us('2026-03-09T14:00:00Z').phase).toBe('open')
    expect(us('2026-03-09T13:30:00Z').phase).toBe('open')
    expect(us('2026-03-09T13:29:00Z').phase).toBe('pre-market')
    // DST ended Sunday 2026-11-01: 20:30Z is 16:30 EDT on Friday Oct 30, 15:30 EST on Monday Nov 2.
    expect(us('2026-10-30T20:30:00Z').phase).toBe('after-hours')
    expect(us('2026-11-02T20:30:00Z').phase).toBe('open')
  })

  it('is closed at weekends, named as such', () => {
    const s = us('2026-11-21T15:00:00Z') // Saturday
    expect(s).toMatchObject({ phase: 'closed', reason: 'weekend', holiday: null })
    expect(s.label).toBe('US market closed (weekend)')
    expect(whileMarket(s)).toBe('while the US market was closed (weekend)')
    // Sunday evening New York is still the weekend, though Monday already in UTC.
    expect(us('2026-11-23T02:00:00Z').reason).toBe('weekend')
  })

  it('is closed on NYSE holidays, with the holiday named, including one-off closures', () => {
    const s = us('2026-11-26T15:00:00Z')
    expect(s).toMatchObject({ phase: 'closed', reason: 'holiday', holiday: 'Thanksgiving' })
    expect(s.label).toBe('US market closed (holiday: Thanksgiving)')
    expect(whileMarket(s)).toBe('while the US market was closed (holiday: Thanksgiving)')
    expect(us('2025-01-09T15:00:00Z').holiday).toBe('National Day of Mourning for President Carter')
    expect(us('2026-07-03T15:00:00Z').holiday).toBe('Independence Day (observed)')
    expect(us('2027-06-18T15:00:00Z').holiday).toBe('Juneteenth (observed)')
    // A Saturday New Year is not moved to the Friday before.
    expect(us('2021-12-31T15:00:00Z').phase).toBe('open')
  })

  it('closes at 13:00 on early-close days, after hours until 17:00', () => {
    // Friday 2026-11-27, the day after Thanksgiving (EST).
    const open = us('2026-11-27T17:59:00Z')
    expect(open).toMatchObject({ phase: 'open', earlyClose: 'day after Thanksgiving' })
    expect(open.label).toBe('US market open (closes 13:00, day after Thanksgiving)')
    expect(us('2026-11-27T18:00:00Z').phase).toBe('after-hours')
    expect(us('2026-11-27T21:59:00Z').phase).toBe('after-hours')
    expect(us('2026-11-27T22:00:00Z').reason).toBe('overnight')
    expect(us('2026-12-24T17:30:00Z').earlyClose).toBe('Christmas Eve')
  })

  it('says the hours are unknown on a weekday past the holiday table, never guesses', () => {
    const s = us(`${NYSE_LAST_YEAR + 1}-03-15T15:00:00Z`)
    const weekday = new Date(`${NYSE_LAST_YEAR + 1}-03-15T15:00:00Z`).getUTCDay()
    if (weekday !== 0 && weekday !== 6) expect(s.phase).toBe('unknown')
    expect(us(`${NYSE_FIRST_YEAR - 1}-03-15T15:00:00Z`).label).toMatch(
      /^US market hours unknown \(no NYSE holiday calendar for \d{4}\)$|weekend/,
    )
  })
})

describe('the NYSE holiday table', () => {
  it('covers next year: extend nyse-calendar.ts from the NYSE’s published list when this fails', () => {
    // Fails loudly once the real calendar runs past the table, instead of calling holidays open.
    expect(NYSE_LAST_YEAR).toBeGreaterThanOrEqual(new Date().getUTCFullYear() + 1)
  })

  it('lists weekdays only, 9 to 11 closures a year, early closes never on a holiday', () => {
    const all = [...Object.keys(NYSE_HOLIDAYS), ...Object.keys(NYSE_EARLY_CLOSES)]
    for (const d of all) {
      const day = new Date(`${d}T12:00:00Z`).getUTCDay()
      expect(day, d).toBeGreaterThan(0)
      expect(day, d).toBeLessThan(6)
    }
    for (let y = NYSE_FIRST_YEAR; y <= NYSE_LAST_YEAR; y++) {
      const n = Object.keys(NYSE_HOLIDAYS).filter((d) => d.startsWith(`${y}-`)).length
      expect(n, String(y)).toBeGreaterThanOrEqual(9)
      expect(n, String(y)).toBeLessThanOrEqual(11)
      expect(
        Object.entries(NYSE_HOLIDAYS).some(
          ([d, n]) => d.startsWith(`${y}-`) && n === 'Thanksgiving',
        ),
      ).toBe(true)
    }
    for (const d of Object.keys(NYSE_EARLY_CLOSES)) expect(NYSE_HOLIDAYS[d]).toBeUndefined()
  })
})

describe('commodities: the CME Globex session', () => {
  it('runs Sunday 18:00 to Friday 17:00 New York time with a daily 17:00–18:00 break', () => {
    expect(gold('2026-11-22T22:59:00Z').label).toBe('CME metals market closed (weekend)') // Sun 17:59
    expect(gold('2026-11-22T23:00:00Z').label).toBe('CME metals market open') // Sun 18:00
    expect(gold('2026-11-24T21:59:00Z').phase).toBe('open') // Tue 16:59
    const pause = gold('2026-11-24T22:00:00Z') // Tue 17:00
    expect(pause).toMatchObject({ phase: 'closed', reason: 'daily-break' })
    expect(pause.label).toBe('CME metals market closed (daily break)')
    expect(whileMarket(pause)).toBe('while the CME metals market was closed (daily break)')
    expect(gold('2026-11-24T23:00:00Z').phase).toBe('open') // Tue 18:00
    expect(gold('2026-11-20T21:59:00Z').phase).toBe('open') // Fri 16:59
    expect(gold('2026-11-20T22:00:00Z').reason).toBe('weekend') // Fri 17:00
    expect(gold('2026-11-21T15:00:00Z').reason).toBe('weekend') // Sat
    // Summer time: Tuesday 17:00 EDT is 21:00Z.
    expect(gold('2026-07-14T21:00:00Z').reason).toBe('daily-break')
    expect(
      marketSession({ symbol: 'OIL', assetType: 'commodity' }, at('2026-07-14T21:00:00Z')).label,
    ).toBe('CME energy market closed (daily break)')
  })

  it('does not guess CME holiday hours', () => {
    const s = gold('2026-11-26T15:00:00Z')
    expect(s).toMatchObject({ phase: 'unknown', reason: 'holiday', holiday: 'Thanksgiving' })
    expect(whileMarket(s)).toBe('CME metals market hours not known (holiday: Thanksgiving)')
  })
})

describe('unknown markets', () => {
  it('say "market hours unknown" for other types and commodities without a known session', () => {
    for (const asset of [
      { symbol: 'XYZ', assetType: 'bond' },
      { symbol: 'WHEAT', assetType: 'commodity' },
      { symbol: 'TSLA', assetType: null },
    ]) {
      const s = marketSession(asset, at('2026-11-24T15:00:00Z'))
      expect(s).toMatchObject({ market: null, phase: 'unknown', label: 'market hours unknown' })
      expect(whileMarket(s)).toBe('market hours unknown')
    }
  })
})

describe('properties', () => {
  const covered = fc.date({
    min: new Date(`${NYSE_FIRST_YEAR}-01-02T00:00:00Z`),
    max: new Date(`${NYSE_LAST_YEAR}-12-30T00:00:00Z`),
    noInvalidDate: true,
  })

  it('a trading day has 6.5 regular hours (3.5 on an early close), others none, DST days included', () => {
    fc.assert(
      fc.property(covered, (d) => {
        const day = newYorkTime(d).date
        // Every 15 minutes from 00:00 to 24:00 New York time of that day (the UTC offset from Intl).
        let open = 0
        for (let t = d.getTime() - 36 * 3_600_000; t < d.getTime() + 36 * 3_600_000; t += 900_000) {
          const when = new Date(t)
          if (newYorkTime(when).date === day && us(when.toISOString()).phase === 'open') open += 15
        }
        const wd = newYorkTime(d).weekday
        const expected =
          wd === 0 || wd === 6 || NYSE_HOLIDAYS[day] ? 0 : NYSE_EARLY_CLOSES[day] ? 210 : 390
        expect(open).toBe(expected)
      }),
      { numRuns: 60 },
    )
  })

  it('every instant has one label, naming the market, and "open" only on a trading weekday', () => {
    fc.assert(
      fc.property(covered, fc.constantFrom(TSLA, GOLD), (d, asset) => {
        const s = marketSession(asset, d)
        expect(s.label.length).toBeGreaterThan(0)
        expect(whileMarket(s)).toMatch(
          /^(while the (US|CME metals) market was|CME metals market hours not known \(holiday)/,
        )
        const t = newYorkTime(d)
        if (s.phase === 'open') {
          expect(NYSE_HOLIDAYS[t.date]).toBeUndefined()
          expect(t.weekday === 6 || (t.weekday === 0 && t.minute < 18 * 60)).toBe(false)
        }
      }),
    )
  })
})
