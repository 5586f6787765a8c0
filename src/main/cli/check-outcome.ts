// What one `check` run tells its user besides the table: notes (cached data stood in, start-up
// repairs) and errors (what makes the exit code 2), each once per cause, in plain words.
import { joinNames } from '../../shared/plain-list'
import type { CycleResult } from '../engine/cycle'
import type { SaveFailure } from '../engine/save-health'
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

/** Requests that failed while cached data stood in: one note per cause, saying from when. */
export function cachedNotes(cycle: CycleResult): string[] {
  return [...byMessage(cycle.failures.filter((f) => f.fromCache))].map(([message, group]) => {
    const from = `showing cached data from ${asOfText(oldest(group))}`
    return `${whats(group, cycle) ?? 'Nothing'} could not be refreshed (${message}); ${from}.`
  })
}

/** Requests that failed with nothing to stand in for them: one error per cause. */
export function uncoveredErrors(cycle: CycleResult): string[] {
  return [...byMessage(cycle.failures.filter((f) => !f.fromCache))].map(([message, group]) => {
    const names = whats(group, cycle)
    return names === null ? message : `${names}: ${message}`
  })
}

/** Runs act as successive polls only through the saved alert state: without it, none can confirm. */
export function alertStateLost(f: SaveFailure, dataDir: string): string {
  return (
    `the alert state could not be saved to ${f.path} (${f.reason}), so the next check starts ` +
    'again from the last state saved: a pending alert cannot be confirmed and a firing one is ' +
    `reported as new each run. Make sure ${dataDir} can be written (free space, not read-only), ` +
    'or pass --data-dir with a folder that can.'
  )
}

/** Nothing to show: every request failed and no cached data stood in for any row. */
export function nothingToShow(cycle: CycleResult): boolean {
  return cycle.outcome === 'failed' && cycle.rows.every((r) => r.fetchedAt === null)
}
