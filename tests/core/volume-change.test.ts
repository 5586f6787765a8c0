// The volume-change kind through the real core, the local service over HTTP and a fake clock:
// TSLA trades a steady 10 % of its (flat) TVL a day, then its volume collapses by 60 % (the
// volume-collapse scenario). A rule on a 50 % drop against the 30-day average fires with the
// figures, and ends with its recovery text once the volume is back.
import { afterEach, describe, expect, it } from 'vitest'
import { defaultRules, type AlertRule } from '../../src/shared/alert-rules'
import { cycleThenWait, harness, MIN, type Harness } from './helpers'

const HOUR = 60 * MIN
const DAY = 24 * HOUR
let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

const rule: AlertRule = {
  ...defaultRules()[0]!,
  id: 'volume',
  name: 'Volume drying up',
  condition: { kind: 'volume-change', direction: 'down', thresholdPct: 50, baselineDays: 30 },
  pendingCycles: 1,
  cooldownMinutes: 0,
}

async function instance(hh: Harness) {
  const i = (await hh.core.getAlertInstances()).find((x) => x.ruleId === 'volume')
  if (!i) throw new Error('no instance of the volume rule')
  return i
}

describe('volume-change through the local service', () => {
  it('a volume collapse fires with its figures and recovers when the volume is back', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'], rules: [rule] } })
    await h.core.refreshNow() // starts the embedded service
    const now = h.clock.now()
    // An hour into the next day, so every earlier day of the series trades steadily.
    const from = Math.ceil(now / DAY) * DAY + HOUR
    h.service.scenarios.add({ kind: 'known-drops', symbol: 'TSLA', drops: [] })
    const collapse = h.service.scenarios.add({
      kind: 'volume-collapse',
      symbol: 'TSLA',
      pct: 60,
      from,
    })
    await cycleThenWait(h)
    expect(await instance(h)).toMatchObject({ state: 'ok' })

    h.clock.jump(from + 11 * HOUR - h.clock.now())
    await cycleThenWait(h)
    const fired = await instance(h)
    expect(fired.state).toBe('firing')
    expect(fired.lastValue).toBeCloseTo(-60, 0)
    const title = h.notified.flatMap((d) => (d.status === 'sent' ? [d.title + '\n' + d.body] : []))
    expect(title.join('\n')).toMatch(
      /TSLA trading volume down 60\.0 % against its 30-day average \(\$[\d.]+[KM] a day, average \$[\d.]+[KM]\)/,
    )

    h.service.scenarios.remove(collapse)
    h.service.scenarios.add({ kind: 'volume-collapse', symbol: 'TSLA', pct: 60, from: 0, days: 1 })
    h.clock.jump(HOUR)
    await cycleThenWait(h)
    expect((await instance(h)).state).toBe('resolved')
    const resolved = h.alertEvents.filter((e) => e.ruleId === 'volume' && e.type === 'resolved')
    expect(resolved.at(-1)?.recovery).toBe(
      'TSLA trading volume back to 0.0 % against its 30-day average (threshold −50.0 %)',
    )
  })
})
