// How `check` prints: a fixed-width table for people, a stable JSON document for scripts.
import type { CycleResult } from '../engine/cycle'
import type { WatchRow } from '../../shared/view-models'

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 })

function money(v: number | null): string {
  return v === null ? '—' : `$${compact.format(v)}`
}

function pct(v: number | undefined | null): string {
  if (v === undefined || v === null) return '—'
  return `${v > 0 ? '+' : ''}${v.toFixed(2)}%`
}

function asOf(r: WatchRow): string {
  if (r.fetchedAt === null) return r.error ? `error: ${r.error.message}` : '—'
  const when = `${r.fetchedAt.slice(0, 16).replace('T', ' ')}Z`
  return r.stale || r.error ? `${when} (cached${r.stale ? ', stale' : ''})` : when
}

export function table(rows: WatchRow[]): string {
  const head = ['Symbol', 'TVL', '7d', '30d', 'Volume', 'Issuers', 'Alert', 'As of']
  const body = rows.map((r) => [
    r.symbol,
    money(r.totalTvl),
    pct(r.change7d?.pct),
    pct(r.change30d?.pct),
    money(r.totalVolume),
    r.issuerCount === null ? '—' : String(r.issuerCount),
    r.snoozed ? `${r.alertState} (snoozed)` : r.alertState,
    asOf(r),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)))
  // Numbers right-aligned, text left-aligned.
  const right = new Set([1, 2, 3, 4, 5])
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')
}

export function eventLines(cycle: CycleResult): string[] {
  return cycle.events.map((e) => `${e.type.toUpperCase()}: ${e.message}`)
}

export interface JsonReport {
  mode: 'demo' | 'live'
  baseUrl: string
  at: string
  firing: number
  rows: {
    symbol: string
    assetType: string | null
    tvl: number | null
    change7dPct: number | null
    change30dPct: number | null
    volume: number | null
    issuerCount: number | null
    alertState: string
    snoozed: boolean
    asOf: string | null
    stale: boolean
    error: { kind: string; message: string } | null
    /** Plain-language reasons the row's figures may not be trusted (empty when none). */
    problems: string[]
  }[]
  events: CycleResult['events']
  decisions: CycleResult['decisions']
}

export function jsonReport(
  mode: 'demo' | 'live',
  baseUrl: string,
  cycle: CycleResult,
  firing: number,
): JsonReport {
  return {
    mode,
    baseUrl,
    at: cycle.at,
    firing,
    rows: cycle.rows.map((r) => ({
      symbol: r.symbol,
      assetType: r.assetType,
      tvl: r.totalTvl,
      change7dPct: r.change7d?.pct ?? null,
      change30dPct: r.change30d?.pct ?? null,
      volume: r.totalVolume,
      issuerCount: r.issuerCount,
      alertState: r.alertState,
      snoozed: r.snoozed,
      asOf: r.fetchedAt,
      stale: r.stale,
      error: r.error ? { kind: r.error.kind, message: r.error.message } : null,
      problems: r.problems,
    })),
    events: cycle.events,
    decisions: cycle.decisions,
  }
}
