// Judges an issuer-drop condition on one trusted reading: each issuer's own TVL now (this poll's
// detail) against the app's own history one window ago. The named issuer, or the worst of them;
// an issuer no longer listed has fallen to zero (its TVL gone). History too short: no verdict,
// with the plain reason.
import { pctChange } from '../../../../shared/change'
import type { IssuerDropCondition } from '../../../../shared/issuer-drop-condition'
import { priceAdjustment } from '../../../../shared/issuer-moves'
import { joinNames } from '../../../../shared/plain-list'
import type { IssuerWindow } from '../model'
import { formatAmount, formatPct, formatSignedPct, windowDays } from '../text/format'
import type { Measurement, NoVerdict } from '../model'

interface IssuerFall {
  issuer: string
  then: number
  now: number
  pct: number
  gone: boolean
}

/**
 * Each issuer's fall, its start valued at today's price when the price is known (as the issuer
 * moves are): a share price that fell 15 % takes 15 % off every issuer, which is no one's drop.
 */
function falls(w: Extract<IssuerWindow, { kind: 'known' }>): IssuerFall[] {
  const scale = w.priceRatio ?? 1
  const now = new Map<string, number>()
  for (const i of w.now) now.set(i.issuer, (now.get(i.issuer) ?? 0) + i.tvl)
  const then = new Map<string, number>()
  for (const i of w.then) then.set(i.issuer, (then.get(i.issuer) ?? 0) + i.tvl * scale)
  const out: IssuerFall[] = []
  for (const [issuer, was] of then) {
    if (!(was > 0)) continue
    const is = now.get(issuer) ?? 0
    out.push({ issuer, then: was, now: is, pct: pctChange(was, is), gone: !now.has(issuer) })
  }
  return out
}

/** "; the price move (−15.0 %) taken out": what the start figure is (as the moves line says). */
function priceWords(ratio: number | null): string {
  const text = priceAdjustment(ratio)
  return text === '' ? '' : `; ${text}`
}

export function measureIssuerDrop(
  symbol: string,
  c: IssuerDropCondition,
  rearmMarginPct: number,
  /** The issuers now and one window ago; undefined when the poll has none (no history kept). */
  w: IssuerWindow | undefined,
  /** The issuers this poll's detail lists. */
  listed: readonly string[],
): Measurement | NoVerdict {
  const days = windowDays(c.window)
  const who = c.issuer === undefined ? 'any issuer' : `issuer ${c.issuer}`
  const cannot = `${days}-day drop of ${who} of ${symbol} cannot be judged`
  // A name the data does not list now and no history to say it was: likely a typo or the wrong
  // asset (GOLD has no issuer Backed), said at once rather than after a week of "wait".
  if (c.issuer !== undefined && !listed.includes(c.issuer) && w?.kind !== 'known')
    return {
      kind: 'nodata',
      detail: `${cannot}: ${symbol} lists no issuer ${c.issuer} (its issuers: ${joinNames([...listed].sort()) || 'none'})`,
    }
  if (w === undefined)
    return { kind: 'nodata', detail: `${cannot}: the app keeps no history of figures here` }
  if (w.kind === 'unknown') return { kind: 'nodata', detail: `${cannot}: ${w.reason}` }
  const all = falls(w)
  const candidates = c.issuer === undefined ? all : all.filter((f) => f.issuer === c.issuer)
  if (candidates.length === 0) {
    const listed = joinNames([...new Set([...w.then, ...w.now].map((i) => i.issuer))].sort())
    return {
      kind: 'nodata',
      detail:
        c.issuer === undefined
          ? `${cannot}: no issuer had TVL of ${symbol} at the start of the window`
          : `${cannot}: ${c.issuer} had no TVL of ${symbol} at the start of the window (issuers: ${listed || 'none'})`,
    }
  }
  const worst = candidates.reduce((a, b) => (b.pct < a.pct ? b : a))
  const move = -worst.pct
  const breach = move >= c.thresholdPct
  const gone = worst.gone ? ', no longer listed' : ''
  const price = priceWords(w.priceRatio)
  const shown = Math.round(worst.pct * 10) / 10
  const word =
    shown < 0
      ? `down ${formatPct(worst.pct)}`
      : shown > 0
        ? `up ${formatPct(worst.pct)}`
        : 'unchanged'
  const said = `${word} in ${days} days (${formatAmount(worst.then)} → ${formatAmount(worst.now)}${gone}${price})`
  const name = `issuer ${worst.issuer}`
  // Where the issuer's TVL went: to another issuer of the asset (a migration) or out of it.
  const where = w.moves.kind === 'none' ? '' : ` (issuers: ${w.moves.text})`
  return {
    kind: 'measured',
    value: worst.pct,
    threshold: c.thresholdPct,
    breach,
    clear: !breach && move <= c.thresholdPct - rearmMarginPct,
    verified: true,
    disagreement: null,
    headline: `${symbol}: ${name} TVL ${said}${where}`,
    ongoing: `${symbol}: ${name} TVL still ${said}`,
    subject: `${days}-day drop of ${c.issuer === undefined ? 'an issuer' : name}`,
    status: `${c.issuer === undefined ? `worst: ${name}` : name} ${said}; alert at a drop of ${formatPct(c.thresholdPct)}`,
    reading: `${name} ${said}`,
    recovery: `${name} TVL back to ${formatSignedPct(worst.pct)} in ${days} days (threshold ${formatSignedPct(-c.thresholdPct)})`,
  }
}
