import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  classifyIssuerMoves,
  EXIT_TOLERANCE,
  MIGRATION_TOLERANCE,
  signedMoney,
  type IssuerTvl,
} from '../../src/shared/issuer-moves'

const issuerNames = fc.uniqueArray(
  fc.constantFrom('xStocks', 'Backed', 'Ondo', 'Swarm', 'Dinari'),
  {
    minLength: 2,
    maxLength: 5,
  },
)
const money = fc.double({ min: 1_000, max: 1e9, noNaN: true })
const split = issuerNames.chain((names) =>
  fc.tuple(...names.map((issuer) => money.map((tvl) => ({ issuer, tvl })))),
)
const sum = (p: readonly IssuerTvl[]): number => p.reduce((s, x) => s + x.tvl, 0)

describe('classifyIssuerMoves', () => {
  it('the example from the issue reads as one plain line', () => {
    const m = classifyIssuerMoves(
      [
        { issuer: 'xStocks', tvl: 10_000_000 },
        { issuer: 'Backed', tvl: 5_000_000 },
      ],
      [
        { issuer: 'xStocks', tvl: 5_900_000 },
        { issuer: 'Backed', tvl: 8_900_000 },
      ],
    )
    expect(m.kind).toBe('migration')
    expect(m.text).toBe('xStocks −$4.1M, Backed +$3.9M: migration, net −$200K')
  })

  it('names the issuers that moved materially and sums the small moves of the others', () => {
    const m = classifyIssuerMoves(
      [
        { issuer: 'Backed', tvl: 76_000_000 },
        { issuer: 'Ondo', tvl: 20_000_000 },
        { issuer: 'Dinari', tvl: 3_000_000 },
        { issuer: 'Swarm', tvl: 1_000_000 },
      ],
      [
        { issuer: 'Backed', tvl: 38_000_000 },
        { issuer: 'Ondo', tvl: 19_999_992 },
        { issuer: 'Dinari', tvl: 2_999_998 },
        { issuer: 'Swarm', tvl: 1_000_000 },
      ],
    )
    expect(m.text).toBe('Backed −$38M, 2 others −$10: exit (nothing offsets it), net −$38M')
  })

  it('an issuer no longer listed is an exit with nothing rising, and says it is gone', () => {
    const m = classifyIssuerMoves(
      [
        { issuer: 'xStocks', tvl: 4_000_000 },
        { issuer: 'Backed', tvl: 6_000_000 },
      ],
      [{ issuer: 'Backed', tvl: 6_000_000 }],
    )
    expect(m.kind).toBe('exit')
    expect(m.text).toContain('xStocks −$4M (no longer listed)')
  })

  it('amounts add up: migrated + exited = fell, net = the change of the total', () => {
    fc.assert(
      fc.property(split, split, (a, b) => {
        const m = classifyIssuerMoves(a, b)
        expect(m.migrated + m.exited).toBeCloseTo(m.fell, 0)
        expect(m.migrated).toBeLessThanOrEqual(Math.min(m.fell, m.rose) + 1e-6)
        expect(m.net).toBeCloseTo(sum(b) - sum(a), 0)
        expect(m.exited).toBeGreaterThanOrEqual(0)
      }),
    )
  })

  it('TVL moved from one issuer to another with the total flat is a migration', () => {
    fc.assert(
      fc.property(split, fc.double({ min: 0.05, max: 1, noNaN: true }), (a, f) => {
        const [from, to] = a as [IssuerTvl, IssuerTvl]
        const moved = from.tvl * f
        const b = a.map((p) =>
          p === from ? { ...p, tvl: p.tvl - moved } : p === to ? { ...p, tvl: p.tvl + moved } : p,
        )
        fc.pre(moved > 0.006 * sum(a))
        expect(classifyIssuerMoves(a, b).kind).toBe('migration')
      }),
    )
  })

  it('one issuer falling with nothing rising is an exit; a partial offset is mixed, with both amounts', () => {
    fc.assert(
      fc.property(
        split,
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, f, offset) => {
          const [from, to] = a as [IssuerTvl, IssuerTvl]
          const fall = from.tvl * f
          fc.pre(fall > 0.006 * sum(a))
          const b = a.map((p) =>
            p === from
              ? { ...p, tvl: p.tvl - fall }
              : p === to
                ? { ...p, tvl: p.tvl + fall * offset }
                : p,
          )
          const m = classifyIssuerMoves(a, b)
          const expected =
            offset >= 1 - MIGRATION_TOLERANCE + 1e-9
              ? 'migration'
              : offset < EXIT_TOLERANCE - 1e-9
                ? 'exit'
                : offset > 1 - MIGRATION_TOLERANCE - 1e-9 ||
                    Math.abs(offset - EXIT_TOLERANCE) < 1e-9
                  ? m.kind
                  : 'mixed'
          expect(m.kind).toBe(expected)
          if (m.kind === 'mixed') expect(m.text).toMatch(/moved to other issuers and .* left/)
        },
      ),
    )
  })

  it('the kind does not depend on the order issuers are listed in, nor on the currency unit', () => {
    fc.assert(
      fc.property(split, split, fc.double({ min: 0.01, max: 100, noNaN: true }), (a, b, k) => {
        const m = classifyIssuerMoves(a, b)
        expect(classifyIssuerMoves([...a].reverse(), [...b].reverse()).kind).toBe(m.kind)
        const scale = (p: IssuerTvl[]): IssuerTvl[] => p.map((x) => ({ ...x, tvl: x.tvl * k }))
        const scaled = classifyIssuerMoves(scale(a), scale(b)).kind
        // Scaling may only change a case sitting exactly on a boundary (rounding).
        if (Math.abs(m.exited / Math.max(m.fell, 1) - MIGRATION_TOLERANCE) > 1e-6)
          if (Math.abs(m.migrated / Math.max(m.fell, 1) - EXIT_TOLERANCE) > 1e-6)
            expect(scaled).toBe(m.kind)
      }),
    )
  })

  it('no change at all is none; money reads with a true minus and a space before the unit', () => {
    const a = [
      { issuer: 'Backed', tvl: 1e6 },
      { issuer: 'Ondo', tvl: 2e6 },
    ]
    expect(classifyIssuerMoves(a, a).kind).toBe('none')
    expect(signedMoney(-250_000)).toBe('−$250K')
    expect(signedMoney(1_234_567)).toBe('+$1.23M')
  })
})
