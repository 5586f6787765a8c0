// Turns one symbol's observation into a verdict per rule condition: a measured value or a reason
// there is none this cycle (no data, fetch error, stale/cached data, vanished issuer or network).
import type { AlertCondition } from '../../../shared/alert-rules'
import type { SerializedError } from '../../../shared/errors'
import type { AssetDetail } from '../../../shared/liquidity-schemas'
import { computeChange, disagreement, largestShare } from './change'
import type { SymbolBaseline } from './engine-state'
import { formatAmount, formatPct, windowDays } from './format'

export interface Observation {
  detail: AssetDetail | null
  error: SerializedError | null
  fromCache: boolean
  fetchedAt: string | null
  stale: boolean
}

/** Not measurable this cycle: never a breach, never a recovery. */
export interface NoVerdict {
  kind: 'nodata' | 'error' | 'stale'
  detail: string
}

export type SymbolReading = { kind: 'good'; detail: AssetDetail } | NoVerdict

export interface Measurement {
  kind: 'measured'
  value: number
  threshold: number
  breach: boolean
  /** Back past the threshold by the re-arm margin: a firing episode may end. */
  clear: boolean
  verified: boolean
  /** "figures disagree: service says +2.0 %, history says −12.4 %" when not verified. */
  disagreement: string | null
  /** "TSLA TVL down 12.4 % in 7 days (unverified)" */
  headline: string
  /** "TSLA TVL still down 13.0 % in 7 days" — for repeat reminders. */
  ongoing: string
  /** "7-day TVL drop" — names the condition in the recovery message. */
  subject: string
  /** Instance detail for the UI. */
  status: string
  /** The value as a person reads it: "down 4.0 % in 7 days", "TVL $850K". */
  reading: string
}

export function baselineOf(detail: AssetDetail): SymbolBaseline {
  const issuers = new Set<string>()
  const networks = new Set<string>()
  for (const i of detail.issuers) {
    issuers.add(i.name)
    for (const n of i.networks) networks.add(`${i.name}\u0000${n.network}`)
  }
  return { issuers: [...issuers].sort(), networks: [...networks].sort() }
}

/** Issuers or networks in the previous good observation that the new one lacks, as sentences. */
export function missingParts(prev: SymbolBaseline | undefined, next: SymbolBaseline): string[] {
  if (prev === undefined) return []
  const issuers = new Set(next.issuers)
  const networks = new Set(next.networks)
  const out: string[] = []
  for (const name of prev.issuers) {
    if (!issuers.has(name)) out.push(`issuer ${name} missing from the latest data`)
  }
  for (const pair of prev.networks) {
    const [issuer = '', network = ''] = pair.split('\u0000')
    // A vanished issuer already explains its networks.
    if (issuers.has(issuer) && !networks.has(pair)) {
      out.push(`network ${network} of issuer ${issuer} missing from the latest data`)
    }
  }
  return out
}

/** Classify the symbol once per cycle (before any rule) and say what its new baseline is. */
export function readSymbol(
  symbol: string,
  obs: Observation | undefined,
  prev: SymbolBaseline | undefined,
): { reading: SymbolReading; baseline: SymbolBaseline | undefined } {
  if (obs === undefined)
    return { reading: { kind: 'nodata', detail: `no data for ${symbol} yet` }, baseline: prev }
  if (obs.error !== null) {
    return {
      reading: { kind: 'error', detail: `fetch failed: ${obs.error.message}` },
      baseline: prev,
    }
  }
  if (obs.detail !== null && (obs.fromCache || obs.stale)) {
    const when = obs.fetchedAt === null ? '' : ` from ${obs.fetchedAt}`
    return {
      reading: { kind: 'stale', detail: `only cached data${when}; not judged` },
      baseline: prev,
    }
  }
  if (obs.detail === null) {
    const kind = obs.fromCache || obs.stale ? 'stale' : 'nodata'
    return { reading: { kind, detail: `no data for ${symbol}` }, baseline: prev }
  }
  const baseline = baselineOf(obs.detail)
  const missing = missingParts(prev, baseline)
  if (missing.length > 0)
    return { reading: { kind: 'nodata', detail: missing.join('; ') }, baseline }
  return { reading: { kind: 'good', detail: obs.detail }, baseline }
}

