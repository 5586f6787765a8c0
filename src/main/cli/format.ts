// How `check` prints: a fixed-width table for people, a stable JSON document for scripts.
import { headline } from '../engine/alerts/notification-text'
import type { CycleResult } from '../engine/poll/cycle'
import type {
  AlertEvent,
  AlertInstance,
  AlertRule,
  HeldBackReason,
  NotificationDecision,
} from '../../shared/alert-rules'
import { joinNames } from '../../shared/plain-list'
import { dataDateLags } from '../../shared/data-date'
import type { LikeForLikeChange, WatchRow } from '../../shared/view-models'

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 })

function money(v: number | null): string {
  return v === null ? '—' : `$${compact.format(v)}`
}

function pct(v: number | undefined | null): string {
  if (v === undefined || v === null) return '—'
  return `${v > 0 ? '+' : ''}${v.toFixed(2)}%`
}

/** When the data is from; never an error (those are listed under the table, not in a data column). */
export function asOfText(iso: string | null): string {
  return iso === null ? '—' : `${iso.slice(0, 16).replace('T', ' ')}Z`
}

function asOf(r: WatchRow): string {
  if (r.fetchedAt === null) return '—'
  const when = asOfText(r.fetchedAt)
  const notes = r.stale || r.error ? [`cached${r.stale ? ', stale' : ''}`] : []
  // The service's own date, when it lags the day we fetched it (frozen or late data).
  if (dataDateLags(r.dataDate, r.fetchedAt)) notes.push(`data from ${r.dataDate}`)
  return notes.length > 0 ? `${when} (${notes.join('; ')})` : when
}

/** Polls still needed before a pending alert fires, per symbol (the soonest of its rules). */
export type PollsToConfirm = ReadonlyMap<string, number>

export function pollsToConfirm(
  instances: readonly AlertInstance[],
  rules: readonly AlertRule[],
): Map<string, number> {
  const pending = new Map(rules.map((r) => [r.id, r.pendingCycles]))
  const out = new Map<string, number>()
  for (const i of instances) {
    if (i.state !== 'pending') continue
    const left = Math.max(1, (pending.get(i.ruleId) ?? 1) - i.breachCount)
    out.set(i.symbol, Math.min(left, out.get(i.symbol) ?? left))
  }
  return out
}

/** How a held row reads in the Alert column; flapping is one steady word while it lasts. */
const HELD_TEXT: Record<HeldBackReason, string> = {
  flapping: 'flapping',
  'figures-disagree': 'held (figures disagree)',
  cooldown: 'held (cooldown)',
}

function alertText(r: WatchRow, toConfirm: PollsToConfirm): string {
  let text: string = r.heldBack !== null ? HELD_TEXT[r.heldBack] : r.alertState
  const left = toConfirm.get(r.symbol)
  if (r.alertState === 'pending' && left !== undefined)
    text += left === 1 ? ' — confirms on the next poll' : ` — confirms in ${left} more polls`
  return r.snoozed ? `${text} (snoozed)` : text
}

/** The raw change, and while parts are missing the like-for-like one the rules judged beside it. */
function changeText(r: WatchRow, window: '7d' | '30d'): string {
  const raw = pct((window === '7d' ? r.change7d : r.change30d)?.pct)
  const lfl = r.likeForLike
  const judged = window === '7d' ? lfl?.change7dPct : lfl?.change30dPct
  if (!lfl || judged === null || judged === undefined) return raw
  return `${raw} (${pct(judged)} without ${lfl.without})`
}

