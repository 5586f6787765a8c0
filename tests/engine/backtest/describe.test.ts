// What a backtest says it tested: a drop rule that ignores migrations is tested on every drop, and
// says so (the daily series has only the total).
import { describe, expect, it } from 'vitest'
import { describeCondition } from '../../../src/main/engine/backtest/describe'

const base = { pendingCycles: 2, rearmMarginPct: 2 }

describe('backtest describeCondition', () => {
  it('a drop rule with ignoreMigrations says migrations are not told apart on the daily series', () => {
    const c = { kind: 'tvl-change', window: '7d', direction: 'down', thresholdPct: 10 } as const
    const plain = describeCondition({ ...base, condition: c } as never)
    expect(plain).toBe(
      '7-day TVL drop of 10.0 % or more, on 2 days in a row; ends once back by 2 points',
    )
    expect(
      describeCondition({ ...base, condition: { ...c, ignoreMigrations: true } } as never),
    ).toBe(
      `${plain}; every drop counts here: the daily series has only the total, so migrations between issuers cannot be told apart and are not ignored`,
    )
  })
})
