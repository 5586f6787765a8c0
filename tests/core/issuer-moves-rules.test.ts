// Issuer migration vs exit through the real core, the local service over HTTP and the app's own
// history (temp dir) on a fake clock. TSLA is held flat (known-drops with none: no noise), so the
// moves are the scenarios': 60 % of Backed's TVL moving to Ondo while the whole symbol loses 2.5 %
// is a migration — a 2 % drop rule with ignoreMigrations stays quiet, the same rule without it
// fires — and Backed losing 60 % with nothing rising is an exit, which fires both. The issuer-drop
// kind fires on Backed's own drop, is not judged on a short history, and ends when Backed is back.
import { afterEach, describe, expect, it } from 'vitest'
import { defaultRules, type AlertRule } from '../../src/shared/alert-rules'
import { cycleThenWait, harness, MIN, row, type Harness } from './helpers'

const DAY = 24 * 60 * MIN
let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
})

function rule(id: string, condition: AlertRule['condition'], pendingCycles = 1): AlertRule {
  return { ...defaultRules()[0]!, id, name: id, condition, pendingCycles, cooldownMinutes: 0 }
}

async function instance(hh: Harness, ruleId: string) {
  const i = (await hh.core.getAlertInstances()).find((x) => x.ruleId === ruleId)
  if (!i) throw new Error(`no instance of ${ruleId}`)
  return i
}

const drop = { kind: 'tvl-change', window: '7d', direction: 'down', thresholdPct: 2 } as const

/** A harness on flat TSLA with a week of the app's own history recorded. */
async function weekOfHistory(rules: AlertRule[]): Promise<Harness> {
  const hh = await harness({ settings: { watchlist: ['TSLA'], rules } })
  await hh.core.refreshNow() // starts the embedded service
  hh.service.scenarios.add({ kind: 'known-drops', symbol: 'TSLA', drops: [] })
  await cycleThenWait(hh)
  hh.clock.jump(7 * DAY)
  return hh
}

