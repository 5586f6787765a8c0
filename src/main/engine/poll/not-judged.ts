// What a tiered poll says on the row of a symbol it did not fetch: not judged, and why, when it
// could not screen it on the bulk series either (the bulk request failed, or its series is missing
// or stopped); and that its last full check failed, until its turn comes round again.
import { localWhen, type UtcOffset } from '../../../shared/local-time'
import { formatDuration } from '../alerts/text/format'
import type { DetailAttempts } from './detail-attempts'
import type { AssetType } from '../../../shared/liquidity-schemas'
import type { SymbolSnapshot } from './snapshot'
import type { FetchResult } from './fetch-types'

function why(
  s: SymbolSnapshot,
  stock: FetchResult['stock'],
  deferred: FetchResult['deferredNear'],
): string {
  const type = s.detail?.assetType as AssetType | undefined
  const bulk = type === undefined ? [...stock.values()] : [stock.get(type)]
  const failed = bulk.find((b) => b?.error != null)?.error
  if (failed) return `today's figures for all symbols could not be fetched (${failed.message})`
  if (deferred?.has(s.symbol) === true)
    return `its daily figures are near a rule, and more symbols are near one than a poll checks in full (they take turns, the longest-waiting first)`
  return `its daily figures cannot show whether every rule is met`
}

export function addNotJudged(
  findings: Record<string, string[]>,
  fetched: FetchResult,
  budget: number,
  now: Date,
  tz: UtcOffset,
): void {
  if (fetched.plan === null) return
  for (const s of fetched.snapshots) {
    if (fetched.plan.has(s.symbol) || (s.screen !== null && s.shownOnly !== true)) continue
    const age =
      s.detailFetchedAt === null
        ? 'it has not had a full check yet'
        : `its last full check was at ${localWhen(new Date(s.detailFetchedAt), now, tz)}`
    ;(findings[s.symbol] ??= []).push(
      `not checked this poll: ${why(s, fetched.stock, fetched.deferredNear)}, and only ${budget} symbols get a full check per poll; ${age}`,
    )
  }
}

/**
 * A symbol whose last detail request failed and that waits for its turn (tiered poll): its row
 * keeps saying what failed. `retryWithinMs` is the detail age bound, the longest the turn takes.
 */
export function addFailedAttempts(
  findings: Record<string, string[]>,
  fetched: FetchResult,
  attempts: DetailAttempts,
  retryWithinMs: number,
  now: Date,
  tz: UtcOffset,
): void {
  if (fetched.plan === null) return
  for (const s of fetched.snapshots) {
    const last = attempts.get(s.symbol)
    if (fetched.plan.has(s.symbol) || !last?.error) continue
    const at = localWhen(new Date(last.at), now, tz)
    const why = last.error.message.replace(/[.!?]?$/, '.')
    ;(findings[s.symbol] ??= []).push(
      `its last full check, at ${at}, failed: ${why} It is tried again within ${formatDuration(retryWithinMs)}.`,
    )
  }
}
