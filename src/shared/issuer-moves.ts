// Issuer migration vs exit: when one issuer's TVL of an asset falls, did it move to other issuers of
// the same asset (migration), leave the asset (exit), or part each (mixed)? Pure, from each issuer's
// TVL at the two ends of a span (the rule's window, or since the last poll).
//
// The rule, in dollars over the span: `fell` is the sum of the issuers' falls, `rose` the sum of
// their rises; the part of the falls that other issuers' rises offset is `migrated` = min(fell,
// rose), the rest `exited` = fell − migrated (which is the total's drop, when it dropped).
//   migration: exited ≤ MIGRATION_TOLERANCE × fell  (rises offset at least 90 % of the falls)
//   exit:      migrated < EXIT_TOLERANCE × fell     (rises offset less than 10 % of them)
//   mixed:     between the two (both amounts are given)
//   none:      the falls add up to no more than MATERIAL_FRACTION of the starting total (noise)
// An issuer no longer listed counts as falling to zero: its TVL is gone, not moved, unless
// another issuer's rise offsets it.

import { pctChange } from './change'
import { formatSignedMoney, formatSignedPct } from './number-format'

/** Rises must offset at least (1 − this) of the falls for a migration. */
export const MIGRATION_TOLERANCE = 0.1
/** Rises offsetting less than this fraction of the falls: an exit. */
export const EXIT_TOLERANCE = 0.1
/** Falls under this fraction of the starting total are not a move worth naming. */
export const MATERIAL_FRACTION = 0.005

export interface IssuerTvl {
  issuer: string
  tvl: number
}

/** Each issuer's TVL of a symbol at one moment, with the underlying's price then (0: unknown). */
export interface IssuersAt {
  at: number
  issuers: IssuerTvl[]
  price: number
}

export interface IssuerChange {
  issuer: string
  /** Dollars: negative for a fall. */
  change: number
  /** Listed at the start, not at the end. */
  gone: boolean
}

export type IssuerMoveKind = 'none' | 'migration' | 'exit' | 'mixed'

export interface IssuerMoves {
  kind: IssuerMoveKind
  /** Issuers whose TVL changed, largest move first. */
  changes: IssuerChange[]
  fell: number
  rose: number
  migrated: number
  exited: number
  /** The total's change in dollars (rose − fell). */
  net: number
  /**
   * The underlying's price now ÷ then when the start was taken at today's price (the moves are
   * then tokens moved, valued now: a price move alone moves nothing); null: no price, dollars as
   * they were; undefined: not asked.
   */
  priceRatio?: number | null
  /** "xStocks −$4.1M, Backed +$3.9M: migration, net −$200K". */
  text: string
}

/** Why no classification is given (history too short), in plain words. */
export interface IssuerMovesUnknown {
  kind: 'unknown'
  reason: string
}

export type IssuerMovesResult = IssuerMoves | IssuerMovesUnknown

/** 4_100_000 → "+$4.1M": shared/number-format.ts, as every amount in alert text. */
export const signedMoney = formatSignedMoney

function sums(parts: readonly IssuerTvl[]): Map<string, number> {
  const out = new Map<string, number>()
  for (const p of parts)
    if (Number.isFinite(p.tvl)) out.set(p.issuer, (out.get(p.issuer) ?? 0) + p.tvl)
  return out
}

/**
 * What the start of a span was valued at, for every line that values issuers' moves: "the price
 * move (−15.0 %) taken out", "in dollars, not adjusted for price (the service gave none)", or ''
 * (the price did not move, or no price was asked for).
 */
export function priceAdjustment(ratio: number | null | undefined): string {
  if (ratio === undefined) return ''
  if (ratio === null) return 'in dollars, not adjusted for price (the service gave none)'
  const shown = formatSignedPct(pctChange(1, ratio))
  return shown === '0.0 %' ? '' : `the price move (${shown}) taken out`
}

