// How `check` prints: a fixed-width table for people, a stable JSON document for scripts.
import { headline } from '../engine/alerts/text/notification-text'
import type { CycleResult } from '../engine/poll/cycle'
import type {
  AlertEvent,
  AlertInstance,
  AlertRule,
  HeldBackReason,
  NotificationDecision,
} from '../../shared/alert-rules'
import { formatMoney, formatSignedPct } from '../../shared/number-format'
import { joinNames } from '../../shared/plain-list'
import { dataDateLags } from '../../shared/data-date'
import type { WatchRow } from '../../shared/view-models'
import { MARKET_FINDING } from '../engine/poll/row-findings'

// Figures written as the alerts write them (one formatter: shared/number-format.ts).
function money(v: number | null): string {
  return v === null ? '—' : formatMoney(v)
}

function pct(v: number | undefined | null): string {
  return v === undefined || v === null ? '—' : formatSignedPct(v)
}

/** When the data is from; never an error (those are listed under the table, not in a data column). */
export function asOfText(iso: string | null): string {
  return iso === null ? '—' : `${iso.slice(0, 16).replace('T', ' ')}Z`
}

/** Symbols whose failed detail this poll's bulk figures stand in for (nothing was cached). */
export type BulkStandIns = ReadonlySet<string>

export function bulkStandIns(cycle: Pick<CycleResult, 'failures'>): BulkStandIns {
  return new Set(cycle.failures.filter((f) => f.bulkStandIn === true).map((f) => f.what))
}

/** This run's fetch for the row failed and cached data stands in (`fromCache` in --json). */
export function standsIn(
  r: Pick<WatchRow, 'symbol' | 'error' | 'fetchedAt'>,
  bulk: BulkStandIns = new Set(),
): boolean {
  return r.error !== null && r.fetchedAt !== null && !bulk.has(r.symbol)
}

function asOf(r: WatchRow, bulk: BulkStandIns): string {
  if (r.fetchedAt === null) return '—'
  const when = asOfText(r.fetchedAt)
  // This poll's own bulk figures are not a cache: only their age is worth a word.
  const cached = r.error !== null && !bulk.has(r.symbol)
  const notes = r.stale || cached ? [cached ? `cached${r.stale ? ', stale' : ''}` : 'stale'] : []
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

function alertText(r: WatchRow, toConfirm: PollsToConfirm, bulk: BulkStandIns): string {
  // While cached data (or, with nothing cached, this poll's bulk figures) stands in, this run
  // judged nothing: the row says where its alerts stood on the last trusted reading (what the
  // exit code counts), marked with what stands in, not this run's "error".
  const by = standsIn(r, bulk) ? 'cached' : bulk.has(r.symbol) ? 'bulk figures' : null
  const state = by !== null && r.judgedState !== null ? `${r.judgedState} (${by})` : r.alertState
  let text: string = r.heldBack !== null ? HELD_TEXT[r.heldBack] : state
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

export function table(
  rows: WatchRow[],
  toConfirm: PollsToConfirm = new Map(),
  bulk: BulkStandIns = new Set(),
): string {
  const head = ['Symbol', 'TVL', '7d', '30d', 'Volume', 'Issuers', 'Alert', 'As of']
  const body = rows.map((r) => [
    r.symbol,
    money(r.totalTvl),
    changeText(r, '7d'),
    changeText(r, '30d'),
    money(r.totalVolume),
    r.issuerCount === null ? '—' : String(r.issuerCount),
    alertText(r, toConfirm, bulk),
    asOf(r, bulk),
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

/** The rows' findings (row-findings.ts), under the table: "  TSLA: pools on ethereum: 6 → 4 …". */
export function findingLines(
  rows: readonly WatchRow[],
  findings: Readonly<Record<string, string[]>>,
): string[] {
  // The market session is said once per market under the findings (market-lines.ts), not per row.
  const lines = rows.flatMap((r) =>
    (findings[r.symbol] ?? [])
      .filter((f) => !f.startsWith(MARKET_FINDING))
      .map((f) => `  ${r.symbol}: ${oneLine(f)}`),
  )
  return lines.length > 0 ? ['', 'Findings:', ...lines] : []
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
