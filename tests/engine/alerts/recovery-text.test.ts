// Every condition kind's recovery says what the value came back to and the limit it is judged
// against, on the notification's first line and in a digest's line. The table is keyed by kind: a
// kind added to the rule schema without a case here is a type error, so none can go untested.
import { describe, expect, it } from 'vitest'
import type { AlertCondition } from '../../../src/shared/alert-rules'
import { CONDITION_HELP } from '../../../src/shared/condition-kinds'
import { splitFlow } from '../../../src/shared/flow'
import type { IssuerTvl } from '../../../src/shared/issuer-moves'
import type { CycleInput } from '../../../src/main/engine/alerts/evaluate'
import type { AssetDetail } from '../../../src/shared/liquidity-schemas'
import { Harness, detail, good, issuerWindow, moved, rule, sent } from './helpers'

type Kind = AlertCondition['kind']
type History = Pick<CycleInput, 'flows' | 'issuers' | 'dailySeries'>

interface Case {
  condition: AlertCondition
  /** One cycle that breaches, then one clear past the re-arm margin. */
  breach: { detail: AssetDetail; history?: History }
  back: { detail: AssetDetail; history?: History }
  recovery: string
}

function withPools(d: AssetDetail, count: number): AssetDetail {
  const pools = Array.from({ length: count }, (_, i) => ({ address: `0x${i}` }))
  return {
    ...d,
    issuers: d.issuers.map((i) => ({
      ...i,
      networks: i.networks.map((n) => ({ ...n, pools })),
    })),
  }
}

function flowOver7d(tokensPct: number): History {
  const from = { at: '2025-02-24T12:00:00.000Z', tvl: 1_000_000, price: 100 }
  const to = { at: '2025-03-03T12:00:00.000Z', tvl: 1_000_000 * (1 + tokensPct / 100), price: 100 }
  return { flows: { TSLA: { '7d': splitFlow(from, to, 7, 'TSLA') } } }
}

function issuersOver7d(then: IssuerTvl[], now: IssuerTvl[]): History {
  return { issuers: { TSLA: { '7d': issuerWindow(then, now) } } }
}

const issuerSplit = (a: number, b: number, c: number) =>
  detail('TSLA', { issuers: { A: { ethereum: a }, B: { ethereum: b }, C: { ethereum: c } } })

/** 30 days trading 10,000 a day, then today: the baseline of a volume-change rule. */
function volumeBaseline(): History {
  const series = Array.from({ length: 31 }, (_, i) => ({
    date: new Date(Date.UTC(2025, 1, 1 + i)).toISOString().slice(0, 10),
    tvl: 1_000_000,
    volume: 10_000,
  }))
  return { dailySeries: () => series }
}

const withVolume = (v: number): AssetDetail => ({ ...detail('TSLA'), totalVolume: v })

const CASES: { [K in Kind]: Case } = {
  'tvl-change': {
    condition: CONDITION_HELP['tvl-change'].example,
    breach: { detail: moved('TSLA', -15) },
    back: { detail: moved('TSLA', -3) },
    recovery: 'TSLA 7-day TVL back to −3.0 % (threshold −10.0 %)',
  },
  'tvl-below': {
    condition: CONDITION_HELP['tvl-below'].example,
    breach: { detail: detail('TSLA', { tvl: 800_000 }) },
    back: { detail: detail('TSLA', { tvl: 1_200_000 }) },
    recovery: 'TSLA TVL back to $1.2M (threshold $1M)',
  },
  concentration: {
    condition: CONDITION_HELP.concentration.example,
    breach: { detail: issuerSplit(90, 5, 5) },
    back: { detail: issuerSplit(50, 30, 20) },
    recovery:
      'TSLA largest issuer A back to 50.0 % of TVL (limit 80.0 %), HHI 3,800 (highly concentrated; limit 5,000)',
  },
  'pool-count': {
    condition: CONDITION_HELP['pool-count'].example,
    breach: { detail: withPools(detail('TSLA'), 1) },
    back: { detail: withPools(detail('TSLA'), 3) },
    // The floor is the count before the loss less dropBy, plus one: 3 pools is at it again.
    recovery: 'TSLA back to 3 pools on ethereum (floor 3)',
  },
  'net-flow': {
    condition: CONDITION_HELP['net-flow'].example,
    breach: { detail: detail('TSLA'), history: flowOver7d(-15) },
    back: { detail: detail('TSLA'), history: flowOver7d(-2) },
    recovery: 'TSLA 7-day net flow back to −2.0 % (threshold −10.0 %)',
  },
  'issuer-drop': {
    condition: CONDITION_HELP['issuer-drop'].example,
    breach: {
      detail: detail('TSLA'),
      history: issuersOver7d(
        [{ issuer: 'Backed', tvl: 1_000_000 }],
        [{ issuer: 'Backed', tvl: 700_000 }],
      ),
    },
    back: {
      detail: detail('TSLA'),
      history: issuersOver7d(
        [{ issuer: 'Backed', tvl: 1_000_000 }],
        [{ issuer: 'Backed', tvl: 950_000 }],
      ),
    },
    recovery: 'TSLA issuer Backed TVL back to −5.0 % in 7 days (threshold −20.0 %)',
  },
  'volume-change': {
    condition: CONDITION_HELP['volume-change'].example,
    breach: { detail: withVolume(3_000), history: volumeBaseline() },
    back: { detail: withVolume(9_000), history: volumeBaseline() },
    recovery: 'TSLA trading volume back to −10.0 % against its 30-day average (threshold −50.0 %)',
  },
}

describe('recovery text of every condition kind', () => {
  it.each(Object.entries(CASES))('%s', (kind, c) => {
    const h = new Harness({
      rules: [rule({ name: kind, pendingCycles: 1, cooldownMinutes: 0, condition: c.condition })],
    })
    // pool-count's "dropBy" needs a count before the loss: a first poll at 3 pools.
    if (c.condition.kind === 'pool-count') h.run({ TSLA: good(c.back.detail) })
    const fired = h.run({ TSLA: good(c.breach.detail) }, 5, c.breach.history)
    expect(fired.events.map((e) => e.type)).toEqual(['fired'])
    const back = h.run({ TSLA: good(c.back.detail) }, 5, c.back.history)
    expect(back.events.map((e) => e.type)).toEqual(['resolved'])
    expect(back.events[0]?.recovery).toBe(c.recovery)
    // The notification leads with it, under a title naming the recovery.
    expect(sent(back)[0]?.body.split('\n')[0]).toBe(c.recovery)
  })
})

describe('issuer-drop says where the issuer’s TVL went', () => {
  it('a migration to another issuer is named in the alert, with the amounts', () => {
    const h = new Harness({
      rules: [rule({ pendingCycles: 1, condition: CONDITION_HELP['issuer-drop'].example })],
    })
    const then = [
      { issuer: 'Backed', tvl: 1_000_000 },
      { issuer: 'Ondo', tvl: 500_000 },
    ]
    const now = [
      { issuer: 'Backed', tvl: 600_000 },
      { issuer: 'Ondo', tvl: 900_000 },
    ]
    h.warm()
    const r = h.run({ TSLA: good(detail('TSLA')) }, 5, issuersOver7d(then, now))
    expect(sent(r)[0]?.title).toBe(
      'TSLA: issuer Backed TVL down 40.0 % in 7 days ($1M → $600K) (issuers: Backed −$400K, Ondo +$400K: migration, net $0)',
    )
  })
})
