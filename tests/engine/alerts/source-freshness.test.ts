// The service's own data can be old while our fetch is new: its newest daily series point is
// tracked per symbol; past its cadence (the point's day ended over 48 h ago) the symbol is
// source-stale — shown as such, never judged as a fresh change.
import { describe, expect, it } from 'vitest'
import { Harness, START, good, moved, rule, sent, stateOf } from './helpers'

const HOUR = 60
const today = START.toISOString().slice(0, 10) // 2025-03-03

describe('source freshness', () => {
  it('a newest point within its cadence is fresh', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.sourceDates = { TSLA: '2025-03-01' } // ended 36 h ago: late, not stale
    h.warm()
    const r = h.run({ TSLA: good(moved('TSLA', -12)) })
    expect(r.findings.TSLA).toEqual([])
    expect(sent(r)).toHaveLength(1)
  })

  it('a symbol whose service data is past its cadence is source-stale: shown, never fired', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.sourceDates = { TSLA: '2025-02-28' } // its day ended 60 h ago
    h.warm()
    for (let i = 0; i < 3; i++) {
      const r = h.run({ TSLA: good(moved('TSLA', -30)) })
      expect(r.events).toEqual([])
      expect(r.decisions).toEqual([])
      expect(stateOf(r)).toBe('stale')
      expect(r.instances[0]?.detail).toMatch(
        /^source stale: the service's newest TVL point for TSLA is from 2025-02-28/,
      )
      expect(r.findings.TSLA).toEqual([
        "source stale: the service's newest TVL point for TSLA is from 2025-02-28",
      ])
    }
  })

  it('dates that stop advancing turn stale once the cadence has passed, and fresh again', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.sourceDates = { TSLA: today }
    h.warm()
    // 12:05 on day 0 → the point for day 0 ends at 24:00; stale after 48 h more (day 3, 00:00).
    h.run({ TSLA: good(moved('TSLA', 0)) }, 59 * HOUR)
    const r = h.run({ TSLA: good(moved('TSLA', -30)) }) // day 2, 23:05: still within
    expect(stateOf(r)).toBe('firing')
    h.run({ TSLA: good(moved('TSLA', 0)) }, 60)
    const late = h.run({ TSLA: good(moved('TSLA', -30)) }) // day 3, 00:10
    expect(stateOf(late)).toBe('stale')
    expect(late.events).toEqual([])
    // The service catches up: judged again.
    h.sourceDates = { TSLA: '2025-03-06' }
    expect(stateOf(h.run({ TSLA: good(moved('TSLA', -30)) }))).toBe('firing')
  })

  it('a poll without a date keeps a stale mark for an hour; then freshness is unknown, not stale', () => {
    const h = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    h.sourceDates = { TSLA: today }
    h.warm()
    h.sourceDates = { TSLA: '2025-02-27' }
    expect(stateOf(h.run({ TSLA: good(moved('TSLA', -30)) }))).toBe('stale')
    // The analytics say nothing this poll (failed, cached, or the symbol left them): an
    // occasional miss must not let frozen figures through…
    h.sourceDates = {}
    const soon = h.run({ TSLA: good(moved('TSLA', -30)) }, 3 * 24 * HOUR)
    expect(stateOf(soon)).toBe('stale')
    expect(soon.events).toEqual([])
    // …but an old mark never blocks for good: days without a date, the fresh detail is judged.
    const later = h.run({ TSLA: good(moved('TSLA', -30)) }, 24 * HOUR)
    expect(stateOf(later)).toBe('firing')
    expect(sent(later)).toHaveLength(1)
    expect(later.findings.TSLA).toEqual([])
    expect(later.state.sources.TSLA).toBeUndefined()
    for (let i = 0; i < 3; i++)
      expect(stateOf(h.run({ TSLA: good(moved('TSLA', -30)) }, 24 * HOUR))).toBe('firing')
    // A symbol never listed is unknown from the start, not stale.
    const other = new Harness({ rules: [rule({ pendingCycles: 1 })] })
    other.warm()
    expect(sent(other.run({ TSLA: good(moved('TSLA', -30)) }))).toHaveLength(1)
  })
})
