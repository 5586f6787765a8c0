// Sanity bounds on service answers that already match the schema: the answer must be for what was
// asked, its dates real, ordered and plausible, its figures within any real market. A violation is
// a LiquidityError('invalid-response') with one plain sentence; the caller keeps its last good data.
import { LiquidityError } from './errors'
import type { AnalyticsResponseMap, AssetDetail, GroupBy, SeriesPoint } from './liquidity-schemas'

/** What an asset answer must match: the symbol in the request path. */
export interface AssetExpectation {
  symbol?: string
}

/** What an analytics answer must match; `nowMs` enables the "not in the future" check. */
export interface AnalyticsExpectation {
  /** How messages name the request (analyticsLabel); default "<groupBy> analytics". */
  label?: string
  days?: number
  symbol?: string
  issuer?: string
  nowMs?: number
}

/** The spec's history window: 1 to 365 days (larger requests are clamped to 365). */
export const MAX_DAYS = 365
/** No on-chain data exists before the first block of Bitcoin (2009-01-03). */
export const EARLIEST_DATE = '2009-01-03'
/** More than all the wealth in the world: no TVL, volume, cap or price comes near it. */
export const MAX_MONEY = 1e15
/**
 * A reported change (tvlChange, a fraction when |x| ≤ 1, else a percent) outside −100 % … +10 000 %:
 * nothing loses more than all of it, and a hundredfold rise in a month is beyond any real market.
 */
export const MIN_CHANGE_PCT = -100
export const MAX_CHANGE_PCT = 10_000
/** Deeper than any answer of the spec: deeper means a hostile or broken body. */
export const MAX_DEPTH = 32
const DAY_MS = 86_400_000

function refuse(sentence: string): never {
  throw new LiquidityError('invalid-response', `The service ${sentence}; it was not used.`)
}

function checkMoney(value: number, where: string, path: string): void {
  if (value > MAX_MONEY) {
    refuse(
      `sent an implausible value for ${where} (${path} = ${String(value)}), far beyond any real market`,
    )
  }
}

function checkChange(value: number, where: string, path: string): void {
  const pct = Math.abs(value) <= 1 ? value * 100 : value
  if (pct < MIN_CHANGE_PCT || pct > MAX_CHANGE_PCT) {
    refuse(
      `sent an implausible value for ${where} (${path} = ${String(value)}): a change below −100 % or above +10 000 % is impossible or beyond any real market`,
    )
  }
}

function checkSymbol(got: string, asked: string | undefined, noun = 'data'): void {
  if (asked !== undefined && got !== asked) {
    refuse(`answered with ${noun} for "${got}" when asked for "${asked}"`)
  }
}

/**
 * Every number anywhere in the answer (kept unknown fields and pools included) is finite, and
 * nesting stays shallow. The depth limit also bounds this recursion and any later stringify.
 */
export function checkFiniteAndShallow(node: unknown, depth = 0): void {
  if (typeof node === 'number') {
    if (!Number.isFinite(node)) refuse('sent a number too large to represent')
    return
  }
  if (typeof node !== 'object' || node === null) return
  if (depth >= MAX_DEPTH) refuse(`sent data nested more than ${MAX_DEPTH} levels deep`)
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) checkChild(node[i], depth)
  } else {
    const record = node as Record<string, unknown>
    for (const key of Object.keys(record)) checkChild(record[key], depth)
  }
}

/** Scalars inline: a year of 200 stocks is ~300k numbers, so no call per number. */
function checkChild(child: unknown, depth: number): void {
  if (typeof child === 'number') {
    if (!Number.isFinite(child)) refuse('sent a number too large to represent')
  } else if (typeof child === 'object' && child !== null) checkFiniteAndShallow(child, depth + 1)
}