describe('ignoreMigrations on the TVL drop rule', () => {
  it('a migration with a real loss past the threshold still fires it; an exit fires both', async () => {
    h = await weekOfHistory([
      rule('ignoring', { ...drop, ignoreMigrations: true }),
      rule('plain', drop),
    ])
    const move = h.service.scenarios.add({
      kind: 'issuer-migration',
      symbol: 'TSLA',
      from: 'Backed',
      to: 'Ondo',
      pct: 60,
      windowDays: 7,
    })
    const leak = h.service.scenarios.add({
      kind: 'tvl-drop',
      symbol: 'TSLA',
      pct: 2.5,
      windowDays: 7,
    })
    await cycleThenWait(h)
    expect((await instance(h, 'plain')).state).toBe('firing')
    // 2.5 % of TSLA's TVL left the asset besides the move: the option never hides that.
    const ignoring = await instance(h, 'ignoring')
    expect(ignoring.state).toBe('firing')
    expect(ignoring.detail).toMatch(
      /^down 2\.\d % in 7 days; alert at down 2\.0 %; not ignored: besides the migration, the issuers' own TVL fell 2\.\d %: Backed −\$2\d(\.\d+)?M, Ondo \+\$2\d(\.\d+)?M.*: migration, net −\$2\.\d+M/,
    )
    // check --json rows carry the same classification as a plain-words finding.
    const findings = h.core.lastCycle()!.rowFindings.TSLA!
    expect(findings.find((f) => f.startsWith('issuers over 7 days: '))).toMatch(/: migration, net /)
    // The last poll, 5 minutes before, was before the move: it shows since then too.
    expect(findings.find((f) => f.startsWith('issuers since the last poll: '))).toMatch(
      /^issuers since the last poll: Backed −\$2\d\.\d+M, Ondo \+\$2\d\.\d+M.*: migration, net /,
    )

    // Backed's TVL leaves the asset instead: nothing offsets it.
    h.service.scenarios.remove(move)
    h.service.scenarios.remove(leak)
    h.service.scenarios.add({
      kind: 'issuer-exit',
      symbol: 'TSLA',
      issuer: 'Backed',
      pct: 60,
      windowDays: 7,
    })
    await cycleThenWait(h)
    const exit = await instance(h, 'ignoring')
    expect(exit.state).toBe('firing')
    expect(exit.detail).toMatch(
      /; not a migration: Backed −\$2\d(\.\d+)?M(, \d others? −\$[\d.]+[KM]?)?: exit \(nothing offsets it\)/,
    )
    const sent = h.notified.flatMap((d) => (d.status === 'sent' ? [d.title + ' ' + d.body] : []))
    // The alert that fired on the leak said what fell besides the migration.
    expect(sent.some((t) => /issuers' own TVL down 2\.\d % besides a migration: /.test(t))).toBe(
      true,
    )
  })

  it('with too little history it is judged as usual and says migrations are not told apart', async () => {
    h = await harness({
      settings: {
        watchlist: ['TSLA'],
        rules: [rule('ignoring', { ...drop, ignoreMigrations: true })],
      },
    })
    await cycleThenWait(h)
    const i = await instance(h, 'ignoring')
    expect(i.detail).toContain(
      "migrations not told apart (not enough history of each issuer's TVL over 7 days: Liquidity Watch records it itself and it has no history of TSLA yet)",
    )
    expect(row(h.core.lastCycle()!.rows, 'TSLA')).toBeDefined()
  })
})

describe('issuer-drop rule', () => {
  it('not judged on a short history; fires on Backed’s own drop while the total is flat; ends when it is back', async () => {
    h = await harness({
      settings: {
        watchlist: ['TSLA'],
        rules: [
          rule(
            'backed',
            { kind: 'issuer-drop', issuer: 'Backed', window: '7d', thresholdPct: 20 },
            2,
          ),
          rule('any', { kind: 'issuer-drop', window: '7d', thresholdPct: 50 }),
        ],
      },
    })
    await h.core.refreshNow()
    h.service.scenarios.add({ kind: 'known-drops', symbol: 'TSLA', drops: [] })
    await cycleThenWait(h)
    const early = await instance(h, 'backed')
    expect(early.state).toBe('nodata')
    expect(early.detail).toBe(
      "7-day drop of issuer Backed of TSLA cannot be judged: not enough history of each issuer's TVL over 7 days: Liquidity Watch records it itself and it has no history of TSLA yet",
    )
    h.clock.jump(7 * DAY)
    await cycleThenWait(h)
    expect((await instance(h, 'backed')).state).toBe('ok')

    // 40 % of Backed moves to Ondo: the total is flat, Backed's own TVL is down 40 %.
    const move = h.service.scenarios.add({
      kind: 'issuer-migration',
      symbol: 'TSLA',
      from: 'Backed',
      to: 'Ondo',
      pct: 40,
      windowDays: 7,
    })
    await cycleThenWait(h)
    expect((await instance(h, 'backed')).state).toBe('pending')
    await cycleThenWait(h)
    const fired = await instance(h, 'backed')
    expect(fired.state).toBe('firing')
    expect(fired.detail).toMatch(
      /^issuer Backed down 40\.\d % in 7 days \(\$4\d\.\d+M → \$2\d\.\d+M(; the price move \([−+]\d\.\d %\) taken out)?\); alert at a drop of 20\.0 %$/,
    )
    // "Any issuer" at 50 %: Backed's 40 % is the worst, and under it.
    const any = await instance(h, 'any')
    expect(any.state).toBe('ok')
    expect(any.detail).toMatch(/^worst: issuer Backed down 40\.\d %/)
    const titles = h.notified.flatMap((d) => (d.status === 'sent' ? [d.title] : []))
    // The title says where Backed's TVL went: to Ondo, a migration.
    expect(titles).toHaveLength(1)
    expect(titles[0]).toMatch(
      /^TSLA: issuer Backed TVL down 40\.\d % in 7 days \(\$4\d\.\d+M → \$2\d\.\d+M(; the price move \([−+]\d\.\d %\) taken out)?\) \(issuers: Backed −\$1\d(\.\d+)?M, Ondo \+\$1\d(\.\d+)?M[^:]*: migration, net .*\)$/,
    )

    h.service.scenarios.remove(move)
    await cycleThenWait(h)
    expect((await instance(h, 'backed')).state).toBe('resolved')
    const last = h.notified.at(-1)
    expect(last?.status === 'sent' && last.body.split('\n')[0]).toMatch(
      /^TSLA issuer Backed TVL back to [−+]?\d\.\d % in 7 days \(threshold −20\.0 %\)$/,
    )
  })
})

describe('a share price that falls', () => {
  it('is no issuer’s exit and no issuer’s drop: the moves are judged at today’s price', async () => {
    h = await weekOfHistory([
      rule('any-issuer', { kind: 'issuer-drop', window: '7d', thresholdPct: 10 }),
    ])
    // TSLA's underlying falls 15 % over the week; no token moves.
    h.service.scenarios.add({ kind: 'price-move', symbol: 'TSLA', pct: 15, windowDays: 7 })
    await cycleThenWait(h)
    const findings = h.core.lastCycle()!.rowFindings.TSLA!
    // (The demo's price also wanders a little on its own, under half a percent a week.)
    expect(findings.find((f) => f.startsWith('7-day flow vs price: '))).toMatch(
      /^7-day flow vs price: TVL −15\.0 %: price −1[45]\.\d %, net \w+ [−+]?0\.\d %$/,
    )
    const moves = findings.find((f) => f.startsWith('issuers over 7 days: '))
    expect(moves).not.toMatch(/exit|mixed/)
    expect(moves).toMatch(/; the price move \(−1[45]\.\d %\) taken out$/)
    const i = await instance(h, 'any-issuer')
    expect(i.state).toBe('ok')
    expect(i.detail).toMatch(/; the price move \(−1[45]\.\d %\) taken out\)/)
    expect(h.notified.filter((d) => d.status === 'sent')).toEqual([])
  })
})
