// ignoreMigrations on the TVL drop rule never hides a loss by the app's own issuer figures: a drop
// is ignored only when the issuers' moves were a migration and their own TVL did not fall by the
// threshold (the service's total disagrees with its issuers). Before, a migration with a real net
// loss under 10 % of the moves (a 5 % loss of the asset's TVL here) was ignored.
import { describe, expect, it } from 'vitest'
import { Harness, good, issuerWindow, moved, rule } from './helpers'

const ignoring = (thresholdPct: number) =>
  rule({
    pendingCycles: 1,
    condition: {
      kind: 'tvl-change',
      window: '7d',
      direction: 'down',
      thresholdPct,
      ignoreMigrations: true,
    },
  })

describe('ignoreMigrations', () => {
  it('a migration with a real loss of the threshold fires, and says what fell besides the move', () => {
    const h = new Harness({ rules: [ignoring(5)] })
    h.warm()
    // A's 1 M moved: 900 K to B, 100 K left the asset (5 % of 2 M).
    const w = issuerWindow(
      [
        { issuer: 'A', tvl: 1_000_000 },
        { issuer: 'B', tvl: 1_000_000 },
      ],
      [{ issuer: 'B', tvl: 1_900_000 }],
    )
    expect(w.kind === 'known' && w.moves.kind).toBe('migration')
    const r = h.run({ TSLA: good(moved('TSLA', -5)) }, 5, { issuers: { TSLA: { '7d': w } } })
    expect(r.instances[0]?.state).toBe('firing')
    expect(r.instances[0]?.detail).toMatch(
      /not ignored: besides the migration, the issuers' own TVL fell 5\.0 %: /,
    )
  })

  it('a drop the issuers’ own figures show as a pure migration is ignored, and says why', () => {
    const h = new Harness({ rules: [ignoring(10)] })
    h.warm()
    const w = issuerWindow(
      [
        { issuer: 'A', tvl: 1_000_000 },
        { issuer: 'B', tvl: 500_000 },
      ],
      [
        { issuer: 'A', tvl: 400_000 },
        { issuer: 'B', tvl: 1_100_000 },
      ],
    )
    // The service's total says −12 % (its history disagrees with its issuers).
    const r = h.run({ TSLA: good(moved('TSLA', -12)) }, 5, { issuers: { TSLA: { '7d': w } } })
    expect(r.instances[0]?.state).toBe('ok')
    expect(r.instances[0]?.detail).toMatch(
      /ignored as a migration: the issuers' own TVL changed 0\.0 % \(A −\$600K, B \+\$600K: migration/,
    )
  })

  it('an exit is judged as usual', () => {
    const h = new Harness({ rules: [ignoring(10)] })
    h.warm()
    const w = issuerWindow([{ issuer: 'A', tvl: 1_000_000 }], [{ issuer: 'A', tvl: 880_000 }])
    const r = h.run({ TSLA: good(moved('TSLA', -12)) }, 5, { issuers: { TSLA: { '7d': w } } })
    expect(r.instances[0]?.state).toBe('firing')
  })
})
