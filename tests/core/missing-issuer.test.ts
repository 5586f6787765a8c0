// An issuer vanishes from the service's answer while its history still counts it (the service's
// issuer-missing scenario with keepInHistory): the row says it is missing for as long as it is,
// and the smaller total never fires as a drop; a rule that asks is told which issuer left.
import { afterEach, describe, expect, it } from 'vitest'
import { table } from '../../src/main/cli/format'
import { jsonReport } from '../../src/main/cli/json-report'
import { formatSignedPct } from '../../src/shared/number-format'
import { cycleThenWait, harness, MIN, row, type Harness } from './helpers'

const DAY = 24 * 60 * MIN

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

describe('an issuer that vanishes from the data', () => {
  it('is reported as missing for as long as it is, and its absence fires no drop', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    h.service.scenarios.add({
      kind: 'issuer-missing',
      symbol: 'TSLA',
      issuer: 'Ondo',
      keepInHistory: true,
    })
    for (let i = 0; i < 6; i++) {
      await cycleThenWait(h)
      const tsla = row(h.core.lastCycle()!.rows, 'TSLA')
      // The service's own figures show a drop of more than 25 % (Ondo was over a quarter).
      expect(tsla.change7d!.pct).toBeLessThan(-25)
      expect(tsla.problems).toContainEqual(
        expect.stringMatching(/^issuer Ondo missing from the latest data since \d\d:\d\d/),
      )
      expect(tsla.alertState).not.toBe('firing')
    }
    expect(h.notified).toEqual([])
    expect(await h.core.getAlertHistory({ type: 'fired' })).toEqual([])
    const [instance] = await h.core.getAlertInstances()
    expect(instance!.detail).toMatch(/without issuer Ondo/)
  })

  it('shows the like-for-like change it judged beside the raw one: row, check table and JSON (U8)', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    await cycleThenWait(h)
    h.service.scenarios.add({
      kind: 'issuer-missing',
      symbol: 'TSLA',
      issuer: 'Ondo',
      keepInHistory: true,
    })
    await cycleThenWait(h)
    await cycleThenWait(h)
    const tsla = row(await h.core.getWatchlist(), 'TSLA')
    expect(tsla.change7d!.pct).toBeLessThan(-25)
    expect(tsla.likeForLike).toMatchObject({ without: 'issuer Ondo' })
    const judged = tsla.likeForLike!.change7dPct!
    // The change the rule judged is the one shown as like for like (and it is no drop).
    expect(judged).toBeGreaterThan(-10)
    const [instance] = await h.core.getAlertInstances()
    expect(instance!.detail).toContain(
      `${judged < 0 ? 'down' : 'up'} ${Math.abs(judged).toFixed(1)} %`,
    )
    expect(row(h.core.lastCycle()!.rows, 'TSLA').likeForLike).toEqual(tsla.likeForLike)
    // The CLI's table and JSON carry it, worded "without issuer Ondo".
    expect(table([tsla])).toMatch(
      new RegExp(
        `^TSLA\\s.*\\(${formatSignedPct(judged).replace('+', '\\+')} without issuer Ondo\\)`,
        'm',
      ),
    )
    const json = jsonReport('demo', h.service.url, h.core.lastCycle()!, { firing: 0, held: 0 })
    expect(json.rows[0]!.likeForLike).toEqual({
      without: 'issuer Ondo',
      change7dPct: judged,
      change30dPct: tsla.likeForLike!.change30dPct,
    })
  })

  it('names the issuer that left when the rule asks and the absence persists', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    const [rule] = await h.core.getRules()
    await h.core.saveRule({ ...rule!, notifyMissingIssuers: true })
    await cycleThenWait(h)
    h.service.scenarios.add({ kind: 'issuer-missing', symbol: 'TSLA', issuer: 'Ondo' })
    for (let i = 0; i < 4; i++) await cycleThenWait(h)
    expect(h.notified).toHaveLength(1)
    const sent = h.notified[0]!
    expect(sent.status === 'sent' && sent.title).toMatch(
      /^TSLA: issuer Ondo missing from the latest data since/,
    )
  })
})

describe('a long absence, over weeks of polls', () => {
  it('keeps the 7-day change a 7-day change: the rest falling for weeks fires no false drop', async () => {
    h = await harness({ settings: { watchlist: ['TSLA'] } })
    // The first reading at noon; the next polls every 6 h from midnight (UTC, as the service's days).
    await cycleThenWait(h, 12 * 60 * MIN)
    // Ondo leaves the data (and the service's history: its own 7-day change is like for like),
    // and Backed, the largest issuer left, loses a fifth of its TVL over four weeks.
    h.service.scenarios.add({ kind: 'issuer-missing', symbol: 'TSLA', issuer: 'Ondo' })
    h.service.scenarios.add({
      kind: 'tvl-drop',
      symbol: 'TSLA',
      issuer: 'Backed',
      pct: 20,
      windowDays: 28,
      endsAt: h.clock.now() + 28 * DAY,
    })
    const worst = { own: 0, gap: 0 }
    for (let i = 0; i < 4 * 28; i++) {
      await cycleThenWait(h, 6 * 60 * MIN)
      const tsla = row(h.core.lastCycle()!.rows, 'TSLA')
      const [instance] = await h.core.getAlertInstances()
      const own = tsla.change7d!.pct
      worst.own = Math.min(worst.own, own)
      // The service's window starts at the start of a day: at midnight it is exactly 7 days, and
      // from the second week on the engine's like-for-like figure is the service's own.
      if (i >= 4 * 7 && i % 4 === 0)
        worst.gap = Math.max(worst.gap, Math.abs(instance!.lastValue! - own))
    }
    // The service's own like-for-like figure never reached the rule's 10 %: neither may ours.
    expect(worst.own).toBeGreaterThan(-10)
    expect(await h.core.getAlertHistory({ type: 'fired' })).toEqual([])
    expect(h.notified).toEqual([])
    expect(worst.gap).toBeLessThan(0.5)
  })
})
