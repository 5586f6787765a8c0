// Per-symbol overrides saved through the core's saveRule (what the rule editor and the asset view
// call): a threshold that cannot mean anything for the rule's condition is refused in plain words,
// naming the symbol, and the stored rules stay as they were; a sound override is stored as given.
import { afterEach, describe, expect, it } from 'vitest'
import { defaultRules, type AlertRule } from '../../src/shared/alert-rules'
import { harness, type Harness } from './helpers'

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const base = defaultRules()[0]!
const concentration: AlertRule = {
  ...base,
  id: 'conc',
  name: 'One issuer dominates',
  condition: { kind: 'concentration', by: 'issuer', maxSharePct: 80 },
}
const pools: AlertRule = {
  ...base,
  id: 'pools',
  name: 'Ethereum pools',
  condition: { kind: 'pool-count', network: 'ethereum', below: 3 },
}

describe('per-symbol overrides through saveRule', () => {
  it('refuses a share above 100 % and a fractional pool count, naming the symbol; keeps what was stored', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
    const before = await h.core.getRules()
    await expect(
      h.core.saveRule({ ...concentration, overrides: { TSLA: { threshold: 150 } } }),
    ).rejects.toThrow(/TSLA: .*share.* 100 %/)
    await expect(
      h.core.saveRule({ ...pools, overrides: { NVDA: { threshold: 2.5 } } }),
    ).rejects.toThrow(/NVDA: .*whole number/)
    await expect(
      h.core.saveRule({ ...base, overrides: { TSLA: { threshold: 2000 } } }),
    ).rejects.toThrow(/TSLA: .*1,000 %/)
    expect(await h.core.getRules()).toEqual(before)
  })

  it('stores a sound override (threshold, enabled, snooze) as given', async () => {
    h = await harness({ settings: { watchlist: ['TSLA', 'NVDA'] } })
    const until = new Date(h.clock.now() + 3_600_000).toISOString()
    const overrides = {
      TSLA: { threshold: 5 },
      NVDA: { enabled: false, snoozedUntil: until },
    }
    const rules = await h.core.saveRule({ ...base, overrides })
    expect(rules.find((r) => r.id === base.id)!.overrides).toEqual(overrides)
    expect((await h.core.getRules())[0]!.overrides).toEqual(overrides)
  })
})
