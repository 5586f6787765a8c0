// The pool-count condition through the real core and the local service over HTTP: the service's
// pool-loss scenario removes pools on a network, and the rule fires on a floor or a drop since the
// last poll — pending, firing, re-arm when the pools come back, the cooldown, plain-words text.
import { afterEach, describe, expect, it } from 'vitest'
import { defaultRules, type AlertRule } from '../../src/shared/alert-rules'
import { poolCountsByNetwork } from '../../src/shared/pool-counts'
import { cycleThenWait, harness, MIN, row, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

function poolRule(
  condition: Extract<AlertRule['condition'], { kind: 'pool-count' }>,
  more: Partial<AlertRule> = {},
): AlertRule {
  return { ...defaultRules()[0]!, id: 'pools', name: 'Ethereum pools', condition, ...more }
}

/** TSLA's pools on ethereum as the service lists them now (the demo data's count follows its TVL). */
async function ethereumPools(hh: Harness): Promise<number> {
  const { data } = await hh.core.getAsset('TSLA')
  return poolCountsByNetwork(data).ethereum!
}

const sentTitles = (hh: Harness): string[] =>
  hh.notified.flatMap((d) => (d.status === 'sent' ? [d.title] : []))

describe('pool-count rule', () => {
  it('a drop since the last poll: pending, fires once, held through the episode, re-arms when pools return', async () => {
    h = await harness({
      settings: {
        watchlist: ['TSLA'],
        rules: [
          poolRule({ kind: 'pool-count', network: 'ethereum', dropBy: 2 }, { cooldownMinutes: 0 }),
        ],
      },
    })
    await cycleThenWait(h)
    await cycleThenWait(h)
    expect(row(h.core.lastCycle()!.rows, 'TSLA').alertState).toBe('ok')
    const n = await ethereumPools(h)
    const loss = h.service.scenarios.add({
      kind: 'pool-loss',
      symbol: 'TSLA',
      network: 'ethereum',
      issuer: 'Ondo',
      pools: 2,
    })
    await cycleThenWait(h)
    expect(row(h.core.lastCycle()!.rows, 'TSLA').alertState).toBe('pending')
    expect(sentTitles(h)).toEqual([])
    // Confirmed on the next poll: the level before the drop is held, so the drop is still a drop.
    await cycleThenWait(h)
    expect(row(h.core.lastCycle()!.rows, 'TSLA').alertState).toBe('firing')
    expect(sentTitles(h)).toEqual([`TSLA lost 2 pools on ethereum: ${n} → ${n - 2}`])
    const [fired] = await h.core.getAlertHistory({ type: 'fired' })
    expect(fired).toMatchObject({ value: n - 2, threshold: n - 1 })
    // It stays firing while the pools stay gone, and says nothing more (repeats are 24 h apart).
    for (let i = 0; i < 3; i++) await cycleThenWait(h)
    expect(row(h.core.lastCycle()!.rows, 'TSLA').alertState).toBe('firing')
    const [instance] = await h.core.getAlertInstances()
    expect(instance!.detail).toBe(
      `${n - 2} pools on ethereum (${n} at the last check); alert on a loss of 2 since the last check`,
    )
    expect(sentTitles(h)).toHaveLength(1)
    // The pools come back: resolved, told with the duration.
    h.service.scenarios.remove(loss)
    await cycleThenWait(h)
    expect(row(h.core.lastCycle()!.rows, 'TSLA').alertState).toBe('resolved')
    expect(sentTitles(h)[1]).toMatch(/^TSLA pool count on ethereum recovered after 2\d min$/)
    // And the next drop is measured from the level now, not the old one.
    await cycleThenWait(h)
    expect(row(h.core.lastCycle()!.rows, 'TSLA').alertState).toBe('ok')
  })

  it('a floor: fires below it with the counts in plain words; the cooldown holds the recovery news', async () => {
    h = await harness({
      settings: {
        watchlist: ['TSLA'],
        rules: [
          poolRule({ kind: 'pool-count', network: 'Ethereum', below: 5 }, { pendingCycles: 1 }),
        ],
      },
    })
    await cycleThenWait(h)
    const n = await ethereumPools(h)
    const [rule] = await h.core.getRules()
    await h.core.saveRule({
      ...rule!,
      condition: { kind: 'pool-count', network: 'Ethereum', below: n - 1 },
    })
    const loss = h.service.scenarios.add({
      kind: 'pool-loss',
      symbol: 'TSLA',
      network: 'ethereum',
      issuer: 'Backed',
      pools: 2,
    })
    await cycleThenWait(h)
    expect(sentTitles(h)).toEqual([
      `TSLA has ${n - 2} pools on Ethereum, below the floor of ${n - 1}`,
    ])
    h.service.scenarios.remove(loss)
    await cycleThenWait(h)
    // Resolved within the rule's 60-minute cooldown: recorded, told when the cooldown ends.
    expect(row(h.core.lastCycle()!.rows, 'TSLA').alertState).toBe('resolved')
    expect(sentTitles(h)).toHaveLength(1)
    expect(h.core.lastCycle()!.decisions).toContainEqual(
      expect.objectContaining({ status: 'suppressed', reason: 'cooldown' }),
    )
    for (let t = 0; t < 60; t += 5) await cycleThenWait(h, 5 * MIN)
    expect(sentTitles(h)[1]).toMatch(/^TSLA pool count on Ethereum recovered/)
  })

  it('an issuer missing from the data is no pool loss, and an unknown network says so', async () => {
    h = await harness({
      settings: {
        watchlist: ['TSLA'],
        rules: [
          poolRule(
            { kind: 'pool-count', network: 'ethereum', below: 5, dropBy: 1 },
            { pendingCycles: 1 },
          ),
          poolRule(
            { kind: 'pool-count', network: 'ethreum', below: 1 },
            { id: 'typo', pendingCycles: 1 },
          ),
        ],
      },
    })
    await cycleThenWait(h)
    h.service.scenarios.add({ kind: 'issuer-missing', symbol: 'TSLA', issuer: 'Ondo' })
    await cycleThenWait(h)
    await cycleThenWait(h)
    expect(sentTitles(h)).toEqual([])
    const tsla = row(h.core.lastCycle()!.rows, 'TSLA')
    expect(tsla.problems).toContainEqual(
      'pools on ethereum cannot be counted while issuer Ondo is missing from the data',
    )
    expect(tsla.problems).toContainEqual(
      expect.stringMatching(
        /^TSLA's data lists no network "ethreum" \(its networks: arbitrum, base, .*\), so its pools cannot be counted$/,
      ),
    )
  })
})