export function table(rows: WatchRow[], toConfirm: PollsToConfirm = new Map()): string {
  const head = ['Symbol', 'TVL', '7d', '30d', 'Volume', 'Issuers', 'Alert', 'As of']
  const body = rows.map((r) => [
    r.symbol,
    money(r.totalTvl),
    changeText(r, '7d'),
    changeText(r, '30d'),
    money(r.totalVolume),
    r.issuerCount === null ? '—' : String(r.issuerCount),
    alertText(r, toConfirm),
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
  const lines = [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)]
  const problems = problemLines(rows)
  if (problems.length > 0) lines.push('', 'Problems:', ...problems)
  return lines.join('\n')
}

/**
 * Each problem once: with the symbols it concerns, or bare when every row has it (the poll's own,
 * such as data that could not be saved, or one outage behind every row).
 */
function problemLines(rows: readonly WatchRow[]): string[] {
  const bySymbols = new Map<string, string[]>()
  for (const r of rows)
    for (const p of r.problems) {
      const text = oneLine(p)
      const symbols = bySymbols.get(text) ?? []
      if (!symbols.includes(r.symbol)) bySymbols.set(text, [...symbols, r.symbol])
    }
  return [...bySymbols].map(([text, symbols]) =>
    rows.length > 1 && symbols.length === rows.length
      ? `  ${text}`
      : `  ${joinNames(symbols)}: ${text}`,
  )
}

export function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim()
}

/** The symbols a decision is about, read from the poll's events it covers. */
export function decisionSymbols(d: NotificationDecision, events: readonly AlertEvent[]): string[] {
  const ids = new Set(d.eventIds)
  return [...new Set(events.filter((e) => ids.has(e.id)).map((e) => e.symbol))]
}

/** What happened this poll, then every decision not to notify and why (the note's own "Not notified" once). */
export function eventLines(cycle: CycleResult): string[] {
  return [
    ...cycle.events.map((e) => `${e.type.toUpperCase()}: ${headline(e)}`),
    ...cycle.decisions.flatMap((d) => {
      if (d.status === 'sent') return []
      const yet = /^Not notified yet:\s*/i.test(d.note) ? ' YET' : ''
      const why = oneLine(d.note.replace(/^Not notified( yet)?:\s*/i, ''))
      const symbols = decisionSymbols(d, cycle.events)
      const about = symbols.length > 0 ? ` ${joinNames(symbols)}` : ''
      return [`NOT NOTIFIED${yet} (${d.reason})${about}: ${why}`]
    }),
  ]
}

export interface JsonReport {
  mode: 'demo' | 'live'
  baseUrl: string
  at: string
  /** Alerts firing on trusted data and steady; held ones are not counted (exit 1 iff > 0). */
  firing: number
  /** Alerts held instead of firing (figures disagree, flapping): shown, not counted as firing. */
  held: number
  rows: {
    symbol: string
    assetType: string | null
    tvl: number | null
    change7dPct: number | null
    change30dPct: number | null
    /**
     * While issuers or networks are missing: the like-for-like change the rules judged (the same
     * parts now and then), beside the raw change above; null otherwise.
     */
    likeForLike: LikeForLikeChange | null
    volume: number | null
    issuerCount: number | null
    alertState: string
    snoozed: boolean
    /** When we fetched the row's data. */
    asOf: string | null
    /** The service's own newest data date for the symbol (YYYY-MM-DD); null when unknown. */
    dataDate: string | null
    /**
     * Our copy is old (this run's fetch failed and cached data stood in, or it is older than its
     * cadence). Says nothing about the service's own data: see sourceStale.
     */
    stale: boolean
    /** The service's data had stopped advancing (dataDate over 48 h behind) when fetched. */
    sourceStale: boolean
    error: { kind: string; message: string } | null
    /** Plain-language reasons the row's figures may not be trusted (empty when none). */
    problems: string[]
    /** The rule keeps crossing its threshold: notified once, not per episode, until it settles. */
    flapping: boolean
    /**
     * Why the row is held instead of firing ('figures-disagree', 'flapping'), or null. A held row
     * keeps its alertState but is not counted as firing.
     */
    heldBack: HeldBackReason | null
    /** While pending: polls still needed before the alert fires (1 = the next poll); else null. */
    confirmsInPolls: number | null
    /** When the symbol's asset detail was fetched (null: never); older than asOf when checkedBy is 'series'. */
    detailFetchedAt: string | null
    /**
     * What the row rests on: 'detail' (the asset detail, cross-checked), 'series' (screened on the
     * daily series of every symbol in a watchlist above the detail budget), or null (no data).
     */
    checkedBy: 'detail' | 'series' | null
  }[]
  events: CycleResult['events']
  /**
   * Held and suppressed decisions also carry `symbol` (null when one decision covers several: then
   * see `symbols`) and `symbols`, as sent ones carry `symbol`.
   */
  decisions: (CycleResult['decisions'][number] & {
    symbol?: string | null
    symbols?: string[]
  })[]
  /** Failed requests of this poll; fromCache: cached data stood in (then not exit 2, unless a key problem). */
  failures: {
    what: string
    kind: string
    message: string
    fromCache: boolean
    asOf: string | null
  }[]
  /** Files this run could not save (what, where, why in plain words); empty when all were saved. */
  unsaved: { what: string; path: string; reason: string }[]
  /**
   * false: the alert state could not be saved, so the next run starts from the last saved state
   * and cannot confirm what this one found (the exit code is then 2).
   */
  alertStateSaved: boolean
  /** What the run said on stderr as `note:` lines (cached data stood in, repairs at start), one each. */
  notes: string[]
  /** What the run said on stderr as `error:` lines: non-empty exactly when the exit code is 2. */
  errors: string[]
}