function priceClause(ratio: number | null | undefined): string {
  const text = priceAdjustment(ratio)
  return text === '' ? '' : `; ${text}`
}

/**
 * Issuers whose move is material are named; the rest are summed as "3 others −$12", so a
 * dollar's noise does not crowd the line.
 */
function sentence(m: Omit<IssuerMoves, 'text'>, total: number): string {
  const material = m.changes.filter((c) => Math.abs(c.change) >= MATERIAL_FRACTION * total)
  const rest = m.changes.filter((c) => !material.includes(c))
  const named = material.map(
    (c) => `${c.issuer} ${signedMoney(c.change)}${c.gone ? ' (no longer listed)' : ''}`,
  )
  if (rest.length > 0 && named.length > 0)
    named.push(
      `${rest.length} other${rest.length === 1 ? '' : 's'} ${signedMoney(rest.reduce((s, c) => s + c.change, 0))}`,
    )
  const moves = named.join(', ')
  const net = `net ${signedMoney(m.net)}${priceClause(m.priceRatio)}`
  switch (m.kind) {
    case 'none':
      return named.length === 0
        ? `no issuer's TVL moved materially, ${net}`
        : `${moves}: no issuer's TVL fell materially, ${net}`
    case 'migration':
      return `${moves}: migration, ${net}`
    case 'exit':
      return `${moves}: exit (nothing offsets it), ${net}`
    case 'mixed':
      return `${moves}: mixed, ${signedMoney(m.migrated, false)} moved to other issuers and ${signedMoney(m.exited, false)} left, ${net}`
  }
}

/**
 * The moves between two issuer splits of one asset (start and end of the span). With a
 * `priceRatio` (price now ÷ then), the start is valued at today's price first: a share price that
 * fell 15 % takes 15 % off every issuer's TVL, which is no one leaving. null: no price known, the
 * dollars as they were (and the text says so).
 */
export function classifyIssuerMoves(
  then: readonly IssuerTvl[],
  now: readonly IssuerTvl[],
  priceRatio?: number | null,
): IssuerMoves {
  const scale = typeof priceRatio === 'number' ? priceRatio : 1
  const a = new Map([...sums(then)].map(([k, v]) => [k, v * scale]))
  const b = sums(now)
  const total = [...a.values()].reduce((s, v) => s + Math.max(0, v), 0)
  const changes: IssuerChange[] = []
  for (const issuer of new Set([...a.keys(), ...b.keys()])) {
    const change = (b.get(issuer) ?? 0) - (a.get(issuer) ?? 0)
    if (change !== 0) changes.push({ issuer, change, gone: a.has(issuer) && !b.has(issuer) })
  }
  changes.sort(
    (x, y) => Math.abs(y.change) - Math.abs(x.change) || x.issuer.localeCompare(y.issuer),
  )
  const fell = changes.reduce((s, c) => s + Math.max(0, -c.change), 0)
  const rose = changes.reduce((s, c) => s + Math.max(0, c.change), 0)
  const migrated = Math.min(fell, rose)
  const exited = fell - migrated
  const kind: IssuerMoveKind =
    fell <= MATERIAL_FRACTION * total || fell === 0
      ? 'none'
      : exited <= MIGRATION_TOLERANCE * fell
        ? 'migration'
        : migrated < EXIT_TOLERANCE * fell
          ? 'exit'
          : 'mixed'
  const m = {
    kind,
    changes,
    fell,
    rose,
    migrated,
    exited,
    net: rose - fell,
    ...(priceRatio === undefined ? {} : { priceRatio }),
  }
  return { ...m, text: sentence(m, total) }
}

/** The asset view's migration line: the 7-day moves as of the newest figures the app recorded. */
export interface AssetMigrationView {
  symbol: string
  /** When the newest recorded figures of the symbol are from (ISO); null: none recorded. */
  asOf: string | null
  windowDays: number
  moves: IssuerMovesResult
}
