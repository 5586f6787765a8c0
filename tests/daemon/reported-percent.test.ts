// The reported TVL change on /metrics: a fraction the service sent is shown ×100 without the float
// noise of the multiplication (0.084889 × 100 is 8.488900000000001 in binary floating point).
import { describe, expect, it } from 'vitest'
import { reportedPercent } from '../../src/main/daemon/poll-metrics'

describe('reportedPercent', () => {
  it('a fraction shown ×100 carries no float noise', () => {
    expect(reportedPercent({ pct: 8.4889, verified: true, reported: 0.084889 })).toBe(8.4889)
    expect(reportedPercent({ pct: -25.87, verified: true, reported: -0.2587 })).toBe(-25.87)
  })

  it('a percent the service sent is kept as it is', () => {
    expect(reportedPercent({ pct: 8.4889, verified: true, reported: 8.488900000000001 })).toBe(
      8.488900000000001,
    )
    expect(reportedPercent({ pct: 3, verified: false, reported: 0.03 })).toBe(0.03)
  })
})
