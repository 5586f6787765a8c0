// Like for like over time: while an issuer is missing, the "7-day" change of the issuers still there
// must stay a 7-day change, however long the absence lasts — not the change since the last complete
// reading, which grows week by week and fires a drop the rule's window never saw.
import { describe, expect, it } from 'vitest'
import { Harness, detail, good, rule } from './helpers'

const WEEKLY = 0.97 // every part loses 3 % a week, at a steady rate

/** Every part's TVL `days` after the start, falling at the steady weekly rate. */
const at = (tvl: number, days: number): number => tvl * WEEKLY ** (days / 7)

describe('a change judged like for like while an issuer is missing', () => {
  it.each([
    ['whose history follows the issuers', false],
    ['whose history still counts the missing issuer', true],
  ])(
    'stays a 7-day change for weeks (service %s): a steady 3 %/week fall never reads as 8 %',
    (_, historyCountsOndo) => {
      const h = new Harness({
        rules: [
          rule({
            pendingCycles: 1,
            condition: { kind: 'tvl-change', window: '7d', direction: 'down', thresholdPct: 8 },
          }),
        ],
      })
      // Complete readings for a day: the anchor has Backed and Ondo, both falling 3 % a week.
      const complete = (days: number) => {
        const backed = at(600_000, days)
        const ondo = at(400_000, days)
        return good(
          detail('TSLA', {
            issuers: { Backed: { ethereum: backed }, Ondo: { ethereum: ondo } },
            start7d: (backed + ondo) / WEEKLY,
          }),
        )
      }
      h.run({ TSLA: complete(0) }, 6 * 60)
      // Ondo vanishes; the service's own 7-day change of what is left says −3 % throughout.
      const values: number[] = []
      for (let step = 1; step <= 4 * 21; step++) {
        const days = step / 4
        const backed = at(600_000, days)
        const start = (backed + (historyCountsOndo ? at(400_000, days) : 0)) / WEEKLY
        const r = h.run(
          {
            TSLA: good(
              detail('TSLA', { issuers: { Backed: { ethereum: backed } }, start7d: start }),
            ),
          },
          6 * 60,
        )
        expect(r.events, `day ${days}: ${r.instances[0]?.detail}`).toEqual([])
        values.push(r.instances[0]?.lastValue ?? NaN)
      }
      // The like-for-like figure is the 7-day change of Backed: −3 %, on every day of the absence.
      for (const [i, v] of values.entries()) expect(v, `day ${(i + 1) / 4}`).toBeCloseTo(-3, 6)
      expect(h.state.baselines.TSLA?.missing).not.toEqual({})
    },
  )
})
