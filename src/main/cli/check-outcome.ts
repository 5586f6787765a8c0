// What one `check` run tells its user besides the table: notes (cached data stood in, start-up
// repairs) and errors (what makes the exit code 2), each once per cause, in plain words.
import { isSetupError } from '../../shared/errors'
import { LINK_LABELS } from '../../shared/link-state'
import { joinNames } from '../../shared/plain-list'
import type { CycleResult } from '../engine/poll/cycle'
import type { SaveFailure } from '../engine/storage/save-health'
import { asOfText, oneLine } from './format'

type Failure = CycleResult['failures'][number]

/** Failures with the same message (every request of an offline poll) are said once, naming each request. */
function byMessage(failures: readonly Failure[]): Map<string, Failure[]> {
  const out = new Map<string, Failure[]>()
  for (const f of failures) {
    const message = oneLine(f.error.message)
    out.set(message, [...(out.get(message) ?? []), f])
  }
  return out
}

/** The oldest cached stand-in of a group: the table is at least that fresh. */
function oldest(failures: readonly Failure[]): string | null {
  const times = failures.flatMap((f) => (f.fetchedAt === null ? [] : [f.fetchedAt])).sort()
  return times[0] ?? null
}

/** When every request of the poll failed for one cause alike, naming each one adds nothing. */
function whats(group: readonly Failure[], cycle: CycleResult): string | null {
  return cycle.outcome === 'failed' && group.length === cycle.failures.length
    ? null
    : joinNames(group.map((f) => f.what))
}

/** What stood in: this poll's bulk figures (nothing cached yet), or cached data from when. */
const from = (group: readonly Failure[]): string =>
  group.every((f) => f.bulkStandIn === true)
    ? `showing this poll’s bulk figures for them (${asOfText(oldest(group))}) instead`
    : `showing cached data from ${asOfText(oldest(group))}`

/** Failures by cause, those with bulk figures standing in apart from those with cached data. */
function byStandIn(failures: readonly Failure[]): [string, Failure[]][] {
  const bulk = (f: Failure): boolean => f.bulkStandIn === true
  return [...byMessage(failures.filter(bulk)), ...byMessage(failures.filter((f) => !bulk(f)))]
}

/**
 * Requests that failed while cached data stood in: one note per cause, saying from when, led by the
 * state in the app's own words (shared/link-state.ts): Offline when nothing could be refreshed,
 * Degraded when some requests failed and others succeeded, Rate-limited for a rate limit.
 */
export function cachedNotes(cycle: CycleResult): string[] {
  const covered = cycle.failures.filter((f) => f.fromCache && !isSetupError(f.error))
  return byStandIn(covered).map(([message, group]) => {
    const names = whats(group, cycle)
    const kind = group.every((f) => f.error.kind === 'rate-limited')
      ? 'rate-limited'
      : names === null
        ? 'offline'
        : 'degraded'
    const what = names === null ? 'nothing could be refreshed' : `${names} could not be refreshed`
    return `${LINK_LABELS[kind]} — ${what} (${message}); ${from(group)}.`
  })
}

/**
 * What makes the exit code 2, one error per cause: requests with nothing to stand in for them, and
 * a setup problem (the key) even where cached data stood in — waiting does not fix it.
 */
export function runErrors(cycle: CycleResult): string[] {
  const errs = cycle.failures.filter((f) => !f.fromCache || isSetupError(f.error))
  return [...byMessage(errs)].map(([message, group]) => {
    const names = whats(group, cycle)
    const cached = group.some((f) => f.fromCache) ? ` (${from(group)})` : ''
    return (names === null ? message : `${names}: ${message}`) + cached
  })
}

/** Runs act as successive polls only through the saved alert state: without it, none can confirm. */
export function alertStateLost(f: SaveFailure, dataDir: string): string {
  return (
    `the alert state could not be saved to ${f.path} (${f.reason}), so the next check starts ` +
    'again from the last state saved: a pending alert cannot be confirmed, and news found now is ' +
    'not notified (each run would notify it again; it is notified once the state can be saved). ' +
    `Make sure ${dataDir} can be written (free space, not read-only), or pass --data-dir with a ` +
    'folder that can.'
  )
}

/** A newer version's alert state is never written: no run can remember what it notified. */
export function alertStateKeptAsIs(f: { path: string; version: number }): string {
  return (
    `the alert state file ${f.path} was written by a newer version of Liquidity Watch (file ` +
    `version ${f.version}), so check left it as it is and cannot remember what it notifies: it ` +
    'sent nothing new, and a pending alert cannot be confirmed. Update Liquidity Watch to the ' +
    `newer version, or move ${f.path} aside to start afresh with this one.`
  )
}

/** Nothing to show: every request failed and no cached data stood in for any row. */
export function nothingToShow(cycle: CycleResult): boolean {
  return cycle.outcome === 'failed' && cycle.rows.every((r) => r.fetchedAt === null)
}
