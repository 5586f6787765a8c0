// issuer-drop to the engine: each issuer's own TVL now (the detail) against the app's own history
// one window ago; the named issuer, or the worst. Never screened clear (the bulk series has only
// the total); not backtestable.
import type { ConditionOf } from '../../../../shared/conditions/registry'
import { pctChange } from '../../../../shared/change'
import { priceAdjustment, type IssuerTvl } from '../../../../shared/issuer-moves'
import { joinNames } from '../../../../shared/plain-list'
import type { IssuerWindow, IssuerWindowKnown } from '../model'
import { formatAmount, formatPct, formatSignedPct, windowDays } from '../text/format'
import { bulkChange, changeMeasured, noData, screenChange } from './common'
import type { EngineKind } from './kind'

type C = ConditionOf<'issuer-drop'>
const down = (c: C) => ({ direction: 'down' as const, thresholdPct: c.thresholdPct })

function byIssuer(list: readonly IssuerTvl[], scale = 1): Map<string, number> {
  const out = new Map<string, number>()
  for (const i of list) out.set(i.issuer, (out.get(i.issuer) ?? 0) + i.tvl * scale)
  return out
}

/**
 * Each issuer's fall, its start valued at today's price when known: a share price that fell 15 %
 * takes 15 % off every issuer, which is no one's drop. An issuer no longer listed fell to zero.
 */
function falls(w: IssuerWindowKnown) {
  const now = byIssuer(w.now)
  return [...byIssuer(w.then, w.priceRatio ?? 1)]
    .filter(([, then]) => then > 0)
    .map(([issuer, then]) => {
      const is = now.get(issuer) ?? 0
      return { issuer, then, now: is, pct: pctChange(then, is), gone: !now.has(issuer) }
    })
}

/** The fall judged (the named issuer's, or the worst), or why there is none. */
function worstFall(symbol: string, c: C, w: IssuerWindow | undefined, listed: string[]) {
  const who = c.issuer === undefined ? 'any issuer' : `issuer ${c.issuer}`
  const cannot = `${windowDays(c.window)}-day drop of ${who} of ${symbol} cannot be judged`
  // A name the data does not list and no history to say it was: likely a typo or the wrong asset
  // (GOLD has no issuer Backed), said at once rather than after a week of "wait".
  if (c.issuer !== undefined && !listed.includes(c.issuer) && w?.kind !== 'known')
    return noData(
      `${cannot}: ${symbol} lists no issuer ${c.issuer} (its issuers: ${joinNames(listed.sort()) || 'none'})`,
    )
  if (w === undefined) return noData(`${cannot}: the app keeps no history of figures here`)
  if (w.kind === 'unknown') return noData(`${cannot}: ${w.reason}`)
  const candidates = falls(w).filter((f) => c.issuer === undefined || f.issuer === c.issuer)
  if (candidates.length > 0)
    return { w, worst: candidates.reduce((a, b) => (b.pct < a.pct ? b : a)) }
  if (c.issuer === undefined)
    return noData(`${cannot}: no issuer had TVL of ${symbol} at the start of the window`)
  const names = joinNames([...new Set([...w.then, ...w.now].map((i) => i.issuer))].sort())
  return noData(
    `${cannot}: ${c.issuer} had no TVL of ${symbol} at the start of the window (issuers: ${names || 'none'})`,
  )
}

export const issuerDropEngine: EngineKind<C> = {
  measure({ symbol, reading, condition: c, rearmMarginPct, issuers }) {
    const listed = reading.detail.issuers.map((i) => i.name)
    const found = worstFall(symbol, c, issuers[c.window], listed)
    if ('kind' in found) return found
    const { w, worst } = found
    const days = windowDays(c.window)
    const shown = Math.round(worst.pct * 10) / 10
    const word = shown === 0 ? 'unchanged' : `${shown < 0 ? 'down' : 'up'} ${formatPct(worst.pct)}`
    const gone = worst.gone ? ', no longer listed' : ''
    // The start figure's price adjustment, worded as the moves line words it.
    const price = priceAdjustment(w.priceRatio)
    const said = `${word} in ${days} days (${formatAmount(worst.then)} → ${formatAmount(worst.now)}${gone}${price === '' ? '' : `; ${price}`})`
    const name = `issuer ${worst.issuer}`
    // Where the issuer's TVL went: to another issuer of the asset (a migration) or out of it.
    const where = w.moves.kind === 'none' ? '' : ` (issuers: ${w.moves.text})`
    return changeMeasured(down(c), worst.pct, rearmMarginPct, {
      headline: `${symbol}: ${name} TVL ${said}${where}`,
      ongoing: `${symbol}: ${name} TVL still ${said}`,
      subject: `${days}-day drop of ${c.issuer === undefined ? 'an issuer' : name}`,
      status: `${c.issuer === undefined ? `worst: ${name}` : name} ${said}; alert at a drop of ${formatPct(c.thresholdPct)}`,
      reading: `${name} ${said}`,
      recovery: `${name} TVL back to ${formatSignedPct(worst.pct)} in ${days} days (threshold ${formatSignedPct(-c.thresholdPct)})`,
    })
  },
  // One issuer can fall while another rises and the total stays flat, so never 'clear'; a total
  // falling near the limit may be that issuer leaving: fetched now.
  screen: (c, f) => screenChange(down(c), bulkChange(f, c.window), 'unknown'),
  history: (c) => ({ issuers: c.window }),
  judgedInTurn: true,
  backtest: {
    untestableBecause: 'it needs each issuer’s TVL, and the daily series has only the total',
  },
}
