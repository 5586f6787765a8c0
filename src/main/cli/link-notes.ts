// What `check` says about the state of the link when requests fail, led by the app's own words
// (shared/link-state.ts: "Offline — showing data from …, 8 min ago", "Rate-limited until …",
// "Degraded — …", "Key problem"), then the plain reason: one note per state, not one per message.
import { ageWords } from '../../shared/age-words'
import { isPollWideError, isSetupError } from '../../shared/errors'
import { linkWords, type LinkKind, type TimeWords } from '../../shared/link-state'
import { joinNames } from '../../shared/plain-list'
import type { CycleResult } from '../engine/poll/cycle'
import { asOfText, oneLine } from './format'

type Failure = CycleResult['failures'][number]

const MAX_NAMED = 3

/** The CLI's way of writing a time (UTC, as in the table's "As of") and an age ("8 min ago"). */
export function cliTimeWords(nowMs: number): TimeWords {
  return { time: asOfText, age: (iso) => ageWords(nowMs - Date.parse(iso)) }
}

/** A few names and how many more: a 1000-symbol poll names three. */
function named(group: readonly Failure[]): string {
  const names = [...new Set(group.map((f) => f.what))]
  if (names.length <= MAX_NAMED) return joinNames(names)
  return joinNames([...names.slice(0, MAX_NAMED), `${names.length - MAX_NAMED} more`])
}

/** The distinct reasons (the same message with or without the service's own words is one). */
function reasons(group: readonly Failure[]): string {
  const byGist = new Map<string, string>()
  for (const f of group) {
    const message = oneLine(f.error.message)
    const gist = message.split('. ')[0] ?? message
    if (!byGist.has(gist)) byGist.set(gist, message)
  }
  return [...byGist.values()].join('; ')
}

/** Inside a sentence: "could not connect…", but "TSLA: …" and "HTTP …" keep their capitals. */
const inSentence = (text: string): string =>
  /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text

/** "2026-11-24 15:00Z, 2 h ago": when cached data is from, as the state's sentence says it. */
const when = (iso: string | null, w: TimeWords): string =>
  iso === null ? asOfText(null) : `${w.time(iso)}, ${w.age(iso)}`

/** The oldest stand-in of a group: what is shown is at least that fresh. */
function oldest(failures: readonly Failure[]): string | null {
  const times = failures.flatMap((f) => (f.fetchedAt === null ? [] : [f.fetchedAt])).sort()
  return times[0] ?? null
}

/** The link state of failures, as the app would call it; null for a symbol's own problem. */
function stateOf(group: readonly Failure[], cycle: CycleResult): LinkKind | null {
  if (group.some((f) => isSetupError(f.error))) return 'key-problem'
  if (group.some((f) => f.error.kind === 'rate-limited')) return 'rate-limited'
  if (!group.some((f) => isPollWideError(f.error))) return null
  return cycle.outcome === 'failed' ? 'offline' : 'degraded'
}

/**
 * When the service lets us ask again, if it said: from the start of this poll, up to the whole
 * minute, as the reason's own "rate-limited until 15:11" (client/errors-map.ts) rounds it.
 */
function until(group: readonly Failure[], cycle: CycleResult): string | null {
  const asked = group.flatMap((f) =>
    f.error.retryAfterMs === undefined ? [] : [f.error.retryAfterMs],
  )
  const ms = asked.length > 0 ? Math.max(...asked) : cycle.retryAfterMs
  if (ms === null) return null
  return new Date(Math.ceil((Date.parse(cycle.at) + ms) / 60_000) * 60_000).toISOString()
}

function words(kind: LinkKind, group: readonly Failure[], cycle: CycleResult, w: TimeWords) {
  const cached = group.filter((f) => f.bulkStandIn !== true)
  const failed = new Set(group.map((f) => f.what))
  const shown = cycle.rows.map((r) => r.symbol)
  return linkWords(
    {
      kind,
      dataFrom: oldest(cached.length > 0 ? cached : group),
      until: kind === 'rate-limited' ? until(group, cycle) : null,
      failedSymbols: [...failed],
      everySymbol: shown.length > 0 && shown.every((s) => failed.has(s)),
      detail: null,
    },
    w,
  )
}