export function checkAssetDetail(d: AssetDetail, expected: AssetExpectation = {}): void {
  checkSymbol(d.symbol, expected.symbol)
  const money = (v: number, path: string): void => checkMoney(v, d.symbol, path)
  money(d.totalTvl, 'totalTvl')
  money(d.totalVolume, 'totalVolume')
  money(d.history['7d'].tvl, 'history.7d.tvl')
  money(d.history['30d'].tvl, 'history.30d.tvl')
  checkChange(d.history['7d'].tvlChange, d.symbol, 'history.7d.tvlChange')
  checkChange(d.history['30d'].tvlChange, d.symbol, 'history.30d.tvlChange')
  money(d.marketData.onChainMarketCap, 'marketData.onChainMarketCap')
  money(d.marketData.tradfiAssetPrice, 'marketData.tradfiAssetPrice')
  d.issuers.forEach((iss, i) => {
    money(iss.totalTvl, `issuers.${i}.totalTvl`)
    money(iss.totalVolume, `issuers.${i}.totalVolume`)
    iss.networks.forEach((n, j) => money(n.tvl, `issuers.${i}.networks.${j}.tvl`))
  })
  checkFiniteAndShallow(d)
}

function checkDays(days: number, what: string, asked: number | undefined): void {
  if (days < 1 || days > MAX_DAYS) {
    refuse(`said its ${what} cover ${days} days, but an answer can only cover 1 to ${MAX_DAYS}`)
  }
  if (asked !== undefined && days !== Math.min(asked, MAX_DAYS)) {
    refuse(`answered with ${days} days of ${what} when asked for ${asked}`)
  }
}

/**
 * Dates are real calendar days already (the schema's isoDate). ISO dates compare as strings, so the
 * whole series is checked without building a Date per point.
 */
function checkSeries(
  points: readonly SeriesPoint[],
  days: number,
  what: string,
  latest: string | null,
): void {
  if (points.length > days + 1) {
    refuse(`sent ${points.length} points of ${what} but said they cover ${days} days`)
  }
  let prev = ''
  for (let i = 0; i < points.length; i++) {
    const { date, tvl, volume } = points[i]!
    if (date < EARLIEST_DATE) {
      refuse(`sent the date ${date}, from before any blockchain existed, in ${what}`)
    }
    if (latest !== null && date > latest) {
      refuse(`sent the date ${date}, which is in the future by this computer's clock, in ${what}`)
    }
    if (date <= prev)
      refuse(`sent ${what} with ${date} after ${prev}: dates out of order or repeated`)
    prev = date
    // Compared inline: the path string is only built for a figure that fails.
    if (tvl > MAX_MONEY) checkMoney(tvl, what, `point ${date} tvl`)
    if (volume > MAX_MONEY) checkMoney(volume, what, `point ${date} volume`)
  }
  if (points.length >= 2) {
    const span = (Date.parse(prev) - Date.parse(points[0]!.date)) / DAY_MS
    if (span > days) refuse(`sent ${what} spanning ${span} days but said they cover ${days} days`)
  }
}

/** Dates after this are in the future, with a day's slack for time zones. */
function latestDate(nowMs: number | undefined): string | null {
  return nowMs === undefined ? null : new Date(nowMs + DAY_MS).toISOString().slice(0, 10)
}

function checkUnique(names: readonly string[], what: string): void {
  const seen = new Set<string>()
  for (const n of names) {
    if (seen.has(n)) refuse(`listed "${n}" twice in ${what}`)
    seen.add(n)
  }
}

export function checkAnalytics<G extends GroupBy>(
  groupBy: G,
  v: AnalyticsResponseMap[G],
  expected: AnalyticsExpectation = {},
): void {
  const latest = latestDate(expected.nowMs)
  const what = expected.label ?? `${groupBy} analytics`
  checkDays(v.days, what, expected.days)
  const r = v as AnalyticsResponseMap[GroupBy]
  if (r.groupBy === 'total') {
    checkSeries(r.series, r.days, what, latest)
  } else if (r.groupBy === 'stock') {
    checkUnique(
      r.data.map((e) => e.symbol),
      what,
    )
    for (const e of r.data) {
      checkSymbol(e.symbol, expected.symbol)
      checkSeries(e.series, r.days, `${what} for "${e.symbol}"`, latest)
    }
  } else {
    checkUnique(
      r.data.map((e) => e.issuer),
      what,
    )
    for (const e of r.data) {
      checkSymbol(e.issuer, expected.issuer, 'data of the issuer')
      checkSeries(e.series, r.days, `${what} for "${e.issuer}"`, latest)
    }
  }
  checkFiniteAndShallow(v)
}
