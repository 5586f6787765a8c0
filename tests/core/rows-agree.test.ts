// The rows a poll sends out are the rows the watchlist answers with afterwards (the page takes
// either, whichever is newer): a row checked on the bulk series gives that series' fetch time in
// both. Seen failing: the poll stamped screened rows with the time after the bulk answer came,
// while the cache kept the time the request was sent, so an export compared with the last event
// disagreed on 250 of 300 rows.
import { afterEach, describe, expect, it } from 'vitest'
import { FakeClock } from '../engine/scheduler/fake-clock'
import { universeHarness, type UniverseHarness } from './tiered-helpers'

/** A clock that moves on by 1 ms each time it is read, as a real one does while requests run. */
class MovingClock extends FakeClock {
  override now(): number {
    const t = super.now()
    this.jump(1)
    return t
  }
  override date(): Date {
    return new Date(this.now())
  }
}

let h: UniverseHarness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('rows after a tiered poll', () => {
  it('are the same whether sent by the poll or asked for after it', async () => {
    h = await universeHarness({ universe: 300, clock: new MovingClock() })
    await h.poll()
    const sent = h.rowsEmitted.at(-1)!
    const asked = await h.core.getWatchlist()
    const screened = sent.filter((r) => r.checkedBy === 'series')
    expect(screened.length, 'rows checked on the bulk series').toBeGreaterThan(100)
    const differ = sent
      .filter((r, i) => r.fetchedAt !== asked[i]?.fetchedAt)
      .map(
        (r) =>
          `${r.symbol} ${r.fetchedAt} vs ${asked.find((a) => a.symbol === r.symbol)?.fetchedAt}`,
      )
    expect(differ).toEqual([])
    expect(asked).toEqual(sent)
  })

  // The poll's rows are kept for what asks next (RowMemo.prime): the rows an edit builds again from
  // the cache must still agree with them, or a row would change on screen for no reason.
  it('agree with the rows an edit builds again from the cache', async () => {
    h = await universeHarness({ universe: 300, clock: new MovingClock() })
    await h.poll()
    const sent = h.rowsEmitted.at(-1)!
    // Snoozing the rule touches every row's snoozed flag, so every row is built afresh.
    await h.core.snooze({ ruleId: 'default-7d-drop', symbol: null, minutes: 60 })
    const rebuilt = await h.core.getWatchlist()
    expect(rebuilt.every((r) => r.snoozed)).toBe(true)
    expect(rebuilt.map((r) => ({ ...r, snoozed: false }))).toEqual(sent)
  })
})
