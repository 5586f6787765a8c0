// The one number formatter of alert wording (shared/number-format.ts): the notification, the Alerts
// view, the CLI table and --json's messages write a figure the same way.
import { describe, expect, it } from 'vitest'
import {
  formatMoney,
  formatPct,
  formatShare,
  formatSignedMoney,
  formatSignedPct,
  numberFormat,
  tableStyle,
  WORDING_STYLE,
} from '../../src/shared/number-format'
import { flowWords } from '../../src/shared/flow'
import { fmtMoney, fmtPct, fmtShare } from '../../src/renderer/src/lib/format'
import { fmtRuleThreshold, fmtRuleValue } from '../../src/renderer/src/views/alerts/rule-value'

describe('number-format', () => {
  it('writes zero one way, without a sign, whatever side of zero it rounds from', () => {
    for (const v of [0, -0, 0.04, -0.04]) expect(formatSignedPct(v)).toBe('0.0 %')
    expect(flowWords(-0.01)).toBe('net flow 0.0 %')
    // The renderer's locale tables agree: zero unsigned.
    for (const v of [0, -0.04, 0.04]) expect(fmtPct(v)).toMatch(/^0[.,]0\s?%$/)
  })

  it('signs a percent with a true minus sign and one decimal', () => {
    expect(formatSignedPct(2)).toBe('+2.0 %')
    expect(formatSignedPct(-30.06)).toBe('−30.1 %')
    expect(formatPct(-12.345)).toBe('12.3 %')
  })

  it('writes money compact in dollars and a share with its word', () => {
    expect(formatMoney(1_234_567)).toBe('$1.23M')
    expect(formatMoney(850_000)).toBe('$850K')
    expect(formatShare(83.04)).toBe('83.0 % share')
  })

  it('the Alerts view writes an alert value as the notification does, in the unit it is in', () => {
    const conc = { kind: 'concentration', by: 'issuer', maxSharePct: 90, maxHhi: 3000 } as const
    expect(fmtRuleValue(conc, 54.08)).toBe('54.1 % share')
    expect(fmtRuleValue(conc, 5408.2, 'hhi')).toBe('HHI 5,408')
    const drop = { kind: 'tvl-change', window: '7d', direction: 'down', thresholdPct: 10 } as const
    expect(fmtRuleValue(drop, -12.34)).toBe('−12.3 %')
    expect(fmtRuleValue(drop, 0.01)).toBe('0.0 %')
    expect(fmtRuleValue({ kind: 'tvl-below', amount: 1e6 }, 812_345)).toBe('$812.35K')
    // Thresholds beside them: the kind's own wording, or the HHI limit the alert is over.
    expect(fmtRuleThreshold(drop, 10)).toBe('−10 %')
    expect(fmtRuleThreshold(conc, 3000, 'hhi')).toBe('HHI above 3,000')
  })
})

// One set of rules, written in a locale: the renderer's tables in the user's, the wording in en-US.
describe('number-format in a locale', () => {
  const NBSP = '\u00a0'
  const us = numberFormat(tableStyle('en-US'))
  const de = numberFormat(tableStyle('de-DE'))

  it('writes a percent as Intl does in the locale, with a true minus and no sign on zero', () => {
    expect(de.signedPct(1.5)).toBe(`+1,5${NBSP}%`)
    expect(de.signedPct(-1.5)).toBe(`−1,5${NBSP}%`)
    for (const v of [0, -0, 0.04, -0.04]) expect(de.signedPct(v)).toBe(`0,0${NBSP}%`)
    expect(de.share(42)).toBe(`42,0${NBSP}%`)
    expect(us.signedPct(3.2)).toBe('+3.2%')
    expect(us.signedPct(-3.2)).toBe('−3.2%')
    for (const v of [0, -0.04, 0.04]) expect(us.signedPct(v)).toBe('0.0%')
    expect(us.share(8)).toBe('8.0%')
  })

  it('writes money compact in US dollars in the locale, with a true minus', () => {
    expect(us.money(1_234_567)).toBe('$1.2M')
    expect(us.money(850_000)).toBe('$850K')
    expect(us.money(-5_000_000)).toBe('−$5M')
    expect(us.signedMoney(-250_000)).toBe('−$250K')
    expect(de.money(1_234_567)).toBe(`1,2${NBSP}Mio.${NBSP}$`)
    expect(de.money(-1_234_567)).toBe(`−1,2${NBSP}Mio.${NBSP}$`)
    expect(de.num(-1234.567)).toBe('−1.234,57')
  })

  it('the alert wording is en-US with a space before "%" whatever the machine’s locale', () => {
    const w = numberFormat(WORDING_STYLE)
    expect(w.signedPct(-30.06)).toBe(formatSignedPct(-30.06))
    expect(w.signedPct(1.5)).toBe('+1.5 %')
    expect(formatSignedMoney(1_234_567)).toBe('+$1.23M')
    expect(formatSignedMoney(-250_000, false)).toBe('−$250K')
    expect(formatSignedMoney(250_000, false)).toBe('$250K')
    // A dollar amount that rounds to zero did not move either.
    expect(formatSignedMoney(0.001)).toBe('$0')
  })

  it('the renderer’s tables are the same rules in the user’s locale', () => {
    const mine = numberFormat(tableStyle())
    expect(fmtPct(-3.2)).toBe(mine.signedPct(-3.2))
    expect(fmtPct(-3.2).startsWith('−')).toBe(true)
    expect(fmtShare(0.42)).toBe(mine.share(42))
    expect(fmtMoney(1_234_567)).toBe(mine.money(1_234_567))
    expect(fmtMoney(null)).toBe('—')
  })
})
