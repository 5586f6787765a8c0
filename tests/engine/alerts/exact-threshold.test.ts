// A change of exactly the threshold fires in every kind that judges a percent change, as the
// backtest and the bulk screen judge it (shared/change.ts pctChange): 800 → 720 is a 10 % drop,
// while 720 / 800 − 1 is −9.999…98 % and would never reach a 10 % threshold.
import { describe, expect, it } from 'vitest'
import { splitFlow } from '../../../src/shared/flow'
import type { AlertCondition } from '../../../src/shared/alert-rules'
import type { CycleInput } from '../../../src/main/engine/alerts/evaluate'
import { Harness, detail, good, issuerWindow, rule } from './helpers'

type History = Pick<CycleInput, 'flows' | 'issuers'>
const FROM = '2025-02-24T12:00:00.000Z'

function fires(
  condition: AlertCondition,
  obs: () => Parameters<Harness['run']>[0],
  history: History = {},
  before?: Parameters<Harness['run']>[0],
) {
  const h = new Harness({ rules: [rule({ pendingCycles: 1, condition })] })
  h.run(before ?? obs())
  return h.run(obs(), 5, history).instances[0]
}

describe('a change of exactly the threshold fires', () => {
  it('issuer-drop: an issuer from 800 to 720 is down 10 %', () => {
    const then = [{ issuer: 'Backed', tvl: 800 }]
    const now = [{ issuer: 'Backed', tvl: 720 }]
    const history: History = { issuers: { TSLA: { '7d': issuerWindow(then, now) } } }
    const i = fires(
      { kind: 'issuer-drop', issuer: 'Backed', window: '7d', thresholdPct: 10 },
      () => ({ TSLA: good(detail('TSLA')) }),
      history,
    )
    expect(i).toMatchObject({ state: 'firing', lastValue: -10 })
  })

  it('net-flow: tokens from 800 to 720 at an unchanged price are a 10 % outflow', () => {
    const flow = splitFlow(
      { at: FROM, tvl: 800, price: 100 },
      { at: '2025-03-03T12:00:00.000Z', tvl: 720, price: 100 },
      7,
      'TSLA',
    )
    const i = fires(
      { kind: 'net-flow', window: '7d', direction: 'down', thresholdPct: 10 },
      () => ({ TSLA: good(detail('TSLA')) }),
      { flows: { TSLA: { '7d': flow } } },
    )
    expect(i).toMatchObject({ state: 'firing', lastValue: -10 })
  })

  it('tvl-change like for like: the issuers still there from 800 K to 720 K are down 10 %', () => {
    const both = { Backed: { ethereum: 800_000 }, Ondo: { ethereum: 200_000 } }
    const i = fires(
      { kind: 'tvl-change', window: '7d', direction: 'down', thresholdPct: 10 },
      // Ondo vanishes while the service's window start still counts it: judged like for like.
      () => ({
        TSLA: good(
          detail('TSLA', { issuers: { Backed: { ethereum: 720_000 } }, start7d: 1_000_000 }),
        ),
      }),
      {},
      { TSLA: good(detail('TSLA', { issuers: both })) },
    )
    expect(i?.detail).toMatch(/without issuer Ondo/)
    expect(i).toMatchObject({ state: 'firing', lastValue: -10 })
  })
})
