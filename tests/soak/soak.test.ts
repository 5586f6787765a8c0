// The soak at a small size, inside npm test: the same run and the same verdicts `npm run soak`
// makes at full size. Heap flatness needs thousands of polls and --expose-gc, so here the heap is
// not measured and its verdict passes as "not measured".
import { describe, expect, it } from 'vitest'
import { runSoak } from './soak-run'
import { soakDetails, verdicts } from './verdicts'

describe('soak (small)', () => {
  it(
    '300 accelerated polls with faults and scenarios: every verdict of `npm run soak` passes',
    { timeout: 180_000 },
    async () => {
      const r = await runSoak({ polls: 300, seed: 20261123 })
      // The run did what a soak is for: faults and stories happened, and alerts really fired.
      expect(r.faults).toBeGreaterThan(20)
      expect(r.scenarios).toBeGreaterThan(5)
      expect(r.firedEvents).toBeGreaterThan(0)
      const failed = verdicts(r).filter((v) => !v.pass)
      expect(failed, soakDetails(r).join('\n')).toEqual([])
    },
  )
})