const unverifiedTag = ' (unverified)'

export function measure(
  symbol: string,
  detail: AssetDetail,
  c: AlertCondition,
  rearmMarginPct: number,
): Measurement | NoVerdict {
  switch (c.kind) {
    case 'tvl-change': {
      const change = computeChange(detail, c.window)
      if (change === null)
        return { kind: 'nodata', detail: `no TVL at the start of the ${c.window} window` }
      const days = windowDays(c.window)
      // Signed so that a positive "move" is always in the rule's direction.
      const move = c.direction === 'down' ? -change.pct : change.pct
      const breach = move >= c.thresholdPct
      const word = change.pct < 0 ? 'down' : 'up'
      const tag = change.verified ? '' : unverifiedTag
      const disagree = disagreement(change)
      const reading = `${word} ${formatPct(change.pct)} in ${days} days`
      const judged = `${reading}; alert at ${c.direction} ${formatPct(c.thresholdPct)}`
      return {
        kind: 'measured',
        value: change.pct,
        threshold: c.thresholdPct,
        breach,
        clear: !breach && move <= c.thresholdPct - rearmMarginPct,
        verified: change.verified,
        disagreement: disagree,
        headline: `${symbol} TVL ${word} ${formatPct(change.pct)} in ${days} days${tag}`,
        ongoing: `${symbol} TVL still ${word} ${formatPct(change.pct)} in ${days} days${tag}`,
        subject: `${days}-day TVL ${c.direction === 'down' ? 'drop' : 'rise'}`,
        // The disagreement leads: it is why this figure is not notified.
        status: disagree === null ? judged : `${disagree} (${days}-day change); ${judged}`,
        reading,
      }
    }
    case 'tvl-below': {
      const tvl = detail.totalTvl
      const breach = tvl < c.amount
      return {
        kind: 'measured',
        value: tvl,
        threshold: c.amount,
        breach,
        clear: !breach && tvl >= c.amount * (1 + rearmMarginPct / 100),
        verified: true,
        disagreement: null,
        headline: `${symbol} TVL ${formatAmount(tvl)} is below ${formatAmount(c.amount)}`,
        ongoing: `${symbol} TVL still below ${formatAmount(c.amount)}: ${formatAmount(tvl)}`,
        subject: `TVL below ${formatAmount(c.amount)}`,
        status: `TVL ${formatAmount(tvl)}; alert below ${formatAmount(c.amount)}`,
        reading: `TVL ${formatAmount(tvl)}`,
      }
    }
    case 'concentration': {
      const top = largestShare(detail, c.by)
      if (top === null) return { kind: 'nodata', detail: `no ${c.by} TVL to compare` }
      const breach = top.sharePct > c.maxSharePct
      return {
        kind: 'measured',
        value: top.sharePct,
        threshold: c.maxSharePct,
        breach,
        clear: !breach && top.sharePct <= c.maxSharePct - rearmMarginPct,
        verified: true,
        disagreement: null,
        headline: `${symbol}: ${c.by} ${top.name} holds ${formatPct(top.sharePct)} of TVL (limit ${formatPct(c.maxSharePct)})`,
        ongoing: `${symbol}: ${c.by} ${top.name} still holds ${formatPct(top.sharePct)} of TVL (limit ${formatPct(c.maxSharePct)})`,
        subject: `${c.by} concentration`,
        status: `largest ${c.by} ${top.name} holds ${formatPct(top.sharePct)}; alert above ${formatPct(c.maxSharePct)}`,
        reading: `${c.by} ${top.name} holds ${formatPct(top.sharePct)} of TVL`,
      }
    }
  }
}
