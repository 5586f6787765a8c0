// What one `check` run tells its user besides the table about its saved state, in plain words (the
// state of the link when requests fail: link-notes.ts).
import type { CycleResult } from '../engine/poll/cycle'
import type { SaveFailure } from '../engine/storage/save-health'

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
