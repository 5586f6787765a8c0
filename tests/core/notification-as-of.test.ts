// Every alert notification says how old the data it rests on is ("Data as of 14:05 UTC+2", in the
// user's zone), and a recovery says what the value came back to and its threshold — through the
// real core and the local service over HTTP, on a fake clock, for several condition kinds.
import { afterEach, describe, expect, it } from 'vitest'
import {
  defaultRules,
  type AlertRule,
  type NotificationDecision,
} from '../../src/shared/alert-rules'
import { poolCountsByNetwork } from '../../src/shared/pool-counts'
import { cycleThenWait, harness, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

type Sent = Extract<NotificationDecision, { status: 'sent' }>
const sent = (hh: Harness): Sent[] => hh.notified.filter((d): d is Sent => d.status === 'sent')

/** The default 7-day drop rule, told at once: one breaching poll fires, no cooldown. */
function rule(more: Partial<AlertRule> = {}): AlertRule {
  return { ...defaultRules()[0]!, pendingCycles: 1, cooldownMinutes: 0, ...more }
}

/** "14:05" two hours ahead of UTC (the zone the core is given: CEST). */
const cest = (d: Date): string => new Date(d.getTime() + 2 * 3_600_000).toISOString().slice(11, 16)

describe('notifications carry the as-of time and, on recovery, the value', () => {
  it('tvl-change: the firing and the recovery say the data time in local time; the recovery says the value and threshold', async () => {
    h = await harness({
      settings: { watchlist: ['TSLA'], rules: [rule()] },
      deps: { utcOffset: () => 120 },
    })
    await cycleThenWait(h) // backfill
    const drop = h.service.scenarios.add({
      kind: 'tvl-drop',
      symbol: 'TSLA',
      pct: 30,
      windowDays: 1,
    })
    const firedAt = h.clock.date()
    await cycleThenWait(h)
    expect(sent(h)).toHaveLength(1)
    const fired = sent(h)[0]!
    expect(fired.title).toMatch(/^TSLA TVL down \d+\.\d % in 7 days$/)
    expect(fired.body.split('\n')).toContain(`Data as of ${cest(firedAt)} UTC+2.`)
    expect(fired.asOf).toBe(firedAt.toISOString())

    h.service.scenarios.remove(drop)
    const backAt = h.clock.date()
    await cycleThenWait(h)
    const pct = row(h.core.lastCycle()!.rows, 'TSLA').change7d!.pct
    expect(sent(h)).toHaveLength(2)
    const back = sent(h)[1]!
    expect(back.title).toMatch(/^TSLA 7-day TVL drop recovered after 5 min$/)
    const value = `${pct < 0 ? '−' : '+'}${Math.abs(pct).toFixed(1)} %`
    expect(back.body.split('\n')[0]).toBe(`TSLA 7-day TVL back to ${value} (threshold −10.0 %)`)
    expect(back.body.split('\n')).toContain(`Data as of ${cest(backAt)} UTC+2.`)
    // The log keeps what was shown, and the history the event's as-of and recovery value.
    const [logged] = await h.core.getNotificationLog()
    expect(logged!.decision).toMatchObject({ body: back.body, asOf: backAt.toISOString() })
    const [resolved] = await h.core.getAlertHistory({ type: 'resolved' })
    expect(resolved).toMatchObject({
      asOf: backAt.toISOString(),
      recovery: `TSLA 7-day TVL back to ${value} (threshold −10.0 %)`,
    })
  })

  it('pool-count: the firing says the data time; the recovery the count back and the floor', async () => {
    h = await harness({
      settings: {
        watchlist: ['TSLA'],
        rules: [
          rule({
            id: 'pools',
            name: 'Ethereum pools',
            condition: { kind: 'pool-count', network: 'ethereum', below: 2 },
          }),
        ],
      },
    })
    await cycleThenWait(h)
    const n = poolCountsByNetwork((await h.core.getAsset('TSLA')).data).ethereum!
    const [saved] = await h.core.getRules()
    await h.core.saveRule({
      ...saved!,
      condition: { kind: 'pool-count', network: 'ethereum', below: n - 1 },
    })
    const loss = h.service.scenarios.add({
      kind: 'pool-loss',
      symbol: 'TSLA',
      network: 'ethereum',
      issuer: 'Ondo',
      pools: 2,
    })
    const firedAt = h.clock.date()
    await cycleThenWait(h)
    expect(sent(h).map((d) => d.title)).toEqual([
      `TSLA has ${n - 2} pools on ethereum, below the floor of ${n - 1}`,
    ])
    expect(sent(h)[0]!.body.split('\n')).toContain(
      `Data as of ${firedAt.toISOString().slice(11, 16)} UTC.`,
    )
    h.service.scenarios.remove(loss)
    const backAt = h.clock.date()
    await cycleThenWait(h)
    const back = sent(h)[1]!
    expect(back.title).toMatch(/^TSLA pool count on ethereum recovered after 5 min$/)
    expect(back.body.split('\n')[0]).toBe(`TSLA back to ${n} pools on ethereum (floor ${n - 1})`)
    expect(back.body.split('\n')).toContain(`Data as of ${backAt.toISOString().slice(11, 16)} UTC.`)
  })

  it('a digest of several alerts says the data time once, and each recovery line its value', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'], rules: [rule()] } })
    await cycleThenWait(h)
    const drops = ['TSLA', 'NVDA'].map((symbol) =>
      h!.service.scenarios.add({ kind: 'tvl-drop', symbol, pct: 30, windowDays: 1 }),
    )
    const firedAt = h.clock.date()
    await cycleThenWait(h)
    const digest = sent(h)[0]!
    expect(digest.title).toBe('2 Liquidity Watch alerts')
    expect(digest.body.split('\n')).toContain(
      `Data as of ${firedAt.toISOString().slice(11, 16)} UTC.`,
    )
    for (const d of drops) h.service.scenarios.remove(d)
    await cycleThenWait(h)
    const lines = sent(h)[1]!.body.split('\n')
    expect(lines[0]).toMatch(
      /^• TSLA 7-day TVL drop recovered after 5 min: 7-day TVL back to [−+]\d+\.\d % \(threshold −10\.0 %\)$/,
    )
    expect(lines[1]).toMatch(/^• NVDA 7-day TVL drop recovered after 5 min: 7-day TVL back to /)
  })
})
