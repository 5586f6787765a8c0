// The one number formatter of alert wording (shared/number-format.ts): the notification, the Alerts
// view, the CLI table and --json's messages write a figure the same way.
import { describe, expect, it } from 'vitest'
import {
  formatMoney,
  formatPct,
  formatShare,
  formatSignedPct,
} from '../../src/shared/number-format'
import { flowWords } from '../../src/shared/flow'
import { fmtPct } from '../../src/renderer/src/lib/format'
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