/** The document of a run with nothing to show (the check could not run, or had no data at all). */
export function emptyReport(
  mode: 'demo' | 'live',
  baseUrl: string,
  at: string,
): Omit<JsonReport, 'notes' | 'errors'> {
  return {
    mode,
    baseUrl,
    at,
    firing: 0,
    held: 0,
    rows: [],
    events: [],
    decisions: [],
    failures: [],
    unsaved: [],
    alertStateSaved: true,
  }
}

export function jsonReport(
  mode: 'demo' | 'live',
  baseUrl: string,
  cycle: CycleResult,
  counts: { firing: number; held: number },
  toConfirm: PollsToConfirm = new Map(),
): Omit<JsonReport, 'notes' | 'errors'> {
  return {
    mode,
    baseUrl,
    at: cycle.at,
    firing: counts.firing,
    held: counts.held,
    rows: cycle.rows.map((r) => ({
      symbol: r.symbol,
      assetType: r.assetType,
      tvl: r.totalTvl,
      change7dPct: r.change7d?.pct ?? null,
      change30dPct: r.change30d?.pct ?? null,
      likeForLike: r.likeForLike,
      volume: r.totalVolume,
      issuerCount: r.issuerCount,
      alertState: r.alertState,
      snoozed: r.snoozed,
      asOf: r.fetchedAt,
      dataDate: r.dataDate,
      stale: r.stale,
      sourceStale: r.sourceStale,
      error: r.error ? { kind: r.error.kind, message: r.error.message } : null,
      problems: r.problems,
      flapping: r.flapping,
      heldBack: r.heldBack,
      confirmsInPolls: r.alertState === 'pending' ? (toConfirm.get(r.symbol) ?? null) : null,
      detailFetchedAt: r.detailFetchedAt,
      checkedBy: r.checkedBy,
    })),
    events: cycle.events,
    decisions: cycle.decisions.map((d) => {
      if (d.status === 'sent') return d
      const symbols = decisionSymbols(d, cycle.events)
      return { ...d, symbol: symbols.length === 1 ? symbols[0]! : null, symbols }
    }),
    failures: cycle.failures.map((f) => ({
      what: f.what,
      kind: f.error.kind,
      message: f.error.message,
      fromCache: f.fromCache,
      asOf: f.fetchedAt,
    })),
    unsaved: cycle.unsaved.map((f) => ({ what: f.label, path: f.path, reason: f.reason })),
    alertStateSaved: cycle.alertStateUnsaved === null,
  }
}
