// A per-symbol override of an issuer-drop rule replaces its drop threshold, at most 100 %.
import { describe, expect, it } from 'vitest'
import { thresholdMeaning, thresholdProblem } from '../../src/shared/rule-overrides'
import { withThreshold } from '../../src/main/engine/alerts/rules'

describe('issuer-drop overrides', () => {
  const c = { kind: 'issuer-drop', issuer: 'Backed', window: '7d', thresholdPct: 20 } as const
  it('means the issuer’s own drop in percent, up to 100', () => {
    expect(thresholdMeaning(c)).toMatchObject({ label: 'Issuer drop (%)', ruleValue: 20, max: 100 })
    expect(thresholdProblem(c, 150)).toBe('an issuer cannot lose more than 100 % of its TVL')
    expect(thresholdProblem(c, 35)).toBeNull()
    expect(withThreshold(c, 35)).toEqual({ ...c, thresholdPct: 35 })
  })
})