/** What stands in for the failed requests that the state's sentence does not already say. */
function standIns(kind: LinkKind, group: readonly Failure[], all: boolean, w: TimeWords): string {
  const bulk = group.filter((f) => f.bulkStandIn === true)
  const cached = group.filter((f) => f.bulkStandIn !== true)
  const parts: string[] = []
  if (cached.length > 0 && kind === 'degraded') {
    const whom = bulk.length > 0 ? named(cached) : 'them'
    parts.push(`showing cached data for ${whom} from ${when(oldest(cached), w)}`)
  } else if (cached.length > 0 && !all) parts.push(`${named(cached)} could not be refreshed`)
  if (bulk.length > 0)
    parts.push(
      `${named(bulk)} could not be refreshed, so this poll’s bulk figures (${asOfText(oldest(bulk))}) stand in for them`,
    )
  return parts.map((p) => `; ${p}`).join('')
}

/**
 * Requests that failed while cached data (or this poll's bulk figures) stood in: one note for the
 * state of the link, and one per cause for a symbol's own problem (an asset the service dropped).
 */
export function cachedNotes(cycle: CycleResult, nowMs: number): string[] {
  const w = cliTimeWords(nowMs)
  const covered = cycle.failures.filter((f) => f.fromCache && !isSetupError(f.error))
  const link = covered.filter((f) => stateOf([f], cycle) !== null)
  const own = covered.filter((f) => stateOf([f], cycle) === null)
  const notes: string[] = []
  const kind = stateOf(link, cycle)
  if (kind !== null) {
    const all = cycle.outcome === 'failed' && link.length === cycle.failures.length
    const { sentence } = words(kind, link, cycle, w)
    notes.push(`${sentence} (${inSentence(reasons(link))})${standIns(kind, link, all, w)}.`)
  }
  for (const [message, group] of byMessage(own)) {
    // A symbol the service no longer has will not come back by waiting: say what to do.
    const gone = group.some((f) => f.error.kind === 'not-found')
      ? ' Check the symbol, or remove it from the watchlist.'
      : ''
    notes.push(
      `${named(group)} could not be refreshed (${inSentence(message)}); showing cached data from ${when(oldest(group), w)}.${gone}`,
    )
  }
  return notes
}

function byMessage(failures: readonly Failure[]): Map<string, Failure[]> {
  const out = new Map<string, Failure[]>()
  for (const f of failures) {
    const message = oneLine(f.error.message)
    out.set(message, [...(out.get(message) ?? []), f])
  }
  return out
}

/**
 * What makes the exit code 2, one error per cause (a rate limit is one cause, whatever each answer
 * said), led by the state's label: requests with nothing to stand in for them, and a key problem
 * even where cached data stood in — waiting does not fix it.
 */
export function runErrors(cycle: CycleResult, nowMs: number): string[] {
  const w = cliTimeWords(nowMs)
  const errs = cycle.failures.filter((f) => !f.fromCache || isSetupError(f.error))
  const causes = new Map<string, Failure[]>()
  for (const f of errs) {
    const key = f.error.kind === 'rate-limited' ? 'rate-limited' : oneLine(f.error.message)
    causes.set(key, [...(causes.get(key) ?? []), f])
  }
  return [...causes.values()].map((group) => {
    const all = cycle.outcome === 'failed' && group.length === cycle.failures.length
    const kind = stateOf(group, cycle)
    const label = kind === null ? '' : `${words(kind, group, cycle, w).label} — `
    const cachedFrom = oldest(group.filter((f) => f.fromCache))
    const cached = cachedFrom === null ? '' : ` (showing cached data from ${when(cachedFrom, w)})`
    return `${label}${all ? '' : `${named(group)}: `}${reasons(group)}${cached}`
  })
}
