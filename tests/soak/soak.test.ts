// The soak at a small size, inside npm test: the same run `npm run soak` makes at full size.
// Heap flatness needs thousands of polls and --expose-gc, so only `npm run soak` judges it.
import { describe, expect, it } from 'vitest'
import { runSoak } from './soak-run'

describe('soak (small)', () => {
  it(
    '300 accelerated polls with faults and scenarios: no crash, NaN, false alert, flood or unreadable cache',
    { timeout: 180_000 },
    async () => {
      const r = await runSoak({ polls: 300, seed: 20261123 })
      // The run did what a soak is for: faults and stories happened, and alerts really fired.
      expect(r.faults).toBeGreaterThan(20)
      expect(r.scenarios).toBeGreaterThan(5)
      expect(r.firedEvents).toBeGreaterThan(0)
      expect(r.crashes).toEqual([])
      expect(r.nonFinite).toEqual([])
      expect(r.falseAlerts).toEqual([])
      expect(r.floods).toEqual([])
      expect(r.maxPerRuleSymbolHour).toBeLessThanOrEqual(1)
      expect(r.cacheUnreadable).toEqual([])
    },
  )
})
